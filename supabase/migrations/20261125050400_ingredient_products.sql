-- The map from Larder ingredients to chain products (issue 18): which products stand for an
-- ingredient at each chain, the preferred one pricing it in ingredient_prices, how it was matched
-- and when a person last reviewed it. Written by the price import (service role); read by every
-- signed-in user; anon reads nothing.

create table public.ingredient_products (
  ingredient_id bigint not null references public.ingredients (id) on delete cascade,
  product_id bigint not null,
  chain text not null check (chain in ('coles', 'woolworths', 'aldi')),
  preferred boolean not null default true,
  match text not null check (match in ('manual', 'barcode', 'name')),
  reviewed_on date check (reviewed_on between '2000-01-01' and '2099-12-31'),
  source text not null check (source ~ '^[a-z0-9][a-z0-9._:-]{0,39}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (ingredient_id, product_id),
  -- The mapping's chain is its product's.
  constraint ingredient_products_product_fkey foreign key (product_id, chain)
    references public.chain_products (id, chain) on delete cascade
);

comment on table public.ingredient_products is
  'Which chain products stand for an ingredient; the preferred one per chain prices it (public.refresh_ingredient_prices). Written by the price import (service role); read-only to users.';
comment on column public.ingredient_products.chain is 'The product''s chain (kept equal by the foreign key on (product_id, chain)).';
comment on column public.ingredient_products.preferred is 'The product that prices the ingredient at its chain: at most one per ingredient and chain.';
comment on column public.ingredient_products.match is 'How the product was matched: manual (a person chose it), barcode, or name.';
comment on column public.ingredient_products.reviewed_on is 'When a person last checked the match; null if never.';

create index ingredient_products_product_id_chain_idx on public.ingredient_products (product_id, chain);
create unique index ingredient_products_one_preferred_idx on public.ingredient_products (ingredient_id, chain)
  where preferred;

alter table public.ingredient_products enable row level security;

create trigger set_updated_at
  before update on public.ingredient_products
  for each row execute function private.set_updated_at();

create policy "Signed-in users can view ingredient product matches"
  on public.ingredient_products for select
  to authenticated
  using (true);
-- No insert, update or delete policies: the price import (service role) writes the map.
