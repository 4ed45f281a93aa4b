-- Values PostgreSQL's types accept but nobody means (NaN, infinities, year 5874897) are refused,
-- and the local stack's limits on one request (supabase/bootstrap/50-stack-limits.sql) raise
-- PostgreSQL's own error codes.
begin;
set local search_path = tests, public;
select plan(12);

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
-- Every column a signed-in user may insert or update, on a table with a policy letting them,
-- has a limit of its own: a check constraint naming it, a foreign key, a type with nothing to
-- limit, or an identity the database always fills in. The rest are listed with where their
-- limit lives.
select tests.clear_authentication();
select is_empty($$
  select format('%s.%s', c.relname, a.attname)
  from pg_class c
  join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
    and (
      (has_column_privilege('authenticated', c.oid, a.attnum, 'INSERT')
        and exists (select 1 from pg_policy p where p.polrelid = c.oid and p.polcmd in ('a', '*')))
      or (has_column_privilege('authenticated', c.oid, a.attnum, 'UPDATE')
        and exists (select 1 from pg_policy p where p.polrelid = c.oid and p.polcmd in ('w', '*')))
    )
    and a.atttypid not in ('uuid'::regtype, 'boolean'::regtype)
    and a.attidentity <> 'a'
    and not exists (
      select 1 from pg_constraint k
      where k.conrelid = c.oid and k.contype in ('c', 'f') and a.attnum = any (k.conkey)
    )
    and format('%s.%s', c.relname, a.attname) not in (
      -- Set by a trigger whatever is sent (set_updated_at).
      'household_shops.updated_at', 'meal_planner.updated_at', 'pantry.updated_at',
      'recipes.updated_at', 'shopping.updated_at', 'users.updated_at',
      -- Limited by triggers (a check constraint cannot look into an array without a function).
      'recipes.steps', 'recipes.tags',
      -- Any whole number orders a recipe's lines.
      'recipe_ingredients.position',
      -- Only a user's own missing profile can be inserted, and its values are the trigger's
      -- (handle_new_user); the insert policy refuses the rest (02-users.test.sql).
      'users.email', 'users.subscription_status', 'users.created_at'
    )
  order by 1
$$, 'every column a user can write has a limit in the database');

select * from finish();
rollback;
