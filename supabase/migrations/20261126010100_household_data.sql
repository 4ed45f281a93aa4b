-- The plan, cooks, pantry and shopping list move from each person to their household (issue 17).
--
-- Correct on a live database, but not online: every table gains a nullable household_id, each
-- row is given its author's household (made by the previous migration), and only then is the
-- column required. The whole file is one transaction, so no row is ever seen half-moved, nothing
-- is deleted, and writes that arrive meanwhile wait for it and then land through the new trigger.
-- The price is downtime for these four tables: ALTER TABLE (add column, set default, set not
-- null) takes ACCESS EXCLUSIVE locks on cooks, meal_planner, pantry and shopping and holds them
-- until commit, so reads wait too, for as long as the full-table UPDATEs, the NOT NULL scans and
-- the (non-concurrent) index builds take. Fine for today's data; on a large database run it in a
-- quiet window, or split it (add the column, backfill in batches, then require it).
--
-- `user_id` stays, meaning "added by": it keeps its default (auth.uid()) but no longer decides
-- who sees the row, and it is set null, not cascaded, when that person's account goes, so
-- deleting one member's account never deletes what the household shares.

alter table public.cooks add column household_id uuid references public.households (id) on delete cascade;
alter table public.meal_planner add column household_id uuid references public.households (id) on delete cascade;
alter table public.pantry add column household_id uuid references public.households (id) on delete cascade;
alter table public.shopping add column household_id uuid references public.households (id) on delete cascade;

comment on column public.cooks.household_id is 'The household this cook belongs to; its members see and edit it.';
comment on column public.meal_planner.household_id is 'The household whose plan this meal is in.';
comment on column public.pantry.household_id is 'The household whose pantry holds this item.';
comment on column public.shopping.household_id is 'The household whose list this line is on.';

update public.cooks t set household_id = u.household_id from public.users u where u.id = t.user_id and t.household_id is null;
update public.meal_planner t set household_id = u.household_id from public.users u where u.id = t.user_id and t.household_id is null;
update public.pantry t set household_id = u.household_id from public.users u where u.id = t.user_id and t.household_id is null;
update public.shopping t set household_id = u.household_id from public.users u where u.id = t.user_id and t.household_id is null;

-- A row whose author has no profile (never the case through the app) still must not be lost:
-- it goes to a household of its own author, made here.
do $$
declare
  author uuid;
begin
  for author in
    select user_id from public.cooks where household_id is null
    union select user_id from public.meal_planner where household_id is null
    union select user_id from public.pantry where household_id is null
    union select user_id from public.shopping where household_id is null
  loop
    insert into public.users (id, email) select a.id, a.email from auth.users a where a.id = author
    on conflict (id) do nothing;
    perform private.ensure_active_household(author);
  end loop;
end;
$$;

update public.cooks t set household_id = u.household_id from public.users u where u.id = t.user_id and t.household_id is null;
update public.meal_planner t set household_id = u.household_id from public.users u where u.id = t.user_id and t.household_id is null;
update public.pantry t set household_id = u.household_id from public.users u where u.id = t.user_id and t.household_id is null;
update public.shopping t set household_id = u.household_id from public.users u where u.id = t.user_id and t.household_id is null;

/** The caller's active household: where a row they add lands unless it names another. */
create function private.active_household_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select u.household_id from public.users u where u.id = (select auth.uid())
$$;

revoke all on function private.active_household_id() from public;
grant execute on function private.active_household_id() to anon, authenticated;

alter table public.cooks alter column household_id set default private.active_household_id();
alter table public.meal_planner alter column household_id set default private.active_household_id();
alter table public.pantry alter column household_id set default private.active_household_id();
alter table public.shopping alter column household_id set default private.active_household_id();

alter table public.cooks alter column household_id set not null;
alter table public.meal_planner alter column household_id set not null;
alter table public.pantry alter column household_id set not null;
alter table public.shopping alter column household_id set not null;

