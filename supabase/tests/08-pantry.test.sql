-- Pantry: each user's own pantry items.
begin;
set local search_path = tests, public;
select plan(14);

select tests.create_user('alice');
select tests.create_user('bob');
insert into public.pantry (name, user_id, quantity, unit) values ('Bob rice', tests.get_user_id('bob'), 1, 'kg');

select tests.authenticate_as('alice');
select lives_ok($$ insert into public.pantry (name, quantity, unit) values ('Milk', 2, 'L') $$,
  'a user can add pantry items (user_id defaults to auth.uid())');

select results_eq('select user_id from public.pantry', array[tests.get_user_id('alice')],
  'a user sees only their own pantry items');
select throws_ok($$ insert into public.pantry (name, user_id) values ('Sneaky', tests.get_user_id('bob')) $$,
  '42501', 'new row violates row-level security policy for table "pantry"', 'a user cannot add pantry items for someone else');
select is_empty($$ update public.pantry set quantity = 0 where user_id = tests.get_user_id('bob') returning id $$,
  'a user cannot change someone else''s pantry items');
select isnt_empty($$ update public.pantry set quantity = 3 where name = 'Milk' returning id $$,
  'a user can change their own pantry items');
select throws_ok($$ update public.pantry set household_id = tests.household_of('bob') where name = 'Milk' $$,
  '42501', 'new row violates row-level security policy for table "pantry"', 'a user cannot move their pantry items to another household');
select throws_ok($$ update public.pantry set user_id = tests.get_user_id('bob') where name = 'Milk' $$,
  '42501', 'Who added an item cannot be changed.', 'who added an item cannot be changed');
select is_empty($$ delete from public.pantry where user_id = tests.get_user_id('bob') returning id $$,
  'a user cannot delete someone else''s pantry items');
select isnt_empty($$ delete from public.pantry where name = 'Milk' returning id $$, 'a user can delete their own pantry items');

select tests.authenticate_as_anon();
select is_empty('select * from public.pantry', 'anon sees no pantry items');
select throws_ok($$ insert into public.pantry (name, user_id) values ('Anon', tests.get_user_id('bob')) $$,
  '42501', 'new row violates row-level security policy for table "pantry"', 'anon cannot add pantry items');
select is_empty($$ update public.pantry set quantity = 0 returning id $$, 'anon cannot change pantry items');
select is_empty($$ delete from public.pantry returning id $$, 'anon cannot delete pantry items');

select tests.clear_authentication();
select results_eq($$ select name, quantity from public.pantry $$, $$ values ('Bob rice'::text, 1::numeric) $$,
  'only Bob''s item is left, unchanged');

select * from finish();
rollback;
