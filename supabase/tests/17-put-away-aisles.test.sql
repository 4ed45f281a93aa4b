-- Issue 25, parts 3 and 4: shop categories, the household's store (aisle order, subtract when
-- cooked), putting the shopping away and undoing it, and cooking a meal, each for a member,
-- another household and anon.
begin;
set local search_path = tests, public;
select plan(53);

select tests.create_user('alice');
select tests.create_user('bob');
select tests.create_user('carol');
-- Bob joins Alice's household and works in it.
insert into public.household_members (household_id, user_id) values (tests.household_of('alice'), tests.get_user_id('bob'));
update public.users set household_id = tests.household_of('alice') where id = tests.get_user_id('bob');

select id as rice from public.ingredients where name = 'jasmine rice' and user_id is null \gset
select id as recipe from public.recipes where is_default order by name limit 1 \gset

-- Shop categories
select has_column('public', 'ingredients', 'shop_category', 'ingredients carry a shop category');
select is((select count(*)::int from public.ingredients where user_id is null and shop_category is null), 0,
  'every built-in ingredient has a shop category');
select is((select shop_category from public.ingredients where name = 'frozen peas' and user_id is null), 'frozen',
  'the seed shelves frozen peas in the freezer');

select tests.authenticate_as('alice');
select lives_ok($$ insert into public.ingredients (name, protein, carbs, fats, calories, source, shop_category)
  values ('Dish soap', 0, 0, 0, 0, 'own', 'household') $$, 'a person chooses the category of their own ingredient');
select throws_ok($$ insert into public.ingredients (name, protein, carbs, fats, calories, source, shop_category)
  values ('Odd thing', 0, 0, 0, 0, 'own', 'garden') $$,
  '23514', null, 'a category outside the eight is refused');
select is_empty($$ update public.ingredients set shop_category = 'drinks' where user_id is null returning 1 $$,
  'nobody changes a built-in ingredient''s category');

-- The household's store
select lives_ok(format($$ insert into public.household_shops (household_id, chain, aisle_order)
  values (%L, 'aldi', array['frozen', 'fruit-veg']) $$, tests.household_of('alice')),
  'a member sets up the household''s store and aisle order');
select throws_ok(format($$ update public.household_shops set aisle_order = array['frozen', 'frozen'] where household_id = %L $$,
  tests.household_of('alice')), '23514', 'aisle_order names a category twice.', 'an aisle order names each category once');
select throws_ok(format($$ update public.household_shops set aisle_order = array['garden'] where household_id = %L $$,
  tests.household_of('alice')), '23514', null, 'an aisle order names only the eight categories');
select throws_ok(format($$ update public.household_shops set chain = 'iga' where household_id = %L $$,
  tests.household_of('alice')), '23514', null, 'the chain is one of the three');

select tests.authenticate_as('bob');
select results_eq('select chain, subtract_when_cooked from public.household_shops', $$ values ('aldi'::text, true) $$,
  'another member sees the store, subtracting on cooking by default');
select isnt_empty($$ update public.household_shops set aisle_order = array['fruit-veg', 'frozen'] returning 1 $$,
  'another member reorders the aisles');

select tests.authenticate_as('carol');
select is_empty('select * from public.household_shops', 'another household sees no store of Alice''s');
select is_empty($$ update public.household_shops set chain = 'coles' returning 1 $$, 'nor changes it');
select throws_ok(format($$ insert into public.household_shops (household_id, chain) values (%L, 'coles') $$, tests.household_of('alice')),
  '42501', 'new row violates row-level security policy for table "household_shops"', 'nor sets one up for Alice''s household');

select tests.authenticate_as_anon();
select is_empty('select * from public.household_shops', 'anon sees no store');
select throws_ok(format($$ insert into public.household_shops (household_id) values (%L) $$, tests.household_of('alice')),
  '42501', null, 'anon sets up no store');

-- Putting the shopping away
reset role;
insert into public.pantry (id, user_id, household_id, name, ingredient_id, quantity, unit) values
  ('00000000-0000-0000-0000-0000000000a1', tests.get_user_id('alice'), tests.household_of('alice'), 'jasmine rice', :rice, 1, 'kg');
insert into public.shopping (id, user_id, household_id, name, ingredient_id, quantity, unit, checked) values
  ('00000000-0000-0000-0000-0000000000b1', tests.get_user_id('alice'), tests.household_of('alice'), 'jasmine rice', :rice, 500, 'g', true),
  ('00000000-0000-0000-0000-0000000000b2', tests.get_user_id('bob'), tests.household_of('alice'), 'Milk', null, 2, 'L', true),
  ('00000000-0000-0000-0000-0000000000b3', tests.get_user_id('alice'), tests.household_of('alice'), 'Bread', null, 1, null, false);

