-- Live topics (issue 26): the triggers broadcast each change to the household's or the person's
-- topic, and the policies on realtime.messages decide who may join a topic (select, evaluated as
-- Realtime does: the joiner's role and claims, realtime.topic set) and that no client may send
-- (insert). Alice owns a household Bob joins; Carol has her own.
begin;
set local search_path = tests, public;
select plan(26);

select tests.create_user('alice');
select tests.create_user('bob');
select tests.create_user('carol');

/** What Realtime's join check sees: a row of `topic` that the caller can select. */
create function tests.reads(topic text)
returns boolean
language plpgsql
as $$
begin
  perform set_config('realtime.topic', topic, true);
  return exists (select from realtime.messages m where m.topic = reads.topic and m.extension = 'broadcast');
end;
$$;

/** What Realtime's send check does: insert a message on `topic` as the caller. */
create function tests.sends(topic text)
returns boolean
language plpgsql
as $$
begin
  perform set_config('realtime.topic', topic, true);
  insert into realtime.messages (topic, extension) values (topic, 'broadcast');
  return true;
exception when insufficient_privilege then
  return false;
end;
$$;

select tests.authenticate_as('alice');
create temporary table invite on commit drop as select public.create_household_invitation() as i;
grant select on invite to authenticated;
select tests.authenticate_as('bob');
select public.accept_household_invitation((select i ->> 'token' from invite));
select tests.clear_authentication();

create temporary table t on commit drop as select
  private.household_topic(tests.household_of('alice')) as alice_home,
  private.household_topic(tests.household_of('carol')) as carol_home;
grant select on t to anon, authenticated;

select is((select alice_home from t), 'household:' || tests.household_of('alice') || ':1',
  'a household''s topic is household:<id>:<generation>');

-- The triggers ------------------------------------------------------------------------------
delete from realtime.messages;
select tests.authenticate_as('bob');
insert into public.shopping (name) values ('Oat milk');
update public.shopping set checked = true where name = 'Oat milk';
insert into public.pantry (name) values ('Rice');
insert into public.cooks (name) values ('Bob');
insert into public.meal_planner (date, cook_id) select current_date, id from public.cooks where name = 'Bob';
delete from public.shopping where name = 'Oat milk';
insert into public.recipes (name) values ('Bob''s dal');
insert into public.favourites (recipe_id) select id from public.recipes where name = 'Bob''s dal';
update public.users set name = 'Robert' where id = tests.get_user_id('bob');
select tests.clear_authentication();

select bag_eq(
  $$ select event, payload ->> 'table' as tbl, payload ->> 'operation' as op from realtime.messages
     where topic = (select alice_home from t) $$,
  $$ values ('INSERT', 'shopping', 'INSERT'), ('UPDATE', 'shopping', 'UPDATE'), ('INSERT', 'pantry', 'INSERT'),
       ('INSERT', 'cooks', 'INSERT'), ('INSERT', 'meal_planner', 'INSERT'), ('DELETE', 'shopping', 'DELETE') $$,
  'every change to the plan, cooks, pantry and list goes to the household''s topic');
select is((select count(*)::int from realtime.messages where private and extension = 'broadcast'),
  (select count(*)::int from realtime.messages), 'as private broadcasts');
select is(
  (select payload -> 'old_record' ->> 'checked' || '→' || (payload -> 'record' ->> 'checked') from realtime.messages
   where topic = (select alice_home from t) and event = 'UPDATE'),
  'false→true', 'an update carries the old and the new row');
select bag_eq(
  $$ select event || ' ' || (payload ->> 'table') from realtime.messages
     where topic = 'user:' || tests.get_user_id('bob') $$,
  $$ values ('INSERT recipes'), ('INSERT favourites'), ('UPDATE users') $$,
  'own recipes, favourites and the profile go to the person''s topic');
select is_empty(
  $$ select from realtime.messages where topic = (select carol_home from t) or topic = 'user:' || tests.get_user_id('alice') $$,
  'and nowhere else');

-- A shared recipe also goes to its household.
select tests.authenticate_as('bob');
update public.recipes set household_id = tests.household_of('alice') where name = 'Bob''s dal';
select tests.clear_authentication();
select is((select count(*)::int from realtime.messages where topic = (select alice_home from t) and payload ->> 'table' = 'recipes'), 1,
  'sharing a recipe tells the household');

insert into public.price_imports (checksum, files, formats, rows_read, imported_by)
values (repeat('a', 64), array['feed.json'], array['sample'], 1, 'test');
select is((select count(*)::int from realtime.messages where topic = 'prices' and payload ->> 'table' = 'price_imports'), 1,
  'an applied price import goes to the prices topic');

-- Who may join ------------------------------------------------------------------------------
-- Realtime's probe rows, one per topic under test, inserted as it does (bypassing the policies).
insert into realtime.messages (topic, extension)
select topic, 'broadcast' from (values ((select alice_home from t)), ((select carol_home from t)),
  ('user:' || tests.get_user_id('alice')), ('user:' || tests.get_user_id('carol')),
  ('household:' || tests.household_of('carol')), ('prices')) probe(topic);
insert into realtime.messages (topic, extension) values ((select alice_home from t), 'presence');

select tests.authenticate_as('bob');
select ok(tests.reads((select alice_home from t)), 'a member may join their household''s topic');
select ok(tests.reads('user:' || tests.get_user_id('bob')), 'a person may join their own topic');
select ok(not tests.reads((select carol_home from t)), 'not another household''s');
select ok(not tests.reads('user:' || tests.get_user_id('alice')), 'not another person''s, even a household member''s');
select ok(not tests.reads('household:' || tests.household_of('carol')), 'nor a guessed name');
select is_empty($$ select from realtime.messages where extension = 'presence' $$, 'presence is not offered on these topics');
select ok(not tests.sends((select alice_home from t)), 'no member may send to the household''s topic');
select ok(not tests.sends('user:' || tests.get_user_id('bob')), 'no one may send to their own topic');
select ok(tests.reads('prices'), 'anyone signed in may join the prices topic');
select ok(not tests.sends('prices'), 'but no one may send to it');

set local role anon;
select ok(not tests.reads((select carol_home from t)) and not tests.reads('user:' || tests.get_user_id('carol')),
  'anon may join neither kind');
select ok(not tests.sends('user:' || tests.get_user_id('carol')), 'nor send to them');
select ok(not tests.reads('prices'), 'anon may not join the prices topic');
reset role;

-- Someone removed moves the household to a new topic -----------------------------------------
select tests.authenticate_as('alice');
select public.remove_household_member(tests.household_of('alice'), tests.get_user_id('bob'));
select tests.clear_authentication();
select is(
  (select count(*)::int from realtime.messages
   where topic = (select alice_home from t) and event = 'DELETE' and payload ->> 'table' = 'household_members'),
  1, 'the removal goes to the old topic, where the others hear it');
create temporary table moved on commit drop as
  select (select alice_home from t) as old_topic, private.household_topic(tests.household_of('alice')) as new_topic;
grant select on moved to authenticated;
select is((select new_topic from moved), 'household:' || tests.household_of('alice') || ':2',
  'the household moves to its next generation');
insert into realtime.messages (topic, extension) values ((select new_topic from moved), 'broadcast');

select tests.authenticate_as('bob');
select ok(not tests.reads((select old_topic from moved)), 'the one removed may not join the old topic again');
select ok(not tests.reads((select new_topic from moved)), 'nor the new one');
select tests.authenticate_as('alice');
select ok(tests.reads((select new_topic from moved)), 'the owner joins the new topic');

select * from finish();
rollback;
