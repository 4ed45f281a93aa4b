-- Real prices (issue 18): chain products, change-only price observations, the ingredient map and
-- the import log. Everyone signed in reads them; only the service role (the import) writes them;
-- anon reads nothing. The import's functions are the service role's; the constraints hold the
-- feed format's rules; an applied import derives ingredient_prices and quarantines outliers.
begin;
set local search_path = tests, public;
select plan(60);

select tests.create_user('alice');

-- Rows written as the table owner, as the seed and a migration would.
insert into public.chain_products (chain, sku, name, pack_size, pack_unit, first_seen, last_seen, source)
values ('coles', 'PG-1', 'Test oats 900g', 900, 'g', '2026-10-01', '2026-11-01', 'test'),
       ('aldi', 'PG-2', 'Test milk 2L', 2000, 'mL', '2026-10-01', '2026-11-01', 'test');
insert into public.price_observations (product_id, date, last_seen, price_cents, source)
select id, '2026-10-01', '2026-11-01', 350, 'test' from public.chain_products where sku = 'PG-1';
insert into public.ingredient_products (ingredient_id, product_id, chain, match, source)
select i.id, p.id, p.chain, 'manual', 'test'
from public.ingredients i, public.chain_products p where i.name = 'sunflower seed' and p.sku = 'PG-1';
insert into public.price_imports (checksum, files, formats, rows_read, imported_by)
values (repeat('0', 64), array['test.csv'], array['larder-csv'], 3, 'pgtap');

select ok(
  (select bool_and(c.relrowsecurity) from pg_class c
   where c.oid in ('public.chain_products'::regclass, 'public.price_observations'::regclass,
                   'public.ingredient_products'::regclass, 'public.price_imports'::regclass)),
  'the four price tables have row-level security enabled'
);

-- Signed in: reads everything, writes nothing.
select tests.authenticate_as('alice');
select isnt_empty($$ select * from public.chain_products where sku = 'PG-1' $$, 'a user reads chain products');
select isnt_empty($$ select * from public.price_observations where source = 'test' $$, 'a user reads price observations');
select isnt_empty($$ select * from public.ingredient_products where source = 'test' $$, 'a user reads ingredient matches');
select isnt_empty($$ select * from public.price_imports where imported_by = 'pgtap' $$, 'a user reads the import log');

select throws_ok(
  $$ insert into public.chain_products (chain, sku, name, pack_size, pack_unit, first_seen, last_seen, source)
     values ('coles', 'MINE', 'Mine', 1, 'g', current_date, current_date, 'me') $$,
  '42501', 'new row violates row-level security policy for table "chain_products"', 'a user cannot add products');
select throws_ok(
  $$ insert into public.price_observations (product_id, date, last_seen, price_cents, source)
     select id, current_date, current_date, 1, 'me' from public.chain_products where sku = 'PG-1' $$,
  '42501', 'new row violates row-level security policy for table "price_observations"', 'a user cannot add prices');
select throws_ok(
  $$ insert into public.ingredient_products (ingredient_id, product_id, chain, match, source)
     select i.id, p.id, p.chain, 'manual', 'me' from public.ingredients i, public.chain_products p
     where i.name = 'salt' and p.sku = 'PG-1' $$,
  '42501', 'new row violates row-level security policy for table "ingredient_products"', 'a user cannot add matches');
select throws_ok(
  $$ insert into public.price_imports (checksum, files, formats, rows_read, imported_by)
     values (repeat('1', 64), array['x'], array['sample'], 0, 'me') $$,
  '42501', 'new row violates row-level security policy for table "price_imports"', 'a user cannot write the import log');
select is_empty($$ update public.price_observations set price_cents = 1 returning id $$, 'a user cannot change prices');
select is_empty($$ update public.chain_products set name = 'changed' returning id $$, 'a user cannot change products');
select is_empty($$ update public.ingredient_products set preferred = false returning product_id $$,
  'a user cannot change matches');
select is_empty($$ update public.price_imports set rows_added = 0 returning id $$, 'a user cannot change the log');
select is_empty($$ delete from public.price_observations returning id $$, 'a user cannot delete prices');
select is_empty($$ delete from public.chain_products returning id $$, 'a user cannot delete products');
select is_empty($$ delete from public.ingredient_products returning product_id $$, 'a user cannot delete matches');
select is_empty($$ delete from public.price_imports returning id $$, 'a user cannot delete the log');

select throws_ok($$ select public.stage_price_rows('{"batch": "00000000-0000-4000-8000-000000000001", "kind": "prices", "rows": []}') $$,
  '42501', 'permission denied for function stage_price_rows', 'a user cannot stage an import');
select throws_ok($$ select public.apply_price_import('00000000-0000-4000-8000-000000000001', repeat('2', 64), array['x'], array['sample'], 0, 0, 'me') $$,
  '42501', 'permission denied for function apply_price_import', 'a user cannot apply an import');
select throws_ok($$ select public.refresh_ingredient_prices() $$,
  '42501', 'permission denied for function refresh_ingredient_prices', 'a user cannot rewrite ingredient_prices');