-- "Added by": kept when its author's account is deleted, as null.
alter table public.cooks alter column user_id drop not null,
  drop constraint cooks_user_id_fkey,
  add constraint cooks_user_id_fkey foreign key (user_id) references auth.users (id) on delete set null;
alter table public.meal_planner alter column user_id drop not null,
  drop constraint meal_planner_user_id_fkey,
  add constraint meal_planner_user_id_fkey foreign key (user_id) references auth.users (id) on delete set null;
alter table public.pantry alter column user_id drop not null,
  drop constraint pantry_user_id_fkey,
  add constraint pantry_user_id_fkey foreign key (user_id) references auth.users (id) on delete set null;
alter table public.shopping alter column user_id drop not null,
  drop constraint shopping_user_id_fkey,
  add constraint shopping_user_id_fkey foreign key (user_id) references auth.users (id) on delete set null;

/**
 * Rows written by trusted code that names only the author (the service role has no auth.uid()
 * for the default) land in the author's active household; who added a row never changes.
 */
create function private.fill_household_id()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if new.household_id is null then
      select u.household_id into new.household_id from public.users u
      where u.id = coalesce(new.user_id, (select auth.uid()));
    end if;
  -- Null is how the foreign key records that the author's account was deleted.
  elsif new.user_id is distinct from old.user_id and new.user_id is not null then
    raise exception 'Who added an item cannot be changed.' using errcode = '42501';
  end if;
  return new;
end;
$$;

revoke all on function private.fill_household_id() from public;

create trigger fill_household_id before insert or update on public.cooks
  for each row execute function private.fill_household_id();
create trigger fill_household_id before insert or update on public.meal_planner
  for each row execute function private.fill_household_id();
create trigger fill_household_id before insert or update on public.pantry
  for each row execute function private.fill_household_id();
create trigger fill_household_id before insert or update on public.shopping
  for each row execute function private.fill_household_id();

-- Indexes behind the policies and the app's reads; the per-user ones remain for "added by".
drop index public.cooks_user_id_name_key;
create unique index cooks_household_id_name_key on public.cooks (household_id, lower(btrim(name)));
create index cooks_user_id_idx on public.cooks (user_id);
create index meal_planner_household_id_date_idx on public.meal_planner (household_id, date);
create index pantry_household_id_idx on public.pantry (household_id);
create index shopping_household_id_idx on public.shopping (household_id);
drop index public.shopping_plan_key_idx;
create unique index shopping_plan_key_idx on public.shopping (household_id, plan_key) where plan_key is not null;

comment on table public.cooks is
  'Cooks of a household. Names are unique per household, compared trimmed and case-insensitively.';

-- Policies: one rule, the household's, through private.my_household_ids(). Inserts also say who
-- added the row (the caller); updates may not move a row to a household the caller is not in.
drop policy "Users can view their own cooks" on public.cooks;
drop policy "Users can add their own cooks" on public.cooks;
drop policy "Users can update their own cooks" on public.cooks;
drop policy "Users can delete their own cooks" on public.cooks;

create policy "Members can view their household's cooks"
  on public.cooks for select to authenticated
  using (household_id = any ((select private.my_household_ids())::uuid[]));
create policy "Members can add cooks to their household"
  on public.cooks for insert to authenticated
  with check (household_id = any ((select private.my_household_ids())::uuid[]) and user_id = (select auth.uid()));
create policy "Members can update their household's cooks"
  on public.cooks for update to authenticated
  using (household_id = any ((select private.my_household_ids())::uuid[]))
  with check (household_id = any ((select private.my_household_ids())::uuid[]));
create policy "Members can delete their household's cooks"
  on public.cooks for delete to authenticated
  using (household_id = any ((select private.my_household_ids())::uuid[]));

drop policy "Users can view their own meals" on public.meal_planner;
drop policy "Users can plan their own meals with recipes they can see and their own cooks" on public.meal_planner;
drop policy "Users can update their own meals with recipes they can see and their own cooks" on public.meal_planner;
drop policy "Users can delete their own meals" on public.meal_planner;

