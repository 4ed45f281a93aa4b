-- One price record per ingredient: the pack each chain sells and its shelf price now and before.
-- Read by every signed-in user (and by price-recipe); written by the service role only.

create table public.ingredient_prices (
  ingredient_id bigint primary key references public.ingredients (id) on delete cascade,
  coles_measure text,
  woolworths_measure text,
  aldi_measure text,
  coles_unit_price_current numeric(10, 2) check (coles_unit_price_current >= 0),
  woolworths_unit_price_current numeric(10, 2) check (woolworths_unit_price_current >= 0),
  aldi_unit_price_current numeric(10, 2) check (aldi_unit_price_current >= 0),
  coles_unit_price_past numeric(10, 2) check (coles_unit_price_past >= 0),
  woolworths_unit_price_past numeric(10, 2) check (woolworths_unit_price_past >= 0),
  aldi_unit_price_past numeric(10, 2) check (aldi_unit_price_past >= 0),
  is_sample boolean not null default true,
  price_date date not null,
  updated_at timestamptz not null default now()
);

comment on table public.ingredient_prices is
  'Pack size and shelf price of an ingredient at Coles, Woolworths and Aldi (null where a chain does not stock it). Read-only to users.';
comment on column public.ingredient_prices.coles_measure is 'Pack measure text, e.g. 500g, 1L, 12 pack.';
comment on column public.ingredient_prices.coles_unit_price_current is 'Current shelf price in AUD of one pack of coles_measure.';
comment on column public.ingredient_prices.coles_unit_price_past is 'Earlier shelf price in AUD of one pack, for the change percentage.';
comment on column public.ingredient_prices.is_sample is 'True while the prices are illustrative sample prices rather than observed ones.';
comment on column public.ingredient_prices.price_date is 'The date the (sample) current prices were set.';

alter table public.ingredient_prices enable row level security;

create trigger set_updated_at
  before update on public.ingredient_prices
  for each row execute function private.set_updated_at();

create policy "Signed-in users can view ingredient prices"
  on public.ingredient_prices for select
  to authenticated
  using (true);
-- No insert, update or delete policies: prices are written by the service role only.