select throws_ok($$ select public.discard_price_import('00000000-0000-4000-8000-000000000001') $$,
  '42501', 'permission denied for function discard_price_import', 'a user cannot discard an import');
select throws_ok($$ select * from price_import.prices $$,
  '42501', 'permission denied for schema price_import', 'a user cannot see staged rows');
select is(
  (select count(*)::int from public.price_history((select id from public.chain_products where sku = 'PG-1'), '2026-11-01')),
  1, 'a user reads a product''s price history');
select is(
  (select array_agg(distinct as_of) from public.price_histories(array(select id from public.chain_products where sku = 'PG-1'), '2026-11-20')),
  array['2026-11-01'::date], 'price_histories judges a product not seen lately on the day it was last seen');
select is(
  (select count(*)::int from public.price_histories(array(select id from public.chain_products where sku like 'PG-%'), '2026-10-20')),
  1, 'price_histories reads the spans of every product asked for (PG-2 has none)');
select is(
  (select count(*)::int from public.price_histories(array[null, -1]::bigint[])),
  0, 'unknown ids and nulls give no rows');
select throws_ok($$ select * from public.price_histories(array(select generate_series(1, 301)::bigint)) $$,
  '22023', 'price_histories reads at most 300 products at once, not 301', 'at most 300 products in one read');
select is(
  (select array_agg(sku order by sku) from public.stale_chain_products('2026-11-09') where sku like 'PG-%'),
  array['PG-1', 'PG-2'], 'products unseen for more than 7 days are stale');
select is_empty($$ select * from public.stale_chain_products('2026-11-08') where sku like 'PG-%' $$,
  'a product last seen 7 days ago is not stale yet');

-- Signed out: nothing.
select tests.authenticate_as_anon();
select is_empty('select * from public.chain_products', 'anon reads no products');
select is_empty('select * from public.price_observations', 'anon reads no prices');
select is_empty('select * from public.ingredient_products', 'anon reads no matches');
select is_empty('select * from public.price_imports', 'anon reads no import log');
select throws_ok(
  $$ insert into public.price_imports (checksum, files, formats, rows_read, imported_by)
     values (repeat('1', 64), array['x'], array['sample'], 0, 'anon') $$,
  '42501', 'new row violates row-level security policy for table "price_imports"', 'anon cannot write the import log');
select throws_ok($$ select * from public.price_history(1) $$,
  '42501', 'permission denied for function price_history', 'anon cannot read price histories');
select throws_ok($$ select * from public.price_histories(array[1]::bigint[]) $$,
  '42501', 'permission denied for function price_histories', 'anon cannot read price histories in bulk');
select throws_ok($$ select public.stage_price_rows('{}') $$,
  '42501', 'permission denied for function stage_price_rows', 'anon cannot stage an import');

-- Constraints: the feed's rules, held by the database.
select tests.clear_authentication();
select throws_ok($$ insert into public.price_observations (product_id, date, last_seen, price_cents, source)
  select id, '2026-11-02', '2026-11-02', -3, 'test' from public.chain_products where sku = 'PG-1' $$,
  '23514', null, 'a price is at least 0 cents');
select throws_ok($$ insert into public.price_observations (product_id, date, last_seen, price_cents, was_cents, source)
  select id, '2026-11-02', '2026-11-02', 350, 350, 'test' from public.chain_products where sku = 'PG-1' $$,
  '23514', null, 'a was-price is above the price');
select throws_ok($$ insert into public.price_observations (product_id, date, last_seen, price_cents, multibuy_qty, source)
  select id, '2026-11-02', '2026-11-02', 350, 2, 'test' from public.chain_products where sku = 'PG-1' $$,
  '23514', null, 'a multibuy has a quantity and a price');
select throws_ok($$ insert into public.price_observations (product_id, date, last_seen, price_cents, source)
  select id, '2026-11-02', '2026-11-01', 350, 'test' from public.chain_products where sku = 'PG-1' $$,
  '23514', null, 'a span is last seen on or after its first day');
select throws_ok($$ insert into public.price_observations (product_id, date, last_seen, price_cents, promo, source)
  select id, '2026-11-02', '2026-11-02', 350, 'sale', 'test' from public.chain_products where sku = 'PG-1' $$,
  '23514', null, 'a promotion is one of the known kinds');
select throws_ok($$ insert into public.price_observations (product_id, date, last_seen, price_cents, source)
  select id, '2026-10-01', '2026-10-01', 360, 'test' from public.chain_products where sku = 'PG-1' $$,
  '23505', null, 'one row per product, store and first day');
select throws_ok($$ insert into public.chain_products (chain, sku, name, pack_size, pack_unit, first_seen, last_seen, source)
  values ('coles', 'PG-3', 'Oats', 1, 'kg', current_date, current_date, 'test') $$,
  '23514', null, 'a pack unit is g, mL or each');