-- A meal names a recipe the caller can see and a cook of the same household: another
-- household's cook would otherwise become undeletable for its owners.
create policy "Members can view their household's plan"
  on public.meal_planner for select to authenticated
  using (household_id = any ((select private.my_household_ids())::uuid[]));
create policy "Members can plan meals with recipes they can see and their household's cooks"
  on public.meal_planner for insert to authenticated
  with check (
    household_id = any ((select private.my_household_ids())::uuid[])
    and user_id = (select auth.uid())
    and (recipe_id is null or exists (select 1 from public.recipes r where r.id = recipe_id))
    and (cook_id is null or exists (select 1 from public.cooks c where c.id = cook_id and c.household_id = meal_planner.household_id))
  );
create policy "Members can update meals with recipes they can see and their household's cooks"
  on public.meal_planner for update to authenticated
  using (household_id = any ((select private.my_household_ids())::uuid[]))
  with check (
    household_id = any ((select private.my_household_ids())::uuid[])
    and (recipe_id is null or exists (select 1 from public.recipes r where r.id = recipe_id))
    and (cook_id is null or exists (select 1 from public.cooks c where c.id = cook_id and c.household_id = meal_planner.household_id))
  );
create policy "Members can delete their household's meals"
  on public.meal_planner for delete to authenticated
  using (household_id = any ((select private.my_household_ids())::uuid[]));

drop policy "Users can view their own pantry items" on public.pantry;
drop policy "Users can add their own pantry items" on public.pantry;
drop policy "Users can update their own pantry items" on public.pantry;
drop policy "Users can delete their own pantry items" on public.pantry;

create policy "Members can view their household's pantry"
  on public.pantry for select to authenticated
  using (household_id = any ((select private.my_household_ids())::uuid[]));
create policy "Members can add to their household's pantry"
  on public.pantry for insert to authenticated
  with check (household_id = any ((select private.my_household_ids())::uuid[]) and user_id = (select auth.uid()));
create policy "Members can update their household's pantry"
  on public.pantry for update to authenticated
  using (household_id = any ((select private.my_household_ids())::uuid[]))
  with check (household_id = any ((select private.my_household_ids())::uuid[]));
create policy "Members can delete from their household's pantry"
  on public.pantry for delete to authenticated
  using (household_id = any ((select private.my_household_ids())::uuid[]));

drop policy "Users can view their own shopping items" on public.shopping;
drop policy "Users can add their own shopping items" on public.shopping;
drop policy "Users can update their own shopping items" on public.shopping;
drop policy "Users can delete their own shopping items" on public.shopping;

create policy "Members can view their household's list"
  on public.shopping for select to authenticated
  using (household_id = any ((select private.my_household_ids())::uuid[]));
create policy "Members can add to their household's list"
  on public.shopping for insert to authenticated
  with check (household_id = any ((select private.my_household_ids())::uuid[]) and user_id = (select auth.uid()));
create policy "Members can update their household's list"
  on public.shopping for update to authenticated
  using (household_id = any ((select private.my_household_ids())::uuid[]))
  with check (household_id = any ((select private.my_household_ids())::uuid[]));
create policy "Members can delete from their household's list"
  on public.shopping for delete to authenticated
  using (household_id = any ((select private.my_household_ids())::uuid[]));

-- Own recipes stay personal unless their author shares one with a household they belong to.
alter table public.recipes add column household_id uuid references public.households (id) on delete set null;
comment on column public.recipes.household_id is
  'Shared with this household (its members can read and plan it; only the author edits); null: private.';
create index recipes_household_id_idx on public.recipes (household_id);

drop policy "Users can view their own and the default recipes" on public.recipes;
create policy "Users can view their own, their households' shared and the default recipes"
  on public.recipes for select to authenticated
  using (user_id = (select auth.uid()) or is_default or household_id = any ((select private.my_household_ids())::uuid[]));

drop policy "Users can create their own recipes" on public.recipes;
create policy "Users can create their own recipes"
  on public.recipes for insert to authenticated
  with check (
    user_id = (select auth.uid()) and not is_default
    and (household_id is null or household_id = any ((select private.my_household_ids())::uuid[]))
  );

