-- Households (issue 17), the whole matrix: every household table × select/insert/update/delete ×
-- {owner, member, another household, anon}, one assertion per cell, each aimed at Alice's
-- household. Alice owns it, Bob is a member, Carol has her own household.
--
-- A cell is one row of tests.cells: what the role should get, as
--   yes    the statement reaches exactly one row (writes are undone by tests.affected, so every
--          cell sees the same fixture),
--   none   RLS filters the rows out (is_empty; a refused write returns nothing),
--   rls    the new row violates the table's policy (42501, the RLS error text),
--   grant  the role has no privilege on the table for this (42501, permission denied).
-- The expectations follow the policies: 20261126010000_households.sql,
-- 20261126010100_household_data.sql, 20261127010000_staples.sql,
-- 20261127020100_household_shops.sql, 20261127020200_put_away.sql.
begin;
set local search_path = tests, public;
select plan(160);

select tests.create_user('alice');
select tests.create_user('bob');
select tests.create_user('carol');
select tests.create_user('dave');

-- Bob joins Alice's household (the invitation flow itself is tested in 13).
insert into public.household_members (household_id, user_id) values (tests.household_of('alice'), tests.get_user_id('bob'));
update public.users set household_id = tests.household_of('alice') where id = tests.get_user_id('bob');

/** How many rows the statement reaches, then undoes it; errors (RLS, privileges) propagate. */
create function tests.affected(statement text)
returns int
language plpgsql
as $$
declare
  n int;
begin
  begin
    execute statement;
    get diagnostics n = row_count;
    raise exception 'undo' using errcode = 'TUNDO';
  exception when sqlstate 'TUNDO' then
    return n;
  end;
end;
$$;

-- The statements, one per table and operation, each aimed at Alice's household (%1$L).
create temporary table statements (tbl text, op text, sql text, primary key (tbl, op)) on commit drop;
insert into statements
select tbl, op, format(sql, tests.household_of('alice'), tests.get_user_id('dave')) from (values
  ('households', 'select', 'select 1 from public.households where id = %1$L'),
  ('households', 'insert', 'insert into public.households (name) values (''A new one'')'),
  ('households', 'update', 'update public.households set name = ''Renamed'' where id = %1$L'),
  ('households', 'delete', 'delete from public.households where id = %1$L'),
  ('household_members', 'select', 'select 1 from public.household_members where household_id = %1$L and role = ''owner'''),
  ('household_members', 'insert', 'insert into public.household_members (household_id, user_id) values (%1$L, %2$L)'),
  ('household_members', 'update', 'update public.household_members set role = ''member'' where household_id = %1$L and role = ''owner'''),
  ('household_members', 'delete', 'delete from public.household_members where household_id = %1$L and role = ''member'''),
  ('household_invitations', 'select', 'select 1 from public.household_invitations where household_id = %1$L'),
  ('household_invitations', 'insert', 'insert into public.household_invitations (household_id, token_hash) values (%1$L, ''made-up'')'),
  ('household_invitations', 'update', 'update public.household_invitations set expires_at = now() + interval ''1 year'' where household_id = %1$L'),
  ('household_invitations', 'delete', 'delete from public.household_invitations where household_id = %1$L'),
  ('cooks', 'select', 'select 1 from public.cooks where household_id = %1$L'),
  ('cooks', 'insert', 'insert into public.cooks (name, household_id) values (''New cook'', %1$L)'),
  ('cooks', 'update', 'update public.cooks set name = ''Alice T'' where household_id = %1$L'),
  ('cooks', 'delete', 'delete from public.cooks where household_id = %1$L'),
  ('meal_planner', 'select', 'select 1 from public.meal_planner where household_id = %1$L'),
  ('meal_planner', 'insert', 'insert into public.meal_planner (date, household_id) values (current_date + 3, %1$L)'),
  ('meal_planner', 'update', 'update public.meal_planner set date = current_date + 1 where household_id = %1$L'),
  ('meal_planner', 'delete', 'delete from public.meal_planner where household_id = %1$L'),
  ('pantry', 'select', 'select 1 from public.pantry where household_id = %1$L'),
  ('pantry', 'insert', 'insert into public.pantry (name, household_id) values (''Flour'', %1$L)'),
  ('pantry', 'update', 'update public.pantry set quantity = 5 where household_id = %1$L'),
  ('pantry', 'delete', 'delete from public.pantry where household_id = %1$L'),
  ('shopping', 'select', 'select 1 from public.shopping where household_id = %1$L'),
  ('shopping', 'insert', 'insert into public.shopping (name, household_id) values (''Eggs'', %1$L)'),
  ('shopping', 'update', 'update public.shopping set checked = true where household_id = %1$L'),
  ('shopping', 'delete', 'delete from public.shopping where household_id = %1$L'),
  ('staples', 'select', 'select 1 from public.staples where household_id = %1$L'),
  ('staples', 'insert', 'insert into public.staples (name, household_id) values (''Pepper'', %1$L)'),
  ('staples', 'update', 'update public.staples set name = ''Sea salt'' where household_id = %1$L'),
  ('staples', 'delete', 'delete from public.staples where household_id = %1$L'),
  ('household_shops', 'select', 'select 1 from public.household_shops where household_id = %1$L'),
  ('household_shops', 'insert', 'insert into public.household_shops (household_id, chain) values (%1$L, ''aldi'')'),
  ('household_shops', 'update', 'update public.household_shops set chain = ''coles'' where household_id = %1$L'),
  ('household_shops', 'delete', 'delete from public.household_shops where household_id = %1$L'),
  ('put_aways', 'select', 'select 1 from public.put_aways where household_id = %1$L'),
  ('put_aways', 'insert', 'insert into public.put_aways (household_id, entries) values (%1$L, ''[]'')'),
  ('put_aways', 'update', 'update public.put_aways set undone_at = now() where household_id = %1$L'),
  ('put_aways', 'delete', 'delete from public.put_aways where household_id = %1$L')
) s (tbl, op, sql);

