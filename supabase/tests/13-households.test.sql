-- Households (issue 17): Alice owns a household, Bob joins it by invitation, Carol has her own.
-- A sample of the shared tables by role (the whole matrix is 18-household-matrix); the invitation
-- functions, withdrawing one and removing a member; the last-owner rule; shared recipes; leaving
-- deletes nobody's data.
begin;
set local search_path = tests, public;
select plan(86);

select tests.create_user('alice');
select tests.create_user('bob');
select tests.create_user('carol');
select tests.create_user('dave');

select is((select count(*)::int from public.household_members m where m.user_id = tests.get_user_id('alice') and m.role = 'owner'), 1,
  'a new user owns a household of their own');
select is((select name from public.households where id = tests.household_of('alice')), 'Alice''s household',
  'it is named after them');

-- Invitations -------------------------------------------------------------------------------
select tests.authenticate_as('alice');
create temporary table invite on commit drop as
  select public.create_household_invitation('Bob@Example.test ') as i, public.create_household_invitation() as link;
grant select on invite to authenticated;
select is((select i ->> 'email' from invite), 'bob@example.test', 'an e-mail invitation keeps the address, normalised');
select is((select char_length(i ->> 'token') from invite), 64, 'the token is 64 hex characters');
select is((select count(*)::int from public.household_invitations where token_hash = (select i ->> 'token' from invite)), 0,
  'only a hash of the token is stored');
select throws_ok($$ select public.create_household_invitation('not an address') $$, '22023', 'Enter a valid email address.',
  'an invitation needs a valid address');
select throws_ok($$ select public.create_household_invitation('alice@example.test') $$, 'PT409', 'This person is already in your household.',
  'a member cannot be invited again');

select tests.authenticate_as('carol');
select is((select public.household_invitation((select i ->> 'token' from invite)) ->> 'household_name'), 'Alice''s household',
  'anyone with the link sees which household invites');
select throws_ok($$ select public.accept_household_invitation((select i ->> 'token' from invite)) $$, '42501',
  'This invitation was sent to another email address.', 'an e-mail invitation is only for that address');
select throws_ok($$ select public.household_invitation('nonsense') $$, 'PT404', 'This invitation link is not valid.',
  'a made-up token is not valid');
select is_empty($$ select * from public.household_invitations $$, 'other households cannot see the invitations');

select tests.authenticate_as('bob');
select is(public.accept_household_invitation((select i ->> 'token' from invite)), tests.household_of('alice'),
  'the invitee accepts and the household becomes theirs to work in');
select is(tests.household_of('bob'), tests.household_of('alice'), 'Bob now works in Alice''s household');
select throws_ok($$ select public.accept_household_invitation((select i ->> 'token' from invite)) $$, 'PT409',
  'This invitation has already been accepted.', 'an invitation is used once');
select is((select count(*)::int from public.household_members where user_id = tests.get_user_id('bob')), 2,
  'Bob keeps his own household too');

select tests.authenticate_as('dave');
select lives_ok($$ select public.decline_household_invitation((select link ->> 'token' from invite)) $$,
  'a link can be declined');
select throws_ok($$ select public.accept_household_invitation((select link ->> 'token' from invite)) $$, 'PT409',
  'This invitation has already been declined.', 'a declined invitation cannot be accepted');

select tests.clear_authentication();
update public.household_invitations set expires_at = now() - interval '1 minute'
  where token_hash = encode(sha256(convert_to((select link ->> 'token' from invite), 'UTF8')), 'hex');
update public.household_invitations set status = 'pending'
  where token_hash = encode(sha256(convert_to((select link ->> 'token' from invite), 'UTF8')), 'hex');
select tests.authenticate_as('dave');
select throws_ok($$ select public.accept_household_invitation((select link ->> 'token' from invite)) $$, 'PT410',
  'This invitation has expired. Ask for a new one.', 'an expired invitation cannot be accepted');

select tests.authenticate_as_anon();
select throws_ok($$ select public.create_household_invitation() $$, '42501', null, 'anon cannot invite');
select throws_ok($$ select public.accept_household_invitation('x') $$, '42501', null, 'anon cannot accept');

-- Membership is read-only to clients ----------------------------------------------------------
select tests.authenticate_as('bob');
select results_eq($$ select count(*)::int from public.household_members where household_id = tests.household_of('alice') $$,
  array[2], 'a member sees who is in the household');
