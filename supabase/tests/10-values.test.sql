-- Values PostgreSQL's types accept but nobody means (NaN, infinities, year 5874897) are refused,
-- and the local stack's limits on one request (supabase/bootstrap/50-stack-limits.sql) raise
-- PostgreSQL's own error codes.
begin;
set local search_path = tests, public;
select plan(11);

select tests.create_user('alice');
select tests.authenticate_as('alice');

select throws_ok($$ insert into public.pantry (name, quantity) values ('flour', 'NaN') $$,
  '23514', null, 'a pantry quantity cannot be NaN');
select throws_ok($$ insert into public.pantry (name, quantity) values ('flour', 'Infinity') $$,
  '23514', null, 'a pantry quantity cannot be infinite');
select throws_ok($$ insert into public.shopping (name, quantity) values ('milk', 'NaN') $$,
  '23514', null, 'a shopping quantity cannot be NaN');
select throws_ok($$ insert into public.shopping (name, quantity) values ('milk', 'Infinity') $$,
  '23514', null, 'a shopping quantity cannot be infinite');
select lives_ok($$ insert into public.pantry (name, quantity) values ('rice', 99999.125) $$,
  'a quantity within the limits is kept as typed');
select throws_ok($$ insert into public.meal_planner (date) values ('infinity') $$,
  '23514', null, 'a meal cannot be planned for infinity');
select throws_ok($$ insert into public.meal_planner (date) values ('5874897-01-01') $$,
  '23514', null, 'a meal cannot be planned for the year 5874897');
select lives_ok($$ insert into public.meal_planner (date) values (current_date + 30) $$,
  'a meal next month is fine');

select tests.clear_authentication();
select throws_ok(
  $$ insert into public.ingredients (name, protein, carbs, fats, calories, source, source_id)
     values ('T: nan', 'NaN', 0, 0, 0, 'AFCD', 'x') $$,
  '23514', null, 'nutrition figures cannot be NaN');

select throws_ok($$ select _stack.within_size(repeat('x', 11), 10) $$, '54000',
  'response too large: 11 bytes, over the limit of 10 bytes', 'a response over the cap raises 54000');
select is(_stack.within_size('[1]', 10), '[1]', 'a response within the cap passes unchanged');
select * from finish();
rollback;
