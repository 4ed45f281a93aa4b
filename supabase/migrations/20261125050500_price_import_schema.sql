-- Where a price import waits until it is applied, and the helpers it runs (issue 18). The Data
-- API takes request bodies of up to 1 MiB, so `npm run prices:import` sends a feed in chunks
-- (public.stage_price_rows) and then applies all of it in one transaction
-- (public.apply_price_import). Staged rows are invisible to the app: the schema is not exposed
-- by the API and only the service role may use it (the import's functions run as the service
-- role, which has no usage on `private`). A batch is deleted when it is applied or discarded,
-- and any batch left behind for a day (an import that died half-way) by the next import.

create schema if not exists price_import;
comment on schema price_import is
  'The price import''s working area: rows waiting to be applied and the helpers the import runs; service role only, not exposed by the API.';

revoke all on schema price_import from public;
grant usage on schema price_import to service_role;

/** Products of a batch, as the feed gave them (shared/shelf-prices/feed.ts FeedProduct). */
create table price_import.products (
  id bigint generated always as identity primary key,
  batch uuid not null,
  at text not null,
  chain text not null,
  sku text not null,
  name text not null,
  brand text,
  pack_size numeric not null,
  pack_unit text not null,
  pack_text text,
  sold_loose boolean not null default false,
  grams_each numeric,
  barcode text,
  store text not null default 'online',
  first_seen date,
  last_seen date,
  source text not null,
  staged_at timestamptz not null default now()
);
comment on table price_import.products is 'Products of a price import not yet applied; `at` names the row (file and line) for errors.';

/** Prices of a batch, already folded into spans by the client (shared collapsePrices). */
create table price_import.prices (
  id bigint generated always as identity primary key,
  batch uuid not null,
  at text not null,
  chain text not null,
  sku text not null,
  store text not null default 'online',
  date date not null,
  last_seen date,
  price_cents integer not null,
  was_cents integer,
  promo text,
  multibuy_qty smallint,
  multibuy_cents integer,
  in_stock boolean not null default true,
  source text not null,
  staged_at timestamptz not null default now()
);
comment on table price_import.prices is 'Prices of a price import not yet applied; `at` names the row (file and line) for errors.';

/** Ingredient-to-product mappings of a batch. */
create table price_import.ingredient_products (
  id bigint generated always as identity primary key,
  batch uuid not null,
  at text not null,
  ingredient text not null,
  chain text not null,
  sku text not null,
  preferred boolean not null default true,
  match text not null,
  reviewed_on date,
  source text not null,
  staged_at timestamptz not null default now()
);
comment on table price_import.ingredient_products is 'Ingredient mappings of a price import not yet applied.';
-- No index on batch: staging holds little more than the batch being applied, which is read
-- whole, and every index would be written once per staged row.

grant select, insert, delete on all tables in schema price_import to service_role;

/** The elements of a JSON array as text, in order (an empty array for anything else). */
create function price_import.texts(items jsonb)
returns text[]
language sql
immutable
set search_path = ''
as $$
  select coalesce(array_agg(t.value order by t.n), '{}')
  from pg_catalog.jsonb_array_elements_text(case when pg_catalog.jsonb_typeof(items) = 'array' then items end)
    with ordinality as t(value, n)
$$;

comment on function price_import.texts(jsonb) is 'The elements of a JSON array as a text array, in order; empty for anything else.';

/**
 * Stages one chunk of a price import: `{"batch": uuid, "kind": "products" | "prices" |
 * "ingredient_products", "rows": {"at": ["prices.csv line 12", …], "<column>": [values…], …}}`,
 * the rows column by column (half the bytes of one object per row; a column left out is null,
 * or its default, for every row). Sent by the import as the whole request body: a single
 * unnamed jsonb parameter, as PostgREST passes it. Returns the number of rows staged. Nothing
 * is visible until public.apply_price_import applies the batch. Service role only.
 */
create function public.stage_price_rows(jsonb)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  chunk alias for $1;
  v_batch uuid := (chunk ->> 'batch')::uuid;
  c jsonb := chunk -> 'rows';
  staged integer;
