-- Cooks: the household's rows, names unique per household (trimmed, case-insensitive), and a cook still assigned
-- to a meal cannot be deleted (23503, spec 8).
begin;
set local search_path = tests, public;
select plan(20);

select tests.create_user('alice');
select tests.create_user('bob');
insert into public.cooks (name, user_id) values ('Sam', tests.get_user_id('bob'));
select set_config('tests.bob_home',
  (select household_id::text from public.household_members where user_id = tests.get_user_id('bob')), true);

select tests.authenticate_as('alice');
select lives_ok($$ insert into public.cooks (name) values ('Sam') $$,
  'a user can add a cook with the same name as someone else''s');
select throws_ok($$ insert into public.cooks (name) values (' sam ') $$,
  '23505', 'duplicate key value violates unique constraint "cooks_household_id_name_key"',
  'a cook name is unique per household, trimmed and case-insensitive');
select ok(public.cook_name_taken((select household_id from public.cooks limit 1), ' SAM'),
  'cook_name_taken finds a name of the household trimmed and case-insensitively');
select ok(not public.cook_name_taken((select household_id from public.cooks limit 1), 'Sa m'),
  'cook_name_taken keeps inner spacing');
select ok(not public.cook_name_taken(current_setting('tests.bob_home')::uuid, 'Sam'),
  'cook_name_taken sees nothing of another household');
select throws_ok($$ insert into public.cooks (name) values ('   ') $$,
  '23514', null, 'a cook needs a name');
select throws_ok($$ insert into public.cooks (name) values (repeat('x', 61)) $$,
  '23514', null, 'a cook name has at most 60 characters');
select results_eq('select user_id from public.cooks', array[tests.get_user_id('alice')],
  'a user sees only their own cooks');
select throws_ok($$ insert into public.cooks (name, user_id) values ('Kim', tests.get_user_id('bob')) $$,
  '42501', 'new row violates row-level security policy for table "cooks"', 'a user cannot add cooks for someone else');
select is_empty($$ update public.cooks set name = 'Renamed' where user_id = tests.get_user_id('bob') returning id $$,
  'a user cannot rename someone else''s cook');
select isnt_empty($$ update public.cooks set name = 'Samantha' where name = 'Sam' returning id $$,
  'a user can rename their own cook');
select is_empty($$ delete from public.cooks where user_id = tests.get_user_id('bob') returning id $$,
  'a user cannot delete someone else''s cook');

insert into public.meal_planner (date, cook_id) select current_date, id from public.cooks where name = 'Samantha';
select throws_ok($$ delete from public.cooks where name = 'Samantha' $$,
  '23503', 'update or delete on table "cooks" violates foreign key constraint "meal_planner_cook_id_fkey" on table "meal_planner"',
  'a cook still assigned to a meal cannot be deleted');
update public.meal_planner set cook_id = null;
select isnt_empty($$ delete from public.cooks where name = 'Samantha' returning id $$,
  'once unassigned, a user can delete their own cook');

select tests.authenticate_as_anon();
select is_empty('select * from public.cooks', 'anon sees no cooks');
select throws_ok($$ insert into public.cooks (name, user_id) values ('Anon', tests.get_user_id('bob')) $$,
  '42501', 'new row violates row-level security policy for table "cooks"', 'anon cannot add cooks');
select is_empty($$ update public.cooks set name = 'x' returning id $$, 'anon cannot rename cooks');
select is_empty($$ delete from public.cooks returning id $$, 'anon cannot delete cooks');

select tests.clear_authentication();
select results_eq($$ select name from public.cooks where user_id = tests.get_user_id('bob') $$, array['Sam'],
  'Bob''s cook is untouched');
select is((select count(*)::int from public.cooks where user_id = tests.get_user_id('alice')), 0,
  'Alice''s cook is gone');

select * from finish();
rollback;