\set rice_line '{"shopping_id": "00000000-0000-0000-0000-0000000000b1", "pantry_id": "00000000-0000-0000-0000-0000000000a1", "insert": false, "from_unit": "kg", "scale": 1000, "unit": "g", "add": 500}'
\set milk_line '{"shopping_id": "00000000-0000-0000-0000-0000000000b2", "pantry_id": "00000000-0000-0000-0000-0000000000a2", "insert": true, "from_unit": null, "scale": 1, "unit": "L", "add": 2}'

select tests.authenticate_as('carol');
select throws_ok(format('select public.put_away_shopping(%L)', jsonb_build_array(:'rice_line'::jsonb)),
  '22023', 'lines[0].shopping_id: is not a ticked line on your list (someone may have put it away already).',
  'another household cannot put Alice''s shopping away');

select tests.authenticate_as_anon();
select throws_ok(format('select public.put_away_shopping(%L)', jsonb_build_array(:'rice_line'::jsonb)),
  '42501', null, 'anon cannot put shopping away');

select tests.authenticate_as('alice');
select throws_ok(format('select public.put_away_shopping(%L)',
    jsonb_build_array(:'rice_line'::jsonb, :'milk_line'::jsonb || '{"add": -2}')),
  '22023', 'lines[1].quantity: the amount must be a number above 0 and at most 100000.', 'a negative amount is refused by its field');
select throws_ok(format('select public.put_away_shopping(%L)',
    jsonb_build_array(:'rice_line'::jsonb || '{"add": 1e9}')),
  '22023', 'lines[0].quantity: the amount must be a number above 0 and at most 100000.', 'a huge amount is refused by its field');
select throws_ok(format('select public.put_away_shopping(%L)',
    jsonb_build_array(:'rice_line'::jsonb || '{"add": 99500}')),
  '22023', 'lines[0].quantity: jasmine rice would come to more than 100000 in the pantry.', 'so is a merge over the limit');
select throws_ok(format('select public.put_away_shopping(%L)',
    jsonb_build_array(:'rice_line'::jsonb || '{"shopping_id": "00000000-0000-0000-0000-0000000000b3"}')),
  '22023', 'lines[0].shopping_id: is not a ticked line on your list (someone may have put it away already).', 'an unticked line stays on the list');
select results_eq($$ select (select count(*)::int from public.shopping), (select quantity from public.pantry where name = 'jasmine rice') $$,
  $$ values (3, 1::numeric) $$, 'a refused put-away writes nothing');

select lives_ok(format('select public.put_away_shopping(%L)', jsonb_build_array(:'rice_line'::jsonb, :'milk_line'::jsonb)),
  'a member puts the ticked lines away');
select results_eq('select name, quantity, unit from public.pantry order by lower(name)',
  $$ values ('jasmine rice'::text, 1500::numeric, 'g'::text), ('Milk', 2, 'L') $$,
  'the rice merged in grams, the milk is a new row');
select results_eq('select name from public.shopping', $$ values ('Bread'::text) $$, 'the ticked lines left the list');
select is((select user_id from public.put_aways), tests.get_user_id('alice'), 'the receipt says who put it away');

select tests.authenticate_as('carol');
select is_empty('select * from public.put_aways', 'another household sees no receipt');
select throws_ok(format('select public.undo_put_away(%L)', (select id from public.put_aways)), 'PT404', 'There is nothing to undo.',
  'nor undoes it');

-- Bob uses some rice, then Alice undoes: his change is kept and explained.
select tests.authenticate_as('bob');
select isnt_empty($$ update public.pantry set quantity = 1200 where name = 'jasmine rice' returning 1 $$, 'another member uses some rice');
select tests.authenticate_as('alice');
select is(public.undo_put_away((select id from public.put_aways)) -> 'notes',
  '["jasmine rice was changed by someone since it was put away: their change is kept and only the 500 g put away is taken back."]'::jsonb,
  'undo says what it kept');
select results_eq('select name, quantity, unit from public.pantry order by lower(name)',
  $$ values ('jasmine rice'::text, 700::numeric, 'g'::text) $$, 'his change is kept, the milk is gone');
select results_eq('select name, checked from public.shopping order by lower(name)',
  $$ values ('Bread'::text, false), ('jasmine rice', true), ('Milk', true) $$, 'the lines are back on the list, ticked');