select results_eq($$ select name from public.users where id = tests.get_user_id('alice') $$,
  array['Alice Tester'], 'a member sees the other members'' names');
select throws_ok($$ insert into public.household_members (household_id, user_id) values (tests.household_of('carol'), tests.get_user_id('bob')) $$,
  '42501', null, 'no one joins a household by writing the table');
select is_empty($$ update public.household_members set role = 'owner' where user_id = tests.get_user_id('bob') returning 1 $$,
  'a member cannot make themselves owner');
select is_empty($$ delete from public.household_members where user_id = tests.get_user_id('alice') returning 1 $$,
  'a member cannot remove anyone by writing the table');
select is_empty($$ update public.households set name = 'Bob''s now' where id = tests.household_of('alice') returning 1 $$,
  'a member cannot rename the household');
select throws_ok($$ select public.remove_household_member(tests.household_of('alice'), tests.get_user_id('alice')) $$, '42501',
  'Only the household''s owner can remove members.', 'only the owner removes members');
select throws_ok($$ select public.transfer_household_ownership(tests.household_of('alice'), tests.get_user_id('bob')) $$, '42501',
  'Only the household''s owner can hand it over.', 'only the owner hands over');

-- Withdrawing an invitation: its sender or the owner may; anyone else is refused.
select tests.authenticate_as('alice');
create temporary table owners_invite on commit drop as select public.create_household_invitation('erin@example.test') as i;
grant select on owners_invite to authenticated, anon;
select tests.authenticate_as('bob');
create temporary table members_invites on commit drop as
  select public.create_household_invitation('frank@example.test') as first, public.create_household_invitation() as second;
grant select on members_invites to authenticated, anon;
select throws_ok($$ select public.revoke_household_invitation((select (i ->> 'id')::uuid from owners_invite)) $$, '42501',
  'Only the person who sent an invitation or the owner can withdraw it.', 'a member cannot withdraw someone else''s invitation');
select lives_ok($$ select public.revoke_household_invitation((select (first ->> 'id')::uuid from members_invites)) $$,
  'the sender withdraws their own invitation');
select throws_ok($$ select public.revoke_household_invitation((select (first ->> 'id')::uuid from members_invites)) $$, 'PT409',
  'This invitation has already been revoked.', 'an invitation is withdrawn once');
select tests.authenticate_as('carol');
select throws_ok($$ select public.revoke_household_invitation((select (second ->> 'id')::uuid from members_invites)) $$, 'PT404',
  'No such invitation.', 'another household cannot withdraw (or learn of) an invitation');
select tests.authenticate_as_anon();
select throws_ok($$ select public.revoke_household_invitation((select (second ->> 'id')::uuid from members_invites)) $$, '42501',
  'permission denied for function revoke_household_invitation', 'anon cannot withdraw an invitation');
select tests.authenticate_as('alice');
select lives_ok($$ select public.revoke_household_invitation((select (second ->> 'id')::uuid from members_invites)) $$,
  'the owner withdraws a member''s invitation');
select tests.authenticate_as('dave');
select throws_ok($$ select public.accept_household_invitation((select second ->> 'token' from members_invites)) $$, 'PT409',
  'This invitation has already been revoked.', 'a withdrawn invitation cannot be accepted');

select tests.authenticate_as('carol');
select is_empty($$ select * from public.household_members where household_id = tests.household_of('alice') $$,
  'other households cannot see the members');
select is_empty($$ select * from public.households where id = tests.household_of('alice') $$,
  'other households cannot see the household');
select is_empty($$ select * from public.users where id = tests.get_user_id('alice') $$, 'nor its people');
select throws_ok($$ update public.users set household_id = tests.household_of('alice') where id = tests.get_user_id('carol') $$,
  '42501', null, 'no one can switch into a household they are not in');

select tests.authenticate_as('alice');
select isnt_empty($$ update public.households set name = 'The Testers' where id = tests.household_of('alice') returning 1 $$,
  'the owner renames the household');

-- The shared tables, by role -----------------------------------------------------------------
select tests.authenticate_as('alice');
insert into public.cooks (name) values ('Alice');
insert into public.meal_planner (date, cook_id) select current_date, id from public.cooks where name = 'Alice';
insert into public.pantry (name, quantity, unit) values ('Rice', 1, 'kg');
insert into public.shopping (name, quantity, unit) values ('Milk', 2, 'L');
select tests.authenticate_as('carol');
insert into public.cooks (name) values ('Carol');
insert into public.pantry (name) values ('Carol''s oats');
insert into public.shopping (name) values ('Carol''s bread');
insert into public.meal_planner (date) values (current_date);

