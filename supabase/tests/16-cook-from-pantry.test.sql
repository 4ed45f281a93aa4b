-- Staples (issue 25): what a household marks as always in stock, for "What can I cook?".
-- Members read, add and remove their household's staples; others and anon see nothing.
begin;
set local search_path = tests, public;
select plan(17);

select tests.create_user('alice');
select tests.create_user('bob');
select tests.create_user('carol');
-- Bob joins Alice's household (and works in it); Carol keeps her own.
insert into public.household_members (household_id, user_id) values (tests.household_of('alice'), tests.get_user_id('bob'));
update public.users set household_id = tests.household_of('alice') where id = tests.get_user_id('bob');
insert into public.staples (household_id, name) values (tests.household_of('carol'), 'Carol''s oil');

select has_table('public', 'staples', 'the staples table exists');
select ok((select relrowsecurity from pg_class where oid = 'public.staples'::regclass), 'staples has row-level security on');

select tests.authenticate_as('alice');
select lives_ok($$ insert into public.staples (name, ingredient_id) values ('  salt ', (select id from public.ingredients where name = 'salt')) $$,
  'a member adds a staple to their active household (household and who added it default)');
select results_eq($$ select name, household_id, user_id from public.staples $$,
  $$ values ('salt'::text, tests.household_of('alice'), tests.get_user_id('alice')) $$,
  'the name is normalised and only the household''s own staples are seen');
select throws_ok($$ insert into public.staples (name) values ('SALT') $$,
  '23505', null, 'a staple is kept once per household whatever its case');
select throws_ok($$ insert into public.staples (name, household_id) values ('Pepper', tests.household_of('carol')) $$,
  '42501', 'new row violates row-level security policy for table "staples"', 'a member cannot add a staple to another household');
select throws_ok($$ insert into public.staples (name) values ('') $$,
  '23514', null, 'an empty name is refused');

select tests.clear_authentication();
select results_eq(
  $$ select event, payload ->> 'table', payload -> 'record' ->> 'name' from realtime.messages
     where topic = private.household_topic(tests.household_of('alice')) and payload ->> 'table' = 'staples' $$,
  $$ values ('INSERT', 'staples', 'salt') $$,
  'a new staple is broadcast on the household''s topic, as the pantry is');

select tests.authenticate_as('bob');
select results_eq($$ select name from public.staples $$, $$ values ('salt'::text) $$,
  'another member of the household sees its staples');
select lives_ok($$ insert into public.staples (name) values ('Water') $$, 'another member adds one too');
select throws_ok($$ update public.staples set name = 'Sugar' $$,
  '42501', 'permission denied for table staples', 'a staple is never edited, only added and removed');
select isnt_empty($$ delete from public.staples where name = 'Water' returning id $$, 'a member removes a staple');

select tests.authenticate_as('carol');
select results_eq($$ select name from public.staples $$, $$ values ('Carol''s oil'::text) $$,
  'someone outside the household sees only their own household''s staples');
select is_empty($$ delete from public.staples where name = 'salt' returning id $$,
  'someone outside the household cannot remove its staples');

select tests.authenticate_as_anon();
select is_empty('select * from public.staples', 'anon sees no staples');
select throws_ok($$ insert into public.staples (name, household_id) values ('Anon', tests.household_of('alice')) $$,
  '42501', null, 'anon cannot add staples');

select tests.clear_authentication();
select throws_ok($$ insert into public.staples (household_id, name)
    select tests.household_of('carol'), 'staple ' || n from generate_series(1, 200) n $$,
  '23514', 'A household keeps at most 200 staples.', 'a household keeps at most 200 staples');

select * from finish();
rollback;