drop policy "Users can update their own recipes" on public.recipes;
create policy "Users can update their own recipes"
  on public.recipes for update to authenticated
  using (user_id = (select auth.uid()))
  with check (
    user_id = (select auth.uid()) and not is_default
    and (household_id is null or household_id = any ((select private.my_household_ids())::uuid[]))
  );

drop policy "Users can view the lines of recipes they can see" on public.recipe_ingredients;
create policy "Users can view the lines of recipes they can see"
  on public.recipe_ingredients for select to authenticated
  using (
    recipe_id in (
      select r.id from public.recipes r
      where r.user_id = (select auth.uid()) or r.is_default
        or r.household_id = any ((select private.my_household_ids())::uuid[])
    )
  );

/**
 * apply_plan_lines (issue 19), now for the caller's active household's list: the same rules,
 * with "the caller's list" read as their household's.
 */
create or replace function public.apply_plan_lines(lines jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  household uuid;
  added integer;
  updated integer;
  removed integer;
  kept integer;
begin
  if me is null then
    raise exception 'Sign in to write a shopping list.' using errcode = '42501';
  end if;
  select u.household_id into household from public.users u where u.id = me;
  if household is null or not private.is_household_member(household) then
    raise exception 'Choose a household first.' using errcode = '42501';
  end if;
  if jsonb_typeof(lines) is distinct from 'array' then
    raise exception 'lines must be a list.' using errcode = '22023';
  end if;
  if jsonb_array_length(lines) > 300 then
    raise exception 'lines can hold at most 300 items.' using errcode = '22023';
  end if;

  drop table if exists pg_temp.wanted;
  create temporary table wanted on commit drop as
  select distinct on (l.key)
    l.key, l.name, l.ingredient_id, round(l.quantity, 3) as quantity, nullif(l.unit, '') as unit,
    coalesce(l.meals, '{}') as meals
  from jsonb_to_recordset(lines) as l(key text, name text, ingredient_id bigint, quantity numeric, unit text, meals text[])
  order by l.key;

  if exists (
    select from wanted
    where key is null or char_length(key) > 100 or name is null or quantity is null
      or not (quantity > 0 and quantity <= 100000)
  ) then
    raise exception 'Each line needs a key (at most 100 characters), a name and a quantity above 0 and at most 100000.'
      using errcode = '22023';
  end if;

  with gone as (
    delete from public.shopping s
    where s.household_id = household and s.plan_key is not null and not s.checked
      and s.quantity is not distinct from s.plan_quantity
      and not exists (select from wanted w where w.key = s.plan_key)
    returning 1
  )
  select count(*) into removed from gone;

  with changed as (
    update public.shopping s
    set name = w.name, ingredient_id = w.ingredient_id, quantity = w.quantity, unit = w.unit,
      plan_quantity = w.quantity, plan_meals = w.meals
    from wanted w
    where s.household_id = household and s.plan_key = w.key and not s.checked
      and s.quantity is not distinct from s.plan_quantity
    returning 1
  )
  select count(*) into updated from changed;

  with fresh as (
    insert into public.shopping (user_id, household_id, name, ingredient_id, quantity, unit, plan_key, plan_quantity, plan_meals)
    select me, household, w.name, w.ingredient_id, w.quantity, w.unit, w.key, w.quantity, w.meals
    from wanted w
    where not exists (select from public.shopping s where s.household_id = household and s.plan_key = w.key)
    returning 1
  )
  select count(*) into added from fresh;

  select count(*) - added - updated into kept from wanted;
  drop table pg_temp.wanted;
  return jsonb_build_object('added', added, 'updated', updated, 'removed', removed, 'kept', kept);
end;
$$;

comment on function public.apply_plan_lines(jsonb) is
  'Writes the plan''s shopping lines into the caller''s active household''s list, all or nothing: updates its own unticked, unedited lines, adds missing ones, removes ones no longer needed; never touches lines added by hand.';