-- What each role gets. Columns: select, insert, update, delete.
create temporary table cells (who text, tbl text, op text, expect text, primary key (who, tbl, op)) on commit drop;
insert into cells
select who, tbl, o.op, o.expect
from (values
  -- Membership is written only by the invitation functions; the owner alone renames.
  ('owner',  'households',            'yes',  'rls',  'yes',   'none'),
  ('member', 'households',            'yes',  'rls',  'none',  'none'),
  ('other',  'households',            'none', 'rls',  'none',  'none'),
  ('anon',   'households',            'none', 'rls',  'grant', 'none'),
  ('owner',  'household_members',     'yes',  'rls',  'none',  'none'),
  ('member', 'household_members',     'yes',  'rls',  'none',  'none'),
  ('other',  'household_members',     'none', 'rls',  'none',  'none'),
  ('anon',   'household_members',     'none', 'rls',  'none',  'none'),
  ('owner',  'household_invitations', 'yes',  'rls',  'none',  'none'),
  ('member', 'household_invitations', 'yes',  'rls',  'none',  'none'),
  ('other',  'household_invitations', 'none', 'rls',  'none',  'none'),
  ('anon',   'household_invitations', 'none', 'rls',  'none',  'none'),
  -- The shared tables: every member, owner or not, does everything.
  ('owner',  'cooks',                 'yes',  'yes',  'yes',   'yes'),
  ('member', 'cooks',                 'yes',  'yes',  'yes',   'yes'),
  ('other',  'cooks',                 'none', 'rls',  'none',  'none'),
  ('anon',   'cooks',                 'none', 'rls',  'none',  'none'),
  ('owner',  'meal_planner',          'yes',  'yes',  'yes',   'yes'),
  ('member', 'meal_planner',          'yes',  'yes',  'yes',   'yes'),
  ('other',  'meal_planner',          'none', 'rls',  'none',  'none'),
  ('anon',   'meal_planner',          'none', 'rls',  'none',  'none'),
  ('owner',  'pantry',                'yes',  'yes',  'yes',   'yes'),
  ('member', 'pantry',                'yes',  'yes',  'yes',   'yes'),
  ('other',  'pantry',                'none', 'rls',  'none',  'none'),
  ('anon',   'pantry',                'none', 'rls',  'none',  'none'),
  ('owner',  'shopping',              'yes',  'yes',  'yes',   'yes'),
  ('member', 'shopping',              'yes',  'yes',  'yes',   'yes'),
  ('other',  'shopping',              'none', 'rls',  'none',  'none'),
  ('anon',   'shopping',              'none', 'rls',  'none',  'none'),
  -- A staple is added or removed, never edited (no update privilege for anyone).
  ('owner',  'staples',               'yes',  'yes',  'grant', 'yes'),
  ('member', 'staples',               'yes',  'yes',  'grant', 'yes'),
  ('other',  'staples',               'none', 'rls',  'grant', 'none'),
  ('anon',   'staples',               'none', 'rls',  'grant', 'none'),
  -- One store row per household, set up and changed by any member, never deleted.
  ('owner',  'household_shops',       'yes',  'yes',  'yes',   'none'),
  ('member', 'household_shops',       'yes',  'yes',  'yes',   'none'),
  ('other',  'household_shops',       'none', 'rls',  'none',  'none'),
  ('anon',   'household_shops',       'none', 'rls',  'none',  'none'),
  -- Receipts are written only by put_away_shopping / undo_put_away; members read them.
  ('owner',  'put_aways',             'yes',  'rls',  'none',  'none'),
  ('member', 'put_aways',             'yes',  'rls',  'none',  'none'),
  ('other',  'put_aways',             'none', 'rls',  'none',  'none'),
  ('anon',   'put_aways',             'none', 'rls',  'none',  'none')
) m (who, tbl, s, i, u, d)
cross join lateral (values ('select', s), ('insert', i), ('update', u), ('delete', d)) o (op, expect);

