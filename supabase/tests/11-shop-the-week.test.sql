-- Shop the week: portions per meal, the plan's shopping lines written again without duplicates
-- or touching what the person changed, the saving setting on the profile (its owner's alone),
-- and neither function for anon.
begin;
set local search_path = tests, public;
select plan(44);

select tests.create_user('alice');
select tests.create_user('bob');
insert into public.shopping (user_id, name, quantity, plan_key, plan_quantity)
  values (tests.get_user_id('bob'), 'Bob milk', 1, 'i:1', 1);

select tests.authenticate_as('alice');
select lives_ok($$ insert into public.meal_planner (date, portions) values (current_date, 6) $$,
  'a meal can say how many portions it is cooked for');
select throws_ok($$ insert into public.meal_planner (date, portions) values (current_date, 0) $$,
  '23514', null, 'portions must be at least 1');
select throws_ok($$ insert into public.meal_planner (date, portions) values (current_date, 101) $$,
  '23514', null, 'and at most 100');

select is(
  apply_plan_lines('[{"key":"i:1","name":"milk","ingredient_id":null,"quantity":1000,"unit":"mL","meals":["Mon dinner"]},
                     {"key":"i:2","name":"egg","ingredient_id":null,"quantity":4,"unit":"each","meals":["Mon dinner","Wed lunch"]}]'),
  '{"added": 2, "kept": 0, "removed": 0, "updated": 0}'::jsonb, 'the first run adds the lines');
insert into public.shopping (name) values ('birthday candles');
select is(
  apply_plan_lines('[{"key":"i:1","name":"milk","ingredient_id":null,"quantity":1500,"unit":"mL","meals":["Mon dinner"]},
                     {"key":"i:2","name":"egg","ingredient_id":null,"quantity":4,"unit":"each","meals":["Mon dinner"]}]'),
  '{"added": 0, "kept": 0, "removed": 0, "updated": 2}'::jsonb, 'running it again updates the same lines');
select is((select count(*)::int from public.shopping), 3, 'no duplicates, the hand-added line kept');
select is((select quantity from public.shopping where plan_key = 'i:1'), 1500::numeric, 'the new amount');

update public.shopping set checked = true where plan_key = 'i:2';
update public.shopping set quantity = 2000 where plan_key = 'i:1';
select is(
  apply_plan_lines('[{"key":"i:1","name":"milk","ingredient_id":null,"quantity":500,"unit":"mL","meals":["Tue"]},
                     {"key":"i:2","name":"egg","ingredient_id":null,"quantity":6,"unit":"each","meals":["Tue"]}]'),
  '{"added": 0, "kept": 2, "removed": 0, "updated": 0}'::jsonb, 'ticked and hand-edited lines are left alone');
select is((select quantity from public.shopping where plan_key = 'i:1'), 2000::numeric, 'the edit stands');

update public.shopping set quantity = plan_quantity, checked = false;
select is(
  apply_plan_lines('[{"key":"i:2","name":"egg","ingredient_id":null,"quantity":6,"unit":"each","meals":["Tue"]}]'),
  '{"added": 0, "kept": 0, "removed": 1, "updated": 1}'::jsonb, 'a line the plan no longer needs goes');
select is((select array_agg(name order by name) from public.shopping), array['birthday candles', 'egg'],
  'the hand-added line is never touched');

select throws_ok($$ select apply_plan_lines('{"key":"x"}') $$, '22023', 'lines must be a list.', 'lines must be a list');
select throws_ok($$ select apply_plan_lines('[{"key":"x","name":"y","quantity":-1}]') $$, '22023', null,
  'a negative quantity is refused, nothing written');
select is((select count(*)::int from public.shopping), 2, 'nothing partial was written');

select throws_ok($$ update public.users set basket_min_saving_cents = -1 where id = tests.get_user_id('alice') $$,
  '23514', null, 'the saving setting cannot be negative');

-- write_plan_lines: the same rules, plus what the plan needs before the pantry.
select is(
  write_plan_lines('[{"key":"i:2","name":"egg","ingredient_id":null,"quantity":4,"need":6,"unit":"each","meals":["Tue"]},
                     {"key":"i:3","name":"rice","ingredient_id":null,"quantity":500,"need":500,"unit":"g","meals":["Tue"]}]'),
  '{"added": 1, "kept": 0, "removed": 0, "updated": 1}'::jsonb, 'write_plan_lines answers as apply_plan_lines');
select results_eq(
  $$ select plan_key, plan_need, quantity from public.shopping where plan_key is not null order by plan_key $$,
  $$ values ('i:2', 6::numeric, 4::numeric), ('i:3', 500::numeric, 500::numeric) $$,
  'each line it wrote records the need: need 6, have 2, buy 4');
update public.shopping set checked = true where plan_key = 'i:3';
select is(
  write_plan_lines('[{"key":"i:2","name":"egg","ingredient_id":null,"quantity":1,"need":3,"unit":"each","meals":["Tue"]},
                     {"key":"i:3","name":"rice","ingredient_id":null,"quantity":900,"need":900,"unit":"g","meals":["Tue"]}]'),
  '{"added": 0, "kept": 1, "removed": 0, "updated": 1}'::jsonb, 'a ticked line is kept');
select is((select plan_need from public.shopping where plan_key = 'i:3'), 500::numeric,
  'and its need is left as it was');
select throws_ok(
  $$ select write_plan_lines('[{"key":"i:2","name":"egg","quantity":1,"need":1e9,"unit":"each"}]') $$,
  '23514', null, 'a need beyond 1,000,000 is refused');
select is((select quantity from public.shopping where plan_key = 'i:2'), 1::numeric,
  'and nothing of that call was written');

select tests.clear_authentication();
select is((select quantity from public.shopping where user_id = tests.get_user_id('bob')), 1::numeric,
  'Bob''s list is untouched by Alice''s runs');

-- The saving setting is the profile owner's alone; anon runs neither function (issue 19).
select tests.authenticate_as('alice');
select isnt_empty($$ update public.users set basket_min_saving_cents = 1000 where id = tests.get_user_id('alice') returning 1 $$,
  'a user sets their own smallest saving worth a second trip');
select tests.authenticate_as('bob');
select is_empty($$ update public.users set basket_min_saving_cents = 0 where id = tests.get_user_id('alice') returning 1 $$,
  'another user cannot change someone''s saving setting');
select tests.authenticate_as_anon();
select throws_ok($$ update public.users set basket_min_saving_cents = 0 where id = tests.get_user_id('alice') $$,
  '42501', 'permission denied for table users', 'anon cannot change anyone''s saving setting');
select throws_ok($$ select apply_plan_lines('[]') $$, '42501', 'permission denied for function apply_plan_lines',
  'anon cannot run apply_plan_lines');
select throws_ok($$ select write_plan_lines('[]') $$, '42501', 'permission denied for function write_plan_lines',
  'anon cannot run write_plan_lines');
select tests.clear_authentication();
select is((select basket_min_saving_cents from public.users where id = tests.get_user_id('alice')), 1000,
  'Alice''s setting is still the one she chose');

-- basket_prices: the names and price rows price-basket reads, as row-level security allows
select tests.authenticate_as('alice');
insert into public.ingredients (name, protein, carbs, fats, calories, source)
  values ('Alice''s own spice mix', 0, 0, 0, 0, 'own');
select id as own_spice from public.ingredients where name = 'Alice''s own spice mix' \gset
select id as rice_id from public.ingredients where name = 'jasmine rice' and user_id is null \gset
select results_eq(format('select name, priced, coles_unit_price_current = (select coles_unit_price_current from public.ingredient_prices where ingredient_id = %s) from public.basket_prices where ingredient_id in (%s, %s) order by name', :'rice_id', :'rice_id', :'own_spice'),
  $$ values ('Alice''s own spice mix'::text, false, null::boolean), ('jasmine rice', true, true) $$,
  'a built-in ingredient with its price row, an own one without');
select tests.authenticate_as('bob');
select results_eq(format('select name from public.basket_prices where ingredient_id in (%s, %s)', :'rice_id', :'own_spice'),
  $$ values ('jasmine rice'::text) $$, 'another user''s own ingredient is absent');
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.basket_prices $$, '42501', 'permission denied for view basket_prices',
  'anon cannot read basket_prices');