select tests.authenticate_as('bob');
select results_eq($$ select name from public.cooks order by name $$, array['Alice'], 'a member sees the household''s cooks');
select results_eq($$ select count(*)::int from public.meal_planner $$, array[1], 'a member sees the household''s plan');
select results_eq($$ select name from public.pantry $$, array['Rice'], 'a member sees the household''s pantry');
select results_eq($$ select name from public.shopping $$, array['Milk'], 'a member sees the household''s list');
select lives_ok($$ insert into public.cooks (name) values ('Bob') $$, 'a member adds a cook');
select throws_ok($$ insert into public.cooks (name) values (' alice ') $$, '23505', null, 'cook names are unique per household');
select lives_ok($$ insert into public.meal_planner (date, cook_id) select current_date + 1, id from public.cooks where name = 'Bob' $$,
  'a member plans a meal with a household cook');
select lives_ok($$ insert into public.pantry (name) values ('Flour') $$, 'a member adds to the pantry');
select lives_ok($$ insert into public.shopping (name) values ('Eggs') $$, 'a member adds to the list');
select results_eq($$ select household_id from public.shopping where name = 'Eggs' $$, array[tests.household_of('alice')],
  'a new row lands in the active household');
select isnt_empty($$ update public.shopping set checked = true where name = 'Milk' returning 1 $$,
  'a member ticks a line someone else added');
select isnt_empty($$ update public.pantry set quantity = 2 where name = 'Rice' returning 1 $$, 'a member edits the pantry');
select isnt_empty($$ update public.cooks set name = 'Alice T' where name = 'Alice' returning 1 $$, 'a member renames a cook');
select isnt_empty($$ delete from public.meal_planner where date = current_date + 1 returning 1 $$, 'a member removes a meal');
select throws_ok($$ insert into public.shopping (name, household_id) values ('Sneaky', tests.household_of('carol')) $$,
  '42501', null, 'no one writes into another household''s list');
select tests.clear_authentication();
create temporary table alice_cook on commit drop as
  select id from public.cooks where household_id = tests.household_of('alice') limit 1;
grant select on alice_cook to authenticated;
select tests.authenticate_as('carol');
select results_eq($$ select name from public.cooks $$, array['Carol'], 'another household sees only its own cooks');
select results_eq($$ select name from public.shopping $$, array['Carol''s bread'], 'and only its own list');
select is_empty($$ update public.shopping set checked = true where household_id = tests.household_of('alice') returning 1 $$,
  'another household cannot tick Alice''s list');
select is_empty($$ delete from public.pantry where household_id = tests.household_of('alice') returning 1 $$,
  'nor empty her pantry');
select is_empty($$ update public.cooks set name = 'x' where household_id = tests.household_of('alice') returning 1 $$,
  'nor rename her cooks');
select is_empty($$ delete from public.meal_planner where household_id = tests.household_of('alice') returning 1 $$,
  'nor delete her meals');
select throws_ok(
  $$ insert into public.meal_planner (date, cook_id) select current_date, id from alice_cook $$,
  '42501', null, 'a meal cannot name another household''s cook');

select tests.authenticate_as_anon();
select is_empty($$ select * from public.households $$, 'anon sees no households');
select is_empty($$ select * from public.shopping $$, 'anon sees no lists');
select throws_ok($$ insert into public.pantry (name, household_id) values ('x', tests.household_of('alice')) $$, '42501', null,
  'anon writes nothing');

-- Shared recipes ---------------------------------------------------------------------------
select tests.authenticate_as('alice');
insert into public.recipes (name, portions) values ('Alice''s private dal', 2);
insert into public.recipes (name, portions, household_id) values ('Alice''s shared curry', 4, tests.household_of('alice'));
select tests.authenticate_as('bob');
select results_eq($$ select name from public.recipes where not is_default order by name $$, array['Alice''s shared curry'],
  'members see recipes shared with the household, not private ones');
select is_empty($$ update public.recipes set name = 'Mine now' where not is_default returning 1 $$,
  'only the author edits a shared recipe');
select throws_ok($$ insert into public.recipes (name, household_id) values ('Into Carol''s', tests.household_of('carol')) $$,
  '42501', null, 'a recipe can only be shared with one''s own household');
