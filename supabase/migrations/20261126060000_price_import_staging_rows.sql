-- Faster staging of price imports (issue 18, import performance; docs/price-feed.md). A chunk now
-- carries its rows as JSON arrays of values in a fixed column order (shared/shelf-prices/
-- stage-rows.ts STAGE_COLUMNS), read with one jsonb_array_elements pass instead of a sorted
-- array per column, and the staging tables are unlogged: staged rows are throw-away (an import
-- that dies half-way is re-run), so writing them to the WAL bought nothing. The columnar form
-- of 20261125050500 is no longer read.

-- Each staged row still has its identity key (a table without one is an advisor finding), drawn
-- from a cache of 1,000 numbers at a time rather than one sequence call per row.
alter table price_import.products alter column id set cache 1000;
alter table price_import.prices alter column id set cache 1000;
alter table price_import.ingredient_products alter column id set cache 1000;
alter table price_import.products set unlogged;
alter table price_import.prices set unlogged;
alter table price_import.ingredient_products set unlogged;

drop function price_import.texts(jsonb);

/**
 * Stages one chunk of a price import: `{"batch": uuid, "kind": "products" | "prices" |
 * "ingredient_products", "rows": [[at, value, …], …]}`, each row its `at` (file and line, for
 * errors) and then its values in this order (trailing ones left out are null; null is "not
 * given", and the column's default where it has one):
 *   products: chain, sku, name, pack_size, pack_unit, source, store, brand, pack_text,
 *     sold_loose, grams_each, barcode, first_seen, last_seen
 *   prices: chain, sku, date, price_cents, source, last_seen, store, was_cents, promo,
 *     multibuy_qty, multibuy_cents, in_stock
 *   ingredient_products: ingredient, chain, sku, match, source, preferred, reviewed_on
 * Sent by the import as the whole request body (a single unnamed jsonb parameter, as PostgREST
 * passes it). Returns the number of rows staged; nothing is visible until
 * public.apply_price_import applies the batch. Service role only.
 */
create or replace function public.stage_price_rows(jsonb)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  chunk alias for $1;
  v_batch uuid := (chunk ->> 'batch')::uuid;
  v_rows jsonb := chunk -> 'rows';
  staged integer;
begin
  if v_batch is null or pg_catalog.jsonb_typeof(v_rows) is distinct from 'array' then
    raise exception 'stage_price_rows needs {"batch": uuid, "kind": …, "rows": [[at, …], …]}' using errcode = '22023';
  end if;
  case chunk ->> 'kind'
    when 'products' then
      insert into price_import.products (batch, at, chain, sku, name, pack_size, pack_unit, source, store, brand,
        pack_text, sold_loose, grams_each, barcode, first_seen, last_seen)
      select v_batch, r ->> 0, r ->> 1, r ->> 2, r ->> 3, (r ->> 4)::numeric, r ->> 5, r ->> 6,
        coalesce(r ->> 7, 'online'), r ->> 8, r ->> 9, coalesce((r ->> 10)::boolean, false), (r ->> 11)::numeric,
        r ->> 12, (r ->> 13)::date, (r ->> 14)::date
      from pg_catalog.jsonb_array_elements(v_rows) as r;
    when 'prices' then
      insert into price_import.prices (batch, at, chain, sku, date, price_cents, source, last_seen, store,
        was_cents, promo, multibuy_qty, multibuy_cents, in_stock)
      select v_batch, r ->> 0, r ->> 1, r ->> 2, (r ->> 3)::date, (r ->> 4)::integer, r ->> 5, (r ->> 6)::date,
        coalesce(r ->> 7, 'online'), (r ->> 8)::integer, r ->> 9, (r ->> 10)::smallint, (r ->> 11)::integer,
        coalesce((r ->> 12)::boolean, true)
      from pg_catalog.jsonb_array_elements(v_rows) as r;
    when 'ingredient_products' then
      insert into price_import.ingredient_products (batch, at, ingredient, chain, sku, match, source, preferred,
        reviewed_on)
      select v_batch, r ->> 0, r ->> 1, r ->> 2, r ->> 3, r ->> 4, r ->> 5, coalesce((r ->> 6)::boolean, true),
        (r ->> 7)::date
      from pg_catalog.jsonb_array_elements(v_rows) as r;
    else
      raise exception 'stage_price_rows: unknown kind %', coalesce(chunk ->> 'kind', 'null') using errcode = '22023';
  end case;
  get diagnostics staged = row_count;
  return staged;
end;
$$;

comment on function public.stage_price_rows(jsonb) is
  'Stages one chunk (≤ 1 MiB) of a price import in price_import, each row a JSON array of values; public.apply_price_import applies the batch. Service role only.';
