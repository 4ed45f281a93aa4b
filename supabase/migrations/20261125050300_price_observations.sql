-- Dated shelf prices (issue 18), stored change-only as the public feeds store them: a row is one
-- price of a product at a store from `date` (its first day, Australia/Sydney) until `last_seen`
-- (its last day seen); the next row of that product and store starts when the price changed.
-- Written by the price import (service role); read by every signed-in user; anon reads nothing.

create table public.price_observations (
  id bigint generated always as identity primary key,
  product_id bigint not null references public.chain_products (id) on delete cascade,
  store text not null default 'online' check (store ~ '^[a-z0-9][a-z0-9-]{0,39}$'),
  date date not null check (date between '2000-01-01' and '2099-12-31'),
  last_seen date not null check (last_seen <= '2099-12-31'),
  price_cents integer not null check (price_cents between 0 and 10000000),
  was_cents integer check (was_cents <= 10000000),
  promo text check (
    promo in ('special', 'half-price', 'multibuy', 'price-drop', 'everyday-low', 'clearance', 'member')
  ),
  multibuy_qty smallint check (multibuy_qty between 2 and 99),
  multibuy_cents integer check (multibuy_cents between 1 and 10000000),
  in_stock boolean not null default true,
  source text not null check (source ~ '^[a-z0-9][a-z0-9._:-]{0,39}$'),
  quarantined boolean not null default false,
  -- Not a foreign key: the log is append-only, and a key check per row would cost an import of
  -- 100,000 rows more than the rest of its writes (bench/prices).
  import_id bigint,
  -- Also the index of the history reads (product, store, date order) and of product_id's key.
  constraint price_observations_product_store_date_key unique (product_id, store, date),
  constraint price_observations_seen_in_order check (last_seen >= date),
  constraint price_observations_was_above_price check (was_cents > price_cents),
  constraint price_observations_multibuy_whole check ((multibuy_qty is null) = (multibuy_cents is null))
);

comment on table public.price_observations is
  'Shelf prices per product and store, change-only: each row is one price from date until last_seen. Written by the price import (service role); read-only to users.';
comment on column public.price_observations.date is 'First day (Australia/Sydney) at this price.';
comment on column public.price_observations.last_seen is 'Last day this price was seen; the next row of the product and store starts when it changed.';
comment on column public.price_observations.price_cents is 'Shelf price of one pack (chain_products.pack_size), in whole cents.';
comment on column public.price_observations.was_cents is 'The "was" price the ticket displayed, if any; always above price_cents.';
comment on column public.price_observations.promo is 'Promotion kind: special, half-price, multibuy, price-drop, everyday-low, clearance, member.';
comment on column public.price_observations.multibuy_qty is 'A multibuy offer: multibuy_qty packs for multibuy_cents.';
comment on column public.price_observations.quarantined is
  'Kept but not used: at least 3x or at most 1/3 of the product''s 12-week median when it was imported (docs/price-feed.md).';
comment on column public.price_observations.import_id is 'The import that added the row (public.price_imports.id).';

alter table public.price_observations enable row level security;

create policy "Signed-in users can view price observations"
  on public.price_observations for select
  to authenticated
  using (true);
-- No insert, update or delete policies: the price import (service role) writes observations.
