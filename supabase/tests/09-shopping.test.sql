-- Shopping: each user's own shopping items.
begin;
set local search_path = tests, public;
select plan(15);

select tests.create_user('alice');
select tests.create_user('bob');
insert into public.shopping (name, user_id, quantity, unit) values ('Bob rice', tests.get_user_id('bob'), 1, 'kg');

select tests.authenticate_as('alice');
select lives_ok($$ insert into public.shopping (name, quantity, unit) values ('Milk', 2, 'L') $$,
  'a user can add shopping items (user_id defaults to auth.uid())');
select is((select checked from public.shopping where name = 'Milk'), false, 'a new shopping item is not checked');
select results_eq('select user_id from public.shopping', array[tests.get_user_id('alice')],
  'a user sees only their own shopping items');
select throws_ok($$ insert into public.shopping (name, user_id) values ('Sneaky', tests.get_user_id('bob')) $$,
  '42501', 'new row violates row-level security policy for table "shopping"', 'a user cannot add shopping items for someone else');
select is_empty($$ update public.shopping set quantity = 0 where user_id = tests.get_user_id('bob') returning id $$,
  'a user cannot change someone else''s shopping items');
select isnt_empty($$ update public.shopping set quantity = 3 where name = 'Milk' returning id $$,
  'a user can change their own shopping items');
select throws_ok($$ update public.shopping set household_id = tests.household_of('bob') where name = 'Milk' $$,
  '42501', 'new row violates row-level security policy for table "shopping"', 'a user cannot move their shopping items to another household');
select throws_ok($$ update public.shopping set user_id = tests.get_user_id('bob') where name = 'Milk' $$,
  '42501', 'Who added an item cannot be changed.', 'who added an item cannot be changed');
select is_empty($$ delete from public.shopping where user_id = tests.get_user_id('bob') returning id $$,
  'a user cannot delete someone else''s shopping items');
select isnt_empty($$ delete from public.shopping where name = 'Milk' returning id $$, 'a user can delete their own shopping items');

select tests.authenticate_as_anon();
select is_empty('select * from public.shopping', 'anon sees no shopping items');
select throws_ok($$ insert into public.shopping (name, user_id) values ('Anon', tests.get_user_id('bob')) $$,
  '42501', 'new row violates row-level security policy for table "shopping"', 'anon cannot add shopping items');
select is_empty($$ update public.shopping set quantity = 0 returning id $$, 'anon cannot change shopping items');
select is_empty($$ delete from public.shopping returning id $$, 'anon cannot delete shopping items');

select tests.clear_authentication();
select results_eq($$ select name, quantity from public.shopping $$, $$ values ('Bob rice'::text, 1::numeric) $$,
  'only Bob''s item is left, unchanged');

select * from finish();
rollback;