begin
  if v_batch is null or pg_catalog.jsonb_typeof(c) is distinct from 'object' then
    raise exception 'stage_price_rows needs {"batch": uuid, "kind": …, "rows": {"at": [...], …}}' using errcode = '22023';
  end if;
  case chunk ->> 'kind'
    when 'products' then
      insert into price_import.products (batch, at, chain, sku, name, brand, pack_size, pack_unit, pack_text,
        sold_loose, grams_each, barcode, store, first_seen, last_seen, source)
      select v_batch, r.at, r.chain, r.sku, r.name, r.brand, r.pack_size::numeric, r.pack_unit, r.pack_text,
        coalesce(r.sold_loose::boolean, false), r.grams_each::numeric, r.barcode, coalesce(r.store, 'online'),
        r.first_seen::date, r.last_seen::date, r.source
      from rows from (
        pg_catalog.unnest(price_import.texts(c -> 'at')),
        pg_catalog.unnest(price_import.texts(c -> 'chain')),
        pg_catalog.unnest(price_import.texts(c -> 'sku')),
        pg_catalog.unnest(price_import.texts(c -> 'name')),
        pg_catalog.unnest(price_import.texts(c -> 'brand')),
        pg_catalog.unnest(price_import.texts(c -> 'pack_size')),
        pg_catalog.unnest(price_import.texts(c -> 'pack_unit')),
        pg_catalog.unnest(price_import.texts(c -> 'pack_text')),
        pg_catalog.unnest(price_import.texts(c -> 'sold_loose')),
        pg_catalog.unnest(price_import.texts(c -> 'grams_each')),
        pg_catalog.unnest(price_import.texts(c -> 'barcode')),
        pg_catalog.unnest(price_import.texts(c -> 'store')),
        pg_catalog.unnest(price_import.texts(c -> 'first_seen')),
        pg_catalog.unnest(price_import.texts(c -> 'last_seen')),
        pg_catalog.unnest(price_import.texts(c -> 'source'))
      ) as r(at, chain, sku, name, brand, pack_size, pack_unit, pack_text, sold_loose, grams_each, barcode, store,
        first_seen, last_seen, source);
    when 'prices' then
      insert into price_import.prices (batch, at, chain, sku, store, date, last_seen, price_cents, was_cents,
        promo, multibuy_qty, multibuy_cents, in_stock, source)
      select v_batch, r.at, r.chain, r.sku, coalesce(r.store, 'online'), r.date::date, r.last_seen::date,
        r.price_cents::integer, r.was_cents::integer, r.promo, r.multibuy_qty::smallint, r.multibuy_cents::integer,
        coalesce(r.in_stock::boolean, true), r.source
      from rows from (
        pg_catalog.unnest(price_import.texts(c -> 'at')),
        pg_catalog.unnest(price_import.texts(c -> 'chain')),
        pg_catalog.unnest(price_import.texts(c -> 'sku')),
        pg_catalog.unnest(price_import.texts(c -> 'store')),
        pg_catalog.unnest(price_import.texts(c -> 'date')),
        pg_catalog.unnest(price_import.texts(c -> 'last_seen')),
        pg_catalog.unnest(price_import.texts(c -> 'price_cents')),
        pg_catalog.unnest(price_import.texts(c -> 'was_cents')),
        pg_catalog.unnest(price_import.texts(c -> 'promo')),
        pg_catalog.unnest(price_import.texts(c -> 'multibuy_qty')),
        pg_catalog.unnest(price_import.texts(c -> 'multibuy_cents')),
        pg_catalog.unnest(price_import.texts(c -> 'in_stock')),
        pg_catalog.unnest(price_import.texts(c -> 'source'))
      ) as r(at, chain, sku, store, date, last_seen, price_cents, was_cents, promo, multibuy_qty, multibuy_cents,
        in_stock, source);
    when 'ingredient_products' then
      insert into price_import.ingredient_products (batch, at, ingredient, chain, sku, preferred, match,
        reviewed_on, source)
      select v_batch, r.at, r.ingredient, r.chain, r.sku, coalesce(r.preferred::boolean, true), r.match,
        r.reviewed_on::date, r.source
      from rows from (
        pg_catalog.unnest(price_import.texts(c -> 'at')),
        pg_catalog.unnest(price_import.texts(c -> 'ingredient')),
        pg_catalog.unnest(price_import.texts(c -> 'chain')),
        pg_catalog.unnest(price_import.texts(c -> 'sku')),
        pg_catalog.unnest(price_import.texts(c -> 'preferred')),
        pg_catalog.unnest(price_import.texts(c -> 'match')),
        pg_catalog.unnest(price_import.texts(c -> 'reviewed_on')),
        pg_catalog.unnest(price_import.texts(c -> 'source'))
      ) as r(at, ingredient, chain, sku, preferred, match, reviewed_on, source);
    else
      raise exception 'stage_price_rows: unknown kind %', coalesce(chunk ->> 'kind', 'null') using errcode = '22023';
  end case;
  get diagnostics staged = row_count;
  return staged;
end;
$$;

comment on function public.stage_price_rows(jsonb) is
  'Stages one chunk (≤ 1 MiB) of a price import in price_import; public.apply_price_import applies the batch. Service role only.';

/** Drops a batch that will not be applied (the import failed); returns the rows dropped. */
create function public.discard_price_import(p_batch uuid)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  n integer;
  dropped integer := 0;
begin
  delete from price_import.products where batch = p_batch;
  get diagnostics n = row_count;
  dropped := dropped + n;
  delete from price_import.prices where batch = p_batch;
  get diagnostics n = row_count;
  dropped := dropped + n;
  delete from price_import.ingredient_products where batch = p_batch;
  get diagnostics n = row_count;
  return dropped + n;
end;
$$;

comment on function public.discard_price_import(uuid) is 'Drops the staged rows of a price import that failed. Service role only.';

-- Supabase grants every new function in public to anon and authenticated; these are the import's.
revoke execute on function public.stage_price_rows(jsonb) from public, anon, authenticated;
revoke execute on function public.discard_price_import(uuid) from public, anon, authenticated;
grant execute on function public.stage_price_rows(jsonb) to service_role;
grant execute on function public.discard_price_import(uuid) to service_role;