grant select on statements, cells to authenticated, anon;

/** One cell of the matrix as one pgTAP assertion, run as whoever the test is acting as. */
create function tests.cell(role_name text, table_name text, operation text)
returns text
language plpgsql
as $$
declare
  statement text := (select s.sql from statements s where s.tbl = table_name and s.op = operation);
  expected text := (select c.expect from cells c where c.who = role_name and c.tbl = table_name and c.op = operation);
  label text := format('%s: %s on %s ', case role_name
    when 'owner' then 'the owner' when 'member' then 'a member'
    when 'other' then 'another household' else 'anon' end, operation, table_name);
begin
  if statement is null or expected is null then
    raise exception 'tests.cell: no cell for % % %', role_name, table_name, operation;
  end if;
  return case expected
    when 'yes' then case operation
      when 'select' then tests.isnt_empty(statement, label || 'sees the row')
      else tests.is(tests.affected(statement), 1, label || 'is allowed') end
    when 'none' then tests.is_empty(statement || case when operation = 'select' then '' else ' returning 1' end,
      label || case operation when 'select' then 'sees nothing' else 'reaches no row' end)
    when 'rls' then tests.throws_ok(statement, '42501',
      format('new row violates row-level security policy for table "%s"', table_name), label || 'is refused by RLS')
    when 'grant' then tests.throws_ok(statement, '42501',
      format('permission denied for table %s', table_name), label || 'is not granted')
  end;
end;
$$;

-- The fixture: one row of each table in Alice's household, and one in Carol's.
select tests.authenticate_as('alice');
insert into public.cooks (name) values ('Alice');
insert into public.meal_planner (date) values (current_date);
insert into public.pantry (name, quantity, unit) values ('Rice', 1, 'kg');
insert into public.shopping (name, quantity, unit) values ('Milk', 2, 'L');
insert into public.staples (name) values ('Salt');
select public.create_household_invitation('erin@example.test');
select tests.authenticate_as('carol');
insert into public.cooks (name) values ('Carol');
insert into public.pantry (name) values ('Carol''s oats');
select tests.clear_authentication();
insert into public.put_aways (household_id, entries) values (tests.household_of('alice'), '[]');

-- Inserts first, while Alice's household has no store row yet (one per household).
select tests.authenticate_as('alice');
select tests.cell('owner', tbl, 'insert') from statements where op = 'insert' order by tbl;
select tests.authenticate_as('bob');
select tests.cell('member', tbl, 'insert') from statements where op = 'insert' order by tbl;
select tests.authenticate_as('carol');
select tests.cell('other', tbl, 'insert') from statements where op = 'insert' order by tbl;
select tests.authenticate_as_anon();
select tests.cell('anon', tbl, 'insert') from statements where op = 'insert' order by tbl;

select tests.clear_authentication();
insert into public.household_shops (household_id, chain) values (tests.household_of('alice'), 'woolworths');

select tests.authenticate_as('alice');
select tests.cell('owner', tbl, op) from statements where op <> 'insert' order by tbl, op desc;
select tests.authenticate_as('bob');
select tests.cell('member', tbl, op) from statements where op <> 'insert' order by tbl, op desc;
select tests.authenticate_as('carol');
select tests.cell('other', tbl, op) from statements where op <> 'insert' order by tbl, op desc;
select tests.authenticate_as_anon();
select tests.cell('anon', tbl, op) from statements where op <> 'insert' order by tbl, op desc;

select * from finish();
rollback;
