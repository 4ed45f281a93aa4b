-- Favourites: each user's own, added by upsert as the client does.
begin;
set local search_path = tests, public;
select plan(16);

select tests.create_user('alice');
select tests.create_user('bob');
insert into public.recipes (name, is_default) values ('T: default', true);
insert into public.recipes (name, is_default) values ('T: default 2', true);
insert into public.favourites (user_id, recipe_id)
select tests.get_user_id('bob'), id from public.recipes where name = 'T: default';
insert into public.recipes (name, user_id) values ('T: bob private', tests.get_user_id('bob'));
select id as bob_private from public.recipes where name = 'T: bob private' \gset

select id as default_recipe from public.recipes where name = 'T: default 2' \gset

select tests.authenticate_as('alice');
select lives_ok(
  $$ insert into public.favourites (recipe_id) select id from public.recipes where name = 'T: default' $$,
  'a user can add a favourite (user_id defaults to auth.uid())'
);
select lives_ok(
  $$ insert into public.favourites (user_id, recipe_id)
     select tests.get_user_id('alice'), id from public.recipes where name = 'T: default'
     on conflict (user_id, recipe_id) do update set recipe_id = excluded.recipe_id $$,
  'a user can upsert a favourite they already have (PostgREST merge-duplicates)'
);
-- The same refusal for someone else's private recipe and for no recipe at all: nothing to probe.
select throws_ok(
  format($$ insert into public.favourites (recipe_id) values (%L) $$, :'bob_private'),
  '42501', 'new row violates row-level security policy for table "favourites"',
  'a user cannot favourite someone else''s private recipe'
);
select throws_ok(
  $$ insert into public.favourites (recipe_id) values (gen_random_uuid()) $$,
  '42501', 'new row violates row-level security policy for table "favourites"',
  'a user gets the same refusal for a recipe that does not exist'
);
select results_eq('select user_id from public.favourites', array[tests.get_user_id('alice')],
  'a user sees only their own favourites');
select throws_ok(
  $$ insert into public.favourites (user_id, recipe_id) select tests.get_user_id('bob'), id from public.recipes where name = 'T: default 2' $$,
  '42501', 'new row violates row-level security policy for table "favourites"', 'a user cannot add favourites for someone else'
);
select is_empty($$ update public.favourites set created_at = now() where user_id = tests.get_user_id('bob') returning recipe_id $$,
  'a user cannot change someone else''s favourites');
select isnt_empty($$ update public.favourites set created_at = now() returning recipe_id $$,
  'a user can change their own favourites');
select is_empty($$ delete from public.favourites where user_id = tests.get_user_id('bob') returning recipe_id $$,
  'a user cannot remove someone else''s favourites');
select isnt_empty($$ delete from public.favourites where user_id = tests.get_user_id('alice') returning recipe_id $$,
  'a user can remove their own favourite');

select tests.authenticate_as_anon();
select is_empty('select * from public.favourites', 'anon sees no favourites');
select throws_ok(
  format($$ insert into public.favourites (user_id, recipe_id) values (tests.get_user_id('bob'), %L) $$, :'default_recipe'),
  '42501', 'new row violates row-level security policy for table "favourites"', 'anon cannot add favourites'
);
select is_empty($$ update public.favourites set created_at = now() returning recipe_id $$, 'anon cannot change favourites');
select is_empty($$ delete from public.favourites returning recipe_id $$, 'anon cannot remove favourites');

select tests.clear_authentication();
select is((select count(*)::int from public.favourites where user_id = tests.get_user_id('bob')), 1,
  'Bob''s favourite is untouched');
delete from public.recipes where name = 'T: default';
select is((select count(*)::int from public.favourites), 0, 'deleting a recipe removes it from favourites');

select * from finish();
rollback;
