-- Measurements, ingredients and prices: readable by every signed-in user, written only by the
-- service role, invisible to anon.
begin;
set local search_path = tests, public;
select plan(22);

select tests.create_user('alice');
insert into public.measurements (name) values ('test-unit');
insert into public.ingredients (name, protein, carbs, fats, calories, source, source_id)
values ('Test ingredient', 1, 2, 3, 40, 'AFCD', 'T-1');
insert into public.ingredient_prices (ingredient_id, coles_measure, coles_unit_price_current, coles_unit_price_past, price_date)
select id, '500g', 4.50, 4.00, date '2026-11-01' from public.ingredients where name = 'Test ingredient';

select tests.authenticate_as('alice');
select isnt_empty($$ select * from public.measurements where name = 'test-unit' $$, 'a user can read measurements');
select isnt_empty($$ select * from public.ingredients where name = 'Test ingredient' $$, 'a user can read ingredients');
select isnt_empty(
  $$ select * from public.ingredient_prices p join public.ingredients i on i.id = p.ingredient_id where i.name = 'Test ingredient' $$,
  'a user can read prices'
);

select throws_ok($$ insert into public.measurements (name) values ('mine') $$,
  '42501', 'new row violates row-level security policy for table "measurements"', 'a user cannot add measurements');
-- People add their own ingredients (15-kitchen.test.sql), never built-in ones.
select throws_ok($$ insert into public.ingredients (name, protein, carbs, fats, calories, source, source_id) values ('Mine', 0, 0, 0, 0, 'AFCD', 'x') $$,
  '23514', 'new row for relation "ingredients" violates check constraint "ingredients_source_check"', 'a user cannot add built-in ingredients');
select throws_ok($$ insert into public.ingredient_prices (ingredient_id, price_date) select id, current_date from public.ingredients limit 1 $$,
  '42501', 'new row violates row-level security policy for table "ingredient_prices"', 'a user cannot add prices');

select is_empty($$ update public.measurements set name = 'changed' where name = 'test-unit' returning id $$,
  'a user cannot change measurements');
select is_empty($$ update public.ingredients set calories = 0 where name = 'Test ingredient' returning id $$,
  'a user cannot change ingredients');
select is_empty($$ update public.ingredient_prices set coles_unit_price_current = 0.01 returning ingredient_id $$,
  'a user cannot change prices');

select is_empty($$ delete from public.measurements where name = 'test-unit' returning id $$,
  'a user cannot delete measurements');
select is_empty($$ delete from public.ingredients where name = 'Test ingredient' returning id $$,
  'a user cannot delete ingredients');
select is_empty($$ delete from public.ingredient_prices returning ingredient_id $$,
  'a user cannot delete prices');

select tests.authenticate_as_anon();
select is_empty('select * from public.measurements', 'anon cannot read measurements');
select is_empty('select * from public.ingredients', 'anon cannot read ingredients');
select is_empty('select * from public.ingredient_prices', 'anon cannot read prices');
select throws_ok($$ insert into public.ingredient_prices (ingredient_id, price_date) select 1, current_date $$,
  '42501', 'new row violates row-level security policy for table "ingredient_prices"', 'anon cannot add prices');
select is_empty($$ update public.ingredient_prices set coles_unit_price_current = 0.01 returning ingredient_id $$,
  'anon cannot change prices');

select tests.authenticate_as_service_role();
select lives_ok($$ insert into public.measurements (name) values ('service-unit') $$, 'the service role adds measurements');
select lives_ok(
  $$ update public.ingredient_prices set coles_unit_price_current = 4.95
     where ingredient_id = (select id from public.ingredients where name = 'Test ingredient') $$,
  'the service role updates prices'
);

select tests.clear_authentication();
select is(
  (select coles_unit_price_current from public.ingredient_prices p join public.ingredients i on i.id = p.ingredient_id where i.name = 'Test ingredient'),
  4.95::numeric(10, 2),
  'only the service role''s price change is stored'
);
select is((select count(*)::int from public.measurements where name in ('test-unit', 'service-unit')), 2,
  'measurements are unchanged by users and anon');
select is((select calories from public.ingredients where name = 'Test ingredient'), 40::numeric,
  'ingredients are unchanged by users');

select * from finish();
rollback;
