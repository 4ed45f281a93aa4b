-- Shop the week (issue 19): how many portions a planned meal is cooked for, shopping lines the
-- plan writes (and writes again without duplicating them or touching what the person changed),
-- and the saving that makes a second shop worth the trip.

alter table public.meal_planner
  add column portions integer check (portions between 1 and 100);

comment on column public.meal_planner.portions is
  'Portions this meal is cooked for; null means the recipe''s own. Nutrition and cost follow it.';

alter table public.shopping
  add column plan_key text check (char_length(plan_key) <= 100),
  add column plan_quantity numeric,
  add column plan_meals text[] not null default '{}'
    check (cardinality(plan_meals) <= 60);

comment on column public.shopping.plan_key is
  'Set on a line the plan wrote: its ingredient (i:<id>) or name (n:<name>); null for lines added by hand.';
comment on column public.shopping.plan_quantity is
  'The quantity the plan last wrote; a line whose quantity differs was edited by hand and is left alone.';
comment on column public.shopping.plan_meals is 'The meals the line is for, as shown: ''Mon dinner''.';

-- One plan line per ingredient and person: writing the plan again finds it instead of adding another.
create unique index shopping_plan_key_idx on public.shopping (user_id, plan_key) where plan_key is not null;

alter table public.users
  add column basket_min_saving_cents integer not null default 500
    check (basket_min_saving_cents between 0 and 100000);

comment on column public.users.basket_min_saving_cents is
  'The smallest saving (cents) worth a second shop; the basket suggests a two-chain split only above it. Default $5.';

grant update (basket_min_saving_cents) on public.users to authenticated;

/**
 * Writes the lines the plan needs into the caller's shopping list, all or nothing (issue 19).
 * `lines` is what shared/basket shoppingNeeds computed: [{key, name, ingredient_id, quantity,
 * unit, meals}], quantity in the line's base unit (g, mL or each), at most 300 lines.
 *
 * - A line the plan wrote before (same key), not ticked and not edited by hand (its quantity is
 *   still the one the plan wrote), is updated; one that is ticked or edited is left alone.
 * - A key with no line yet is added.
 * - A line the plan wrote that the plan no longer needs (a meal was removed), not ticked and not
 *   edited, is removed.
 * Lines added by hand (no plan key) are never touched. Runs as the caller: row-level security
 * keeps every write to their own list.
 *
 * @returns {added, updated, removed, kept}: kept counts needed lines left alone.
 */
create function public.apply_plan_lines(lines jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  added integer;
  updated integer;
  removed integer;
  kept integer;
begin
  if me is null then
    raise exception 'Sign in to write a shopping list.' using errcode = '42501';
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
    where s.user_id = me and s.plan_key is not null and not s.checked
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
    where s.user_id = me and s.plan_key = w.key and not s.checked
      and s.quantity is not distinct from s.plan_quantity
    returning 1
  )
  select count(*) into updated from changed;

  with fresh as (
    insert into public.shopping (user_id, name, ingredient_id, quantity, unit, plan_key, plan_quantity, plan_meals)
    select me, w.name, w.ingredient_id, w.quantity, w.unit, w.key, w.quantity, w.meals
    from wanted w
    where not exists (select from public.shopping s where s.user_id = me and s.plan_key = w.key)
    returning 1
  )
  select count(*) into added from fresh;

  select count(*) - added - updated into kept from wanted;
  drop table pg_temp.wanted;
  return jsonb_build_object('added', added, 'updated', updated, 'removed', removed, 'kept', kept);
end;
$$;

comment on function public.apply_plan_lines(jsonb) is
  'Writes the plan''s shopping lines for the caller, all or nothing: updates its own unticked, unedited lines, adds missing ones, removes ones no longer needed; never touches lines added by hand.';

revoke execute on function public.apply_plan_lines(jsonb) from public, anon;
grant execute on function public.apply_plan_lines(jsonb) to authenticated;