select throws_ok(format('select public.undo_put_away(%L)', (select id from public.put_aways)), 'PT409', 'That was undone already.',
  'a put-away is undone once');

-- Cooking a meal
reset role;
insert into public.meal_planner (id, date, user_id, household_id, recipe_id) values
  ('00000000-0000-0000-0000-0000000000c1', current_date, tests.get_user_id('alice'), tests.household_of('alice'), :'recipe'),
  ('00000000-0000-0000-0000-0000000000c2', current_date, tests.get_user_id('alice'), tests.household_of('alice'), :'recipe');

select tests.authenticate_as('carol');
select throws_ok($$ select public.cook_meal('00000000-0000-0000-0000-0000000000c1', '[]') $$, 'PT404', 'This meal is not in your plan.',
  'another household cannot cook Alice''s meal');

select tests.authenticate_as('bob');
select throws_ok($$ select public.cook_meal('00000000-0000-0000-0000-0000000000c1',
    '[{"pantry_id": "00000000-0000-0000-0000-0000000000a1", "quantity": -5}]') $$,
  '22023', 'takes[0].quantity: must be a number above 0 and at most 100000.', 'a negative take is refused by its field');
select is(public.cook_meal('00000000-0000-0000-0000-0000000000c1',
    '[{"pantry_id": "00000000-0000-0000-0000-0000000000a1", "quantity": 900}]') -> 'took',
  '[{"name": "jasmine rice", "quantity": 700, "unit": "g", "left": 0}]'::jsonb,
  'cooking takes at most what the pantry holds and says what it took');
select is_empty('select 1 from public.pantry', 'a row left with nothing is removed, never below zero');
select throws_ok($$ select public.cook_meal('00000000-0000-0000-0000-0000000000c1', '[]') $$, 'PT409', 'This meal is already marked cooked.',
  'a meal is cooked once');

-- Un-marking it cooked puts back what cooking took
select tests.authenticate_as('carol');
select throws_ok($$ select public.uncook_meal('00000000-0000-0000-0000-0000000000c1') $$, 'PT404', 'This meal is not in your plan.',
  'another household cannot un-mark Alice''s meal');
select is_empty('select 1 from public.cooked_meals', 'another household sees no cooking receipt');
select tests.authenticate_as('bob');
select throws_ok(format($$ insert into public.cooked_meals (meal_id, household_id, entries) values ('00000000-0000-0000-0000-0000000000c2', %L, '[]') $$,
    tests.household_of('alice')),
  '42501', null, 'a member cannot write a cooking receipt');
select tests.authenticate_as('alice');
select is(public.uncook_meal('00000000-0000-0000-0000-0000000000c1'), '{"notes": []}'::jsonb, 'a member un-marks the meal cooked');
select results_eq('select name, quantity, unit from public.pantry',
  $$ values ('jasmine rice'::text, 700::numeric, 'g'::text) $$, 'the row cooking used up is back as it was');
select is((select cooked_at from public.meal_planner where id = '00000000-0000-0000-0000-0000000000c1'), null, 'the meal is no longer cooked');
select throws_ok($$ select public.uncook_meal('00000000-0000-0000-0000-0000000000c1') $$, 'PT409', 'This meal is not marked cooked.',
  'a meal not cooked cannot be un-marked');
select lives_ok($$ select public.cook_meal('00000000-0000-0000-0000-0000000000c1',
    '[{"pantry_id": "00000000-0000-0000-0000-0000000000a1", "quantity": 200}]') $$, 'cooked again, taking 200 g');
select isnt_empty($$ update public.pantry set quantity = 600 where id = '00000000-0000-0000-0000-0000000000a1' returning 1 $$,
  'then someone changes the rice');
select is(public.uncook_meal('00000000-0000-0000-0000-0000000000c1') -> 'notes',
  '["jasmine rice was changed by someone since: their change is kept and the 200 g cooking took is put back."]'::jsonb,
  'un-marking keeps their change and says so');
select results_eq('select name, quantity, unit from public.pantry',
  $$ values ('jasmine rice'::text, 800::numeric, 'g'::text) $$, 'their 600 g and the 200 g taken');

select isnt_empty($$ update public.household_shops set subtract_when_cooked = false returning 1 $$, 'a member turns subtracting off');
select is(public.cook_meal('00000000-0000-0000-0000-0000000000c2', '[{"pantry_id": "00000000-0000-0000-0000-0000000000a1", "quantity": 1}]'),
  '{"subtracted": false, "took": []}'::jsonb, 'then cooking takes nothing');

select * from finish();
rollback;
