-- Profiles: created by the auth trigger, visible and editable by their owner only, the
-- subscription flag out of users' reach.
begin;
set local search_path = tests, public;
select plan(23);

select tests.create_user('alice');
select tests.create_user('bob');

select results_eq(
  $$ select name, email, subscription_status from public.users where id = tests.get_user_id('alice') $$,
  $$ values ('Alice Tester'::text, 'alice@example.test'::text, false) $$,
  'a new auth user gets a profile with name from full_name, email and no subscription'
);

select ok(
  (select avatar_url from public.users where id = tests.get_user_id('alice')) = any (array[
    '/avatars/apple.svg', '/avatars/banana.svg', '/avatars/broccoli.svg', '/avatars/orange.svg',
    '/avatars/strawberry.svg', '/avatars/lemon.svg', '/avatars/lime.svg', '/avatars/tomato.svg'
  ]),
  'the new profile has one of the eight avatars'
);

select tests.create_user('crowd' || n) from generate_series(1, 40) n;
select cmp_ok(
  (select count(distinct avatar_url)::int from public.users where email like 'crowd%'), '>', 1,
  'avatars are picked at random'
);

insert into auth.users (id, email, raw_user_meta_data)
values (gen_random_uuid(), 'nameless@example.test', '{}');
select is(
  (select name from public.users where email = 'nameless@example.test'), null,
  'without full_name the profile name stays empty (the client fills it)'
);

update auth.users set email = 'alice.new@example.test' where id = tests.get_user_id('alice');
select is(
  (select email from public.users where name = 'Alice Tester'), 'alice.new@example.test',
  'an email change in auth.users reaches the profile'
);
update auth.users set email = 'alice@example.test' where email = 'alice.new@example.test';

-- Alice
select tests.authenticate_as('alice');
select results_eq(
  'select id from public.users', array[tests.get_user_id('alice')],
  'a user sees only their own profile'
);
select lives_ok(
  $$ update public.users set name = 'Alice Renamed', avatar_url = '/avatars/lime.svg' where id = tests.get_user_id('alice') $$,
  'a user can change their name and avatar'
);
select is((select name from public.users), 'Alice Renamed', 'the change is stored');
select throws_ok(
  $$ update public.users set avatar_url = 'https://tracker.example/pixel.gif' where id = tests.get_user_id('alice') $$,
  '23514', 'new row for relation "users" violates check constraint "users_avatar_url_known"',
  'an avatar is one of the eight, not an address elsewhere that the household''s browsers would load'
);
select is_empty(
  $$ update public.users set name = 'Hacked' where id = tests.get_user_id('bob') returning id $$,
  'a user cannot update someone else''s profile'
);
select throws_ok(
  $$ update public.users set subscription_status = true where id = tests.get_user_id('alice') $$,
  '42501', 'permission denied for table users',
  'a user cannot grant themselves a subscription'
);
select is_empty(
  'delete from public.users returning id',
  'a user cannot delete a profile (it goes with the auth user)'
);
select throws_ok(
  $$ insert into public.users (id, email, name) values (tests.get_user_id('bob'), 'bob@example.test', 'Bob') $$,
  '42501', 'new row violates row-level security policy for table "users"',
  'a user cannot create a profile for someone else'
);

select tests.clear_authentication();
delete from public.users where id = tests.get_user_id('alice');
select tests.authenticate_as('alice');
select throws_ok(
  $$ insert into public.users (id, email, name, avatar_url, subscription_status)
     values (tests.get_user_id('alice'), 'alice@example.test', 'Alice', '/avatars/apple.svg', true) $$,
  '42501', 'new row violates row-level security policy for table "users"',
  'a user cannot create their profile with a subscription'
);
select lives_ok(
  $$ insert into public.users (id, email, name, avatar_url, subscription_status)
     values (tests.get_user_id('alice'), 'alice@example.test', 'Alice', '/avatars/apple.svg', false) $$,
  'a user whose profile is missing can create it (spec 3)'
);
select is((select name from public.users), 'Alice', 'the recreated profile is theirs');

-- Anon
select tests.authenticate_as_anon();
select is_empty('select * from public.users', 'anon sees no profiles');
select throws_ok(
  $$ insert into public.users (id, email) values (gen_random_uuid(), 'x@example.test') $$,
  '42501', 'new row violates row-level security policy for table "users"',
  'anon cannot create profiles'
);
select throws_ok(
  $$ update public.users set name = 'x' $$,
  '42501', 'permission denied for table users',
  'anon cannot update profiles'
);
select is_empty('delete from public.users returning id', 'anon cannot delete profiles');

-- Service role
select tests.authenticate_as_service_role();
select cmp_ok((select count(*)::int from public.users), '>=', 2, 'the service role sees every profile');
select lives_ok(
  $$ update public.users set subscription_status = true where id = tests.get_user_id('bob') $$,
  'the service role sets the subscription flag'
);

select tests.clear_authentication();
select is(
  (select name from public.users where id = tests.get_user_id('bob')), 'Bob Tester',
  'Bob''s profile is untouched by the others'
);

select * from finish();
rollback;