select tests.clear_authentication();
select ok((select count(*) from public.basket_prices where ingredient_id in (select id from public.ingredients where user_id is null)) =
  (select count(*) from public.ingredients where user_id is null), 'every built-in ingredient comes back once');
select is((select array_agg(column_name::text order by ordinal_position) from information_schema.columns
    where table_schema = 'public' and table_name = 'basket_prices'),
  array['ingredient_id', 'name', 'coles_measure', 'woolworths_measure', 'aldi_measure', 'coles_unit_price_current',
    'woolworths_unit_price_current', 'aldi_unit_price_current', 'priced', 'coles_loose', 'woolworths_loose',
    'aldi_loose', 'prices_version', 'built_in', 'is_sample'],
  'basket_prices holds the measures, current prices, loose and sample flags a basket needs, not the past prices');
select is((select reloptions from pg_class where oid = 'public.basket_prices'::regclass), array['security_invoker=true'],
  'basket_prices runs with the caller''s rights, so row-level security applies');


-- prices_version: how price-basket knows the built-in rows it kept are still current
select tests.authenticate_as('alice');
select results_eq(format('select name, built_in, prices_version = (select version from public.prices_version) from public.basket_prices where ingredient_id in (%s, %s) order by name', :'rice_id', :'own_spice'),
  $$ values ('Alice''s own spice mix'::text, false, true), ('jasmine rice', true, true) $$,
  'basket_prices says which ingredients are built in, and the prices version, on every row');
select is((select count(*) from public.prices_version), 1::bigint, 'a signed-in user reads the one version row');
select throws_ok($$ update public.prices_version set version = 0 $$, '42501', null, 'but cannot change it');
select throws_ok($$ delete from public.prices_version $$, '42501', null, 'or delete it');
select tests.authenticate_as_anon();
select throws_ok($$ select * from public.prices_version $$, '42501', null, 'anon cannot read it');
select tests.clear_authentication();
select version as v0 from public.prices_version \gset
update public.ingredient_prices set price_date = price_date where ingredient_id = :'rice_id';
select is((select version from public.prices_version), :'v0'::bigint + 1, 'a change to a price row counts');
update public.ingredient_prices set price_date = price_date;
select is((select version from public.prices_version), :'v0'::bigint + 2, 'a statement changing every row counts once');
update public.ingredients set name = 'jasmine rice' where id = :'rice_id';
select is((select version from public.prices_version), :'v0'::bigint + 3, 'a change to a built-in ingredient counts');
select tests.authenticate_as('alice');
update public.ingredients set name = 'Alice''s own spice mix, ground' where id = :'own_spice';
insert into public.ingredients (name, protein, carbs, fats, calories, source)
  values ('Alice''s second spice mix', 0, 0, 0, 0, 'own');
select tests.clear_authentication();
select is((select version from public.prices_version), :'v0'::bigint + 3, 'a user''s own ingredients do not count');
select is((select count(*) from pg_catalog.pg_trigger where tgrelid = 'public.ingredient_prices'::regclass
    and tgname = 'count_price_changes' and (tgtype & 1) = 0), 1::bigint,
  'the price rows are counted per statement');

select * from finish();
rollback;