select throws_ok($$ insert into public.chain_products (chain, sku, name, pack_size, pack_unit, sold_loose, first_seen, last_seen, source)
  values ('coles', 'PG-3', 'Milk', 2000, 'mL', true, current_date, current_date, 'test') $$,
  '23514', null, 'only goods weighed in grams are sold loose');
select throws_ok($$ insert into public.chain_products (chain, sku, name, pack_size, pack_unit, first_seen, last_seen, source)
  values ('coles', 'PG-3', 'Oats', 'NaN', 'g', current_date, current_date, 'test') $$,
  '23514', null, 'a pack size is a number above 0');
select throws_ok($$ insert into public.chain_products (chain, sku, name, pack_size, pack_unit, first_seen, last_seen, source)
  values ('coles', 'PG 3', 'Oats', 1, 'g', current_date, current_date, 'test') $$,
  '23514', null, 'a SKU is letters, digits, . _ or -');
select throws_ok($$ insert into public.chain_products (chain, sku, name, pack_size, pack_unit, first_seen, last_seen, source)
  values ('coles', 'PG-1', 'Again', 1, 'g', current_date, current_date, 'test') $$,
  '23505', null, 'one product per chain and SKU');
select throws_ok($$ insert into public.ingredient_products (ingredient_id, product_id, chain, preferred, match, source)
  select i.id, p.id, 'woolworths', false, 'manual', 'test' from public.ingredients i, public.chain_products p
  where i.name = 'salt' and p.sku = 'PG-1' $$,
  '23503', null, 'a match''s chain is its product''s');
insert into public.chain_products (chain, sku, name, pack_size, pack_unit, first_seen, last_seen, source)
values ('coles', 'PG-4', 'Other oats 1kg', 1000, 'g', '2026-10-01', '2026-11-01', 'test');
select throws_ok($$ insert into public.ingredient_products (ingredient_id, product_id, chain, match, source)
  select i.id, p.id, p.chain, 'name', 'test' from public.ingredients i, public.chain_products p
  where i.name = 'sunflower seed' and p.sku = 'PG-4' $$,
  '23505', null, 'one preferred product per ingredient and chain');
select lives_ok($$ insert into public.ingredient_products (ingredient_id, product_id, chain, preferred, match, source)
  select i.id, p.id, p.chain, false, 'name', 'test' from public.ingredients i, public.chain_products p
  where i.name = 'sunflower seed' and p.sku = 'PG-4' $$,
  'more products may stand for an ingredient, not preferred');

-- The service role imports: staged, applied, derived, quarantined.
select tests.authenticate_as_service_role();
select is(
  public.stage_price_rows(jsonb_build_object('batch', '00000000-0000-4000-8000-0000000000aa', 'kind', 'prices',
    'rows', (select jsonb_agg(jsonb_build_array('prices.csv line ' || (w + 2), 'coles', 'PG-1',
        date '2026-07-01' + 7 * w, case when w = 12 then 4000 when w >= 14 then 380 else 400 end, 'test',
        date '2026-07-01' + 7 * w + 6) order by w)
      from generate_series(0, 15) as w))),
  16, 'the service role stages a chunk');
select is(
  (public.apply_price_import('00000000-0000-4000-8000-0000000000aa', repeat('a', 64), array['prices.csv'],
    array['larder-csv'], 16, 16, 'pgtap') ->> 'rows_quarantined')::int,
  1, 'the service role applies it; a price 10x the 12-week median is quarantined');
select is(
  (select array_agg(price_cents::text || case when quarantined then 'q' else '' end order by date)
   from public.price_observations o join public.chain_products p on p.id = o.product_id where p.sku = 'PG-1'),
  array['400', '4000q', '400', '350', '380'],
  'weekly prices are folded into change-only spans around the stored one, the outlier kept but flagged');
select is(
  (select row(coles_measure, coles_unit_price_current, coles_unit_price_past)::text from public.ingredient_prices ip
   join public.ingredients i on i.id = ip.ingredient_id where i.name = 'sunflower seed'),
  row('900g', 3.80::numeric(10, 2), 4.00::numeric(10, 2))::text,
  'ingredient_prices is derived from the preferred product''s newest price and its price 28 days earlier');
select is(
  (select coles_loose from public.ingredient_prices ip join public.ingredients i on i.id = ip.ingredient_id
   where i.name = 'sunflower seed'),
  false, 'a bag is not loose');
update public.chain_products set sold_loose = true where sku = 'PG-1';
select is(public.refresh_ingredient_prices(array(select id from public.ingredients where name = 'sunflower seed')),
  1, 'a product now sold loose changes its ingredient''s prices');
select is(
  (select coles_loose from public.ingredient_prices ip join public.ingredients i on i.id = ip.ingredient_id
   where i.name = 'sunflower seed'),
  true, 'a product sold loose by weight makes its chain''s price loose (ingredient_prices.coles_loose)');
select is_empty($$ select * from price_import.prices where batch = '00000000-0000-4000-8000-0000000000aa' $$,
  'an applied batch leaves nothing staged');
select is((select imported_by from public.price_imports where checksum = repeat('a', 64)), 'pgtap', 'the import is logged');

select * from finish();
rollback;