select tests.authenticate_as('carol');
select is_empty($$ select * from public.recipes where not is_default $$, 'other households see no shared recipes');

-- Leaving, removing, handing over, the last owner ---------------------------------------------
select tests.authenticate_as('alice');
select throws_ok($$ select public.leave_household(tests.household_of('alice')) $$, 'PT409',
  'Hand the household over to another member before you leave.', 'the owner cannot leave while others remain');
select lives_ok($$ select public.transfer_household_ownership(tests.household_of('alice'), tests.get_user_id('bob')) $$,
  'the owner hands the household over');
select tests.clear_authentication();
select results_eq($$ select user_id from public.household_members where household_id = tests.household_of('alice') and role = 'owner' $$,
  array[tests.get_user_id('bob')], 'there is exactly one owner afterwards');
select tests.authenticate_as('alice');
select isnt(public.leave_household(tests.household_of('bob')), tests.household_of('bob'), 'the former owner can now leave');
select tests.clear_authentication();
select is((select count(*)::int from public.shopping where name in ('Milk', 'Eggs')), 2,
  'leaving deletes nobody''s data: what Alice added stays with the household');
select is(tests.household_of('alice'), (select household_id from public.household_members where user_id = tests.get_user_id('alice')),
  'the one who left works in her own household again');
select tests.authenticate_as('alice');
select throws_ok($$ select public.leave_household(tests.household_of('alice')) $$, 'PT409',
  'You are the only one in this household, so there is no one to leave it to.', 'no one leaves a household they are alone in');

-- Bob's account goes while Dave is in his household: Dave becomes owner, and what the
-- household holds stays (the rows Bob added lose only their author).
select tests.authenticate_as('bob');
create temporary table dave_link on commit drop as select public.create_household_invitation() as link;
grant select on dave_link to authenticated;
select tests.authenticate_as('dave');
select lives_ok($$ select public.accept_household_invitation((select link ->> 'token' from dave_link)) $$,
  'a one-time link is accepted by whoever opens it');
select tests.clear_authentication();
create temporary table shared_household on commit drop as select tests.household_of('dave') as id;
delete from auth.users where id = tests.get_user_id('bob');
set constraints all immediate;
select results_eq($$ select user_id from public.household_members where household_id = (select id from shared_household) and role = 'owner' $$,
  array[tests.get_user_id('dave')], 'when the owner''s account goes, the longest-standing member becomes owner');
select results_eq($$ select name, user_id is null from public.shopping where household_id = (select id from shared_household) order by name $$,
  $$ values ('Eggs', true), ('Milk', false) $$, 'deleting one member''s account deletes nothing the household shares');
select is((select count(*)::int from public.households h where not exists (select from public.household_members m where m.household_id = h.id)), 0,
  'no household is left without members');
select is_empty($$ select h.id from public.households h where not exists (select from public.household_members m where m.household_id = h.id and m.role = 'owner') $$,
  'every household has an owner');

-- The owner removes a member: Carol joins Dave's household by a link and Dave removes her.
select tests.clear_authentication();
create temporary table carols_own on commit drop as select tests.household_of('carol') as id;
grant select on carols_own, shared_household to authenticated;
select tests.authenticate_as('dave');
create temporary table carol_link on commit drop as select public.create_household_invitation() as link;
grant select on carol_link to authenticated;
select tests.authenticate_as('carol');
select public.accept_household_invitation((select link ->> 'token' from carol_link));
select tests.authenticate_as('dave');
select throws_ok($$ select public.remove_household_member((select id from shared_household), tests.get_user_id('dave')) $$, 'PT409',
  'Hand the household over before you leave it.', 'the owner cannot remove themselves');
select lives_ok($$ select public.remove_household_member((select id from shared_household), tests.get_user_id('carol')) $$,
  'the owner removes a member');
select is_empty($$ select 1 from public.household_members where household_id = (select id from shared_household) and user_id = tests.get_user_id('carol') $$,
  'the removed member is no longer in the household');
select is(tests.household_of('carol'), (select id from carols_own), 'the removed member works in her own household again');
select throws_ok($$ select public.remove_household_member((select id from shared_household), tests.get_user_id('carol')) $$, 'PT404',
  'This person is not in your household.', 'someone not in the household cannot be removed');

select * from finish();
rollback;
