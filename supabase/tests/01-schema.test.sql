-- The shape every other part relies on: the tables of CONTRACTS 3, RLS on all of them,
-- policies written the way Supabase recommends, indexes behind foreign keys, the realtime
-- publication, and security-definer code kept out of the exposed schema.
begin;
set local search_path = tests, public;
select plan(10);

select tables_are('public', array[
  'users', 'measurements', 'ingredients', 'ingredient_prices', 'recipes', 'recipe_ingredients',
  'favourites', 'cooks', 'meal_planner', 'pantry', 'shopping',
  'chain_products', 'price_observations', 'ingredient_products', 'price_imports', 'prices_version',
  'households', 'household_members', 'household_invitations', 'staples',
  'household_shops', 'put_aways', 'cooked_meals'
], 'public holds exactly the tables of the data model');

select is_empty($$
  select c.relname from pg_class c
  where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p') and not c.relrowsecurity
$$, 'every table in public has row-level security enabled');

select is_empty($$
  select tablename, policyname from pg_policies
  where schemaname = 'public' and roles <> '{authenticated}'
$$, 'every policy applies to the authenticated role only (anon gets nothing)');

select is_empty($$
  select tablename, policyname from pg_policies where schemaname = 'public' and cmd = 'ALL'
$$, 'policies are written per operation, never FOR ALL');

select is_empty($$
  select tablename, policyname from pg_policies
  where schemaname = 'public'
    and regexp_count(coalesce(qual, '') || coalesce(with_check, ''), 'auth\.uid\(\)')
      <> regexp_count(coalesce(qual, '') || coalesce(with_check, ''), '\( SELECT auth\.uid\(\) AS uid\)')
$$, 'policies call auth.uid() only as (select auth.uid()), evaluated once per statement');

select is_empty($$
  select c.conrelid::regclass, c.conname from pg_constraint c
  where c.contype = 'f' and c.connamespace = 'public'::regnamespace
    and not exists (
      select 1 from pg_index i
      where i.indrelid = c.conrelid
        and (string_to_array(i.indkey::text, ' ')::int2[])[1:cardinality(c.conkey)] = c.conkey
    )
$$, 'every foreign key has an index that leads with its columns');

select set_eq(
  $$ select tablename::text from pg_publication_tables where pubname = 'supabase_realtime' $$,
  array['users', 'recipes', 'favourites', 'cooks', 'meal_planner', 'pantry', 'shopping', 'households', 'household_members', 'price_imports'],
  'the supabase_realtime publication holds exactly the (rt) tables'
);

select is_empty($$
  select c.relname from pg_publication_tables p
  join pg_class c on c.relname = p.tablename and c.relnamespace = 'public'::regnamespace
  where p.pubname = 'supabase_realtime' and c.relreplident <> 'f'
$$, 'realtime tables have replica identity full');

select is_empty($$
  select p.proname from pg_proc p
  where p.pronamespace = 'public'::regnamespace and p.prosecdef
$$, 'no security-definer function in the exposed public schema');

select is_empty($$
  select p.proname from pg_proc p
  where p.pronamespace = 'private'::regnamespace
    and not coalesce(p.proconfig, '{}') @> array['search_path=""']
$$, 'every private helper pins an empty search_path');

select * from finish();
rollback;
