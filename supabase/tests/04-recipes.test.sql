-- Recipes and their ingredient lines: default recipes visible to all signed-in users and
-- immutable, own recipes private; lines follow their recipe.
begin;
set local search_path = tests, public;
select plan(32);

select tests.create_user('alice');
select tests.create_user('bob');
insert into public.measurements (name) values ('test-cup');
insert into public.ingredients (name, protein, carbs, fats, calories, source, source_id)
values ('Test flour', 10, 76, 1, 364, 'USDA FoodData Central', '169761');

insert into public.recipes (name, is_default, portions) values ('T: default', true, 4);
insert into public.recipes (name, user_id) values ('T: alice', tests.get_user_id('alice'));
insert into public.recipes (name, user_id) values ('T: bob', tests.get_user_id('bob'));
insert into public.recipe_ingredients (recipe_id, ingredient_id, quantity, measurement_id)
select r.id, i.id, '1 1/2', m.id
from public.recipes r, public.ingredients i, public.measurements m
where r.name in ('T: default', 'T: alice', 'T: bob') and i.name = 'Test flour' and m.name = 'test-cup';

select id as bob_recipe from public.recipes where name = 'T: bob' \gset

select throws_ok(
  $$ insert into public.recipes (name, is_default, user_id) values ('Broken', true, tests.get_user_id('alice')) $$,
  '23514', null, 'a default recipe cannot have an owner'
);

-- Alice: select
select tests.authenticate_as('alice');
select set_eq($$ select name from public.recipes where name like 'T:%' $$, array['T: default', 'T: alice'],
  'a user sees the default recipes and their own, not others''');
select set_eq(
  $$ select r.name from public.recipe_ingredients l join public.recipes r on r.id = l.recipe_id where r.name like 'T:%' $$,
  array['T: default', 'T: alice'],
  'a user sees the lines of the recipes they can see'
);

-- insert
select lives_ok($$ insert into public.recipes (name, portions) values ('T: alice 2', 2) $$, 'a user can add a recipe');
select is((select user_id from public.recipes where name = 'T: alice 2'), tests.get_user_id('alice'),
  'a new recipe belongs to its author (user_id defaults to auth.uid())');
select throws_ok($$ insert into public.recipes (name, user_id) values ('Sneaky', tests.get_user_id('bob')) $$,
  '42501', 'new row violates row-level security policy for table "recipes"', 'a user cannot add a recipe for someone else');
select throws_ok($$ insert into public.recipes (name, is_default, user_id) values ('Fake default', true, null) $$,
  '42501', 'new row violates row-level security policy for table "recipes"', 'a user cannot add a default recipe');
select lives_ok(
  $$ insert into public.recipe_ingredients (recipe_id, ingredient_id, quantity)
     select r.id, i.id, '½' from public.recipes r, public.ingredients i where r.name = 'T: alice 2' and i.name = 'Test flour' $$,
  'a user can add lines to their own recipe'
);
select throws_ok(
  $$ insert into public.recipe_ingredients (recipe_id, ingredient_id, quantity)
     select r.id, i.id, '1' from public.recipes r, public.ingredients i where r.name = 'T: default' and i.name = 'Test flour' $$,
  '42501', 'new row violates row-level security policy for table "recipe_ingredients"', 'a user cannot add lines to a default recipe'
);
select throws_ok(
  format($$ insert into public.recipe_ingredients (recipe_id, ingredient_id, quantity)
     select %L::uuid, i.id, '1' from public.ingredients i where i.name = 'Test flour' $$,
     :'bob_recipe'),
  '42501', 'new row violates row-level security policy for table "recipe_ingredients"', 'a user cannot add lines to a recipe they cannot see'
);

-- update
select is_empty($$ update public.recipes set name = 'Changed' where name = 'T: default' returning id $$,
  'a user cannot change a default recipe');
select is_empty($$ update public.recipes set name = 'Changed' where user_id = tests.get_user_id('bob') returning id $$,
  'a user cannot change someone else''s recipe');
select isnt_empty($$ update public.recipes set description = 'Quick' where name = 'T: alice' returning id $$,
  'a user can change their own recipe');
select throws_ok($$ update public.recipes set is_default = true, user_id = null where name = 'T: alice' $$,
  '42501', 'new row violates row-level security policy for table "recipes"', 'a user cannot turn their recipe into a default one');
select throws_ok($$ update public.recipes set user_id = tests.get_user_id('bob') where name = 'T: alice' $$,
  '42501', 'new row violates row-level security policy for table "recipes"', 'a user cannot give their recipe to someone else');
select is_empty(
  $$ update public.recipe_ingredients l set quantity = '99' from public.recipes r where r.id = l.recipe_id and r.name = 'T: default' returning l.id $$,
  'a user cannot change the lines of a default recipe');
select isnt_empty(
  $$ update public.recipe_ingredients l set quantity = '2' from public.recipes r where r.id = l.recipe_id and r.name = 'T: alice' returning l.id $$,
  'a user can change the lines of their own recipe');

-- delete
select is_empty($$ delete from public.recipe_ingredients l using public.recipes r where r.id = l.recipe_id and r.name = 'T: default' returning l.id $$,
  'a user cannot delete the lines of a default recipe');
select is_empty($$ delete from public.recipes where name = 'T: default' returning id $$, 'a user cannot delete a default recipe');
select is_empty($$ delete from public.recipes where user_id = tests.get_user_id('bob') returning id $$,
  'a user cannot delete someone else''s recipe');
select isnt_empty($$ delete from public.recipes where name = 'T: alice 2' returning id $$, 'a user can delete their own recipe');

-- Bob sees his own and the default, not Alice's
select tests.authenticate_as('bob');
select set_eq($$ select name from public.recipes where name like 'T:%' $$, array['T: default', 'T: bob'],
  'another user sees the default recipes and their own only');
select is_empty($$ select * from public.recipe_ingredients l join public.recipes r on r.id = l.recipe_id where r.name = 'T: alice' $$,
  'another user cannot see a user''s recipe lines');

-- Anon
select tests.authenticate_as_anon();
select is_empty('select * from public.recipes', 'anon sees no recipes, not even default ones');
select is_empty('select * from public.recipe_ingredients', 'anon sees no recipe lines');
select throws_ok($$ insert into public.recipes (name) values ('Anon') $$,
  '42501', 'new row violates row-level security policy for table "recipes"', 'anon cannot add recipes');
select is_empty($$ update public.recipes set name = 'x' returning id $$, 'anon cannot change recipes');
select is_empty($$ delete from public.recipes returning id $$, 'anon cannot delete recipes');

-- What is left, seen by the owner
select tests.clear_authentication();
select results_eq(
  $$ select name, is_default, user_id from public.recipes where name = 'T: default' $$,
  $$ values ('T: default'::text, true, null::uuid) $$,
  'the default recipe is unchanged'
);
select is((select l.quantity from public.recipe_ingredients l join public.recipes r on r.id = l.recipe_id where r.name = 'T: default'), '1 1/2',
  'the default recipe''s line is unchanged');
select is((select count(*)::int from public.recipes where name = 'T: bob'), 1, 'Bob''s recipe is untouched');

delete from public.recipes where name = 'T: alice';
select is_empty(
  $$ select l.id from public.recipe_ingredients l left join public.recipes r on r.id = l.recipe_id where r.id is null $$,
  'deleting a recipe deletes its ingredient lines'
);

select * from finish();
rollback;
