-- The meal plan: own rows only, and only one's own cooks.
begin;
set local search_path = tests, public;
select plan(18);

select tests.create_user('alice');
select tests.create_user('bob');
insert into public.recipes (name, is_default) values ('T: default', true);
insert into public.recipes (name, user_id) values ('T: alice', tests.get_user_id('alice'));
insert into public.cooks (name, user_id) values ('Alice cook', tests.get_user_id('alice'));
insert into public.cooks (name, user_id) values ('Bob cook', tests.get_user_id('bob'));
insert into public.meal_planner (date, user_id, recipe_id)
select current_date, tests.get_user_id('bob'), id from public.recipes where name = 'T: default';

select id as bob_cook from public.cooks where name = 'Bob cook' \gset
insert into public.recipes (name, user_id) values ('T: bob private', tests.get_user_id('bob'));
select id as bob_private from public.recipes where name = 'T: bob private' \gset

select tests.authenticate_as('alice');
select lives_ok(
  $$ insert into public.meal_planner (date, recipe_id, cook_id)
     select current_date + 1, r.id, c.id from public.recipes r, public.cooks c where r.name = 'T: alice' and c.name = 'Alice cook' $$,
  'a user can plan a meal with their recipe and cook'
);
select throws_ok(
  format($$ insert into public.meal_planner (date, recipe_id) values (current_date, %L) $$, :'bob_private'),
  '42501', 'new row violates row-level security policy for table "meal_planner"',
  'a user cannot plan someone else''s private recipe'
);
select throws_ok(
  $$ insert into public.meal_planner (date, recipe_id) values (current_date, gen_random_uuid()) $$,
  '42501', 'new row violates row-level security policy for table "meal_planner"',
  'a user gets the same refusal for a recipe that does not exist'
);
select results_eq('select user_id from public.meal_planner', array[tests.get_user_id('alice')],
  'a user sees only their own meals');
select isnt_empty(
  $$ select * from public.meal_planner where user_id = tests.get_user_id('alice') and date between current_date and current_date + 7 $$,
  'the meal window query finds the meal'
);
select throws_ok(
  $$ insert into public.meal_planner (date, user_id) values (current_date, tests.get_user_id('bob')) $$,
  '42501', 'new row violates row-level security policy for table "meal_planner"', 'a user cannot plan meals for someone else'
);
select throws_ok(
  format($$ insert into public.meal_planner (date, cook_id) values (current_date, %L) $$,
    :'bob_cook'),
  '42501', 'new row violates row-level security policy for table "meal_planner"', 'a user cannot assign someone else''s cook'
);
select is_empty($$ update public.meal_planner set recipe_id = null where user_id = tests.get_user_id('bob') returning id $$,
  'a user cannot change someone else''s meals');
select isnt_empty(
  $$ update public.meal_planner set recipe_id = (select id from public.recipes where name = 'T: default'), cook_id = null returning id $$,
  'a user can change the recipe and cook of their meal'
);
select throws_ok(
  format($$ update public.meal_planner set cook_id = %L $$, :'bob_cook'),
  '42501', 'new row violates row-level security policy for table "meal_planner"', 'a user cannot switch to someone else''s cook'
);
select is_empty($$ delete from public.meal_planner where user_id = tests.get_user_id('bob') returning id $$,
  'a user cannot delete someone else''s meals');
select isnt_empty($$ delete from public.meal_planner returning id $$, 'a user can delete their own meals');

select tests.authenticate_as_anon();
select is_empty('select * from public.meal_planner', 'anon sees no meals');
select throws_ok($$ insert into public.meal_planner (date, user_id) values (current_date, tests.get_user_id('bob')) $$,
  '42501', 'new row violates row-level security policy for table "meal_planner"', 'anon cannot plan meals');
select is_empty($$ update public.meal_planner set recipe_id = null returning id $$, 'anon cannot change meals');
select is_empty($$ delete from public.meal_planner returning id $$, 'anon cannot delete meals');

select tests.clear_authentication();
select isnt((select recipe_id from public.meal_planner where user_id = tests.get_user_id('bob')), null,
  'Bob''s meal is untouched');
delete from public.recipes where name = 'T: default';
select is((select recipe_id from public.meal_planner where user_id = tests.get_user_id('bob')), null,
  'deleting a recipe empties the slot but keeps the meal');

select * from finish();
rollback;
