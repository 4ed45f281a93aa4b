-- Products as each chain sells them (issue 18): one row per chain and SKU, with the pack its
-- prices are for. Written by the price import (the service role, public.apply_price_import);
-- read by every signed-in user; anon reads nothing. The limits are those of the feed format
-- (shared/shelf-prices/feed.ts FEED_LIMITS, docs/price-feed.md).

create table public.chain_products (
  id bigint generated always as identity primary key,
  chain text not null check (chain in ('coles', 'woolworths', 'aldi')),
  sku text not null check (sku ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$'),
  name text not null check (char_length(btrim(name)) between 1 and 200),
  brand text check (char_length(brand) between 1 and 80),
  pack_size numeric(12, 3) not null check (pack_size > 0 and pack_size <= 1000000),
  pack_unit text not null check (pack_unit in ('g', 'mL', 'each')),
  pack_text text check (char_length(pack_text) between 1 and 40),
  sold_loose boolean not null default false,
  grams_each numeric(10, 3) check (grams_each > 0 and grams_each <= 100000),
  barcode text check (barcode ~ '^([0-9]{8}|[0-9]{12,14})$'),
  store text not null default 'online' check (store ~ '^[a-z0-9][a-z0-9-]{0,39}$'),
  first_seen date not null check (first_seen between '2000-01-01' and '2099-12-31'),
  last_seen date not null check (last_seen between '2000-01-01' and '2099-12-31'),
  source text not null check (source ~ '^[a-z0-9][a-z0-9._:-]{0,39}$'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint chain_products_chain_sku_key unique (chain, sku),
  -- The target of ingredient_products' (product_id, chain) key, which keeps a mapping's chain
  -- that of its product.
  constraint chain_products_id_chain_key unique (id, chain),
  constraint chain_products_seen_in_order check (last_seen >= first_seen),
  constraint chain_products_loose_by_weight check (not sold_loose or pack_unit = 'g'),
  constraint chain_products_grams_each_counted check (grams_each is null or pack_unit = 'each')
);

comment on table public.chain_products is
  'Products per chain (coles, woolworths, aldi) and SKU with the pack their prices are for. Written by the price import (service role); read-only to users.';
comment on column public.chain_products.sku is 'The chain''s own product id.';
comment on column public.chain_products.pack_size is 'Size of the pack the price is for, in pack_unit (grams, millilitres or items).';
comment on column public.chain_products.pack_text is 'The pack as the ticket writes it, e.g. 6 x 375mL.';
comment on column public.chain_products.sold_loose is 'Sold loose by weight: the shelf shows a price per kg.';
comment on column public.chain_products.grams_each is 'Grams per item of a product sold by count, where recipes weigh it (eggs, avocados).';
comment on column public.chain_products.barcode is 'GTIN-8, -12, -13 or -14, when known.';
comment on column public.chain_products.store is 'The store the product was seen at; online for the chain''s online shop (the public feeds).';
comment on column public.chain_products.first_seen is 'First day (Australia/Sydney) a feed listed the product.';
comment on column public.chain_products.last_seen is 'Last day a feed listed it. Products missing from newer feeds are never deleted; see public.stale_chain_products.';
comment on column public.chain_products.source is 'Where the row came from: hotprices-au, aldi-search, sample, or a feed''s own source.';

alter table public.chain_products enable row level security;

create trigger set_updated_at
  before update on public.chain_products
  for each row execute function private.set_updated_at();

create policy "Signed-in users can view chain products"
  on public.chain_products for select
  to authenticated
  using (true);
-- No insert, update or delete policies: the price import (service role) writes products.
