-- Cooked meals (issue 25): a planned meal can be marked cooked, and (the household's
-- subtract_when_cooked, on by default) marking it takes its ingredients from the pantry, never
-- below zero, and says what it took. What to take from which row comes from shared/put-away
-- pantryTakes; the function below caps each take at what the row holds now.

alter table public.meal_planner
  add column cooked_at timestamptz,
  add column cooked_by uuid references auth.users (id) on delete set null;

comment on column public.meal_planner.cooked_at is 'When it was marked cooked; null: not yet. Clearing it does not put anything back in the pantry.';
comment on column public.meal_planner.cooked_by is 'Who marked it cooked.';

create index meal_planner_cooked_by_idx on public.meal_planner (cooked_by);

/**
 * Marks a meal of one of the caller's households cooked and, when the household takes from the
 * pantry on cooking, takes `takes` ([{pantry_id, quantity}], quantity in the row's own unit)
 * from its pantry: each capped at what the row holds, a row left with nothing removed, a row
 * gone meanwhile skipped. Refused: a meal not in the caller's plan (PT404), one already cooked
 * (PT409, so nothing is taken twice), a quantity not above 0 or over 100000 (22023, field named).
 *
 * @returns {subtracted, took: [{name, quantity, unit, left}]}
 */
create function private.cook_meal(meal uuid, takes jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  planned public.meal_planner;
  subtract boolean;
  take jsonb;
  n bigint;
  amount numeric;
  item public.pantry;
  took numeric;
  taken jsonb := '[]';
begin
  select m.* into planned from public.meal_planner m
  where m.id = meal and m.household_id = any (private.my_household_ids())
  for update;
  if not found then
    raise exception 'This meal is not in your plan.' using errcode = 'PT404';
  end if;
  if planned.cooked_at is not null then
    raise exception 'This meal is already marked cooked.' using errcode = 'PT409';
  end if;
  select coalesce((select s.subtract_when_cooked from public.household_shops s where s.household_id = planned.household_id), true)
  into subtract;
  if subtract then
    if jsonb_typeof(coalesce(takes, '[]')) is distinct from 'array' or jsonb_array_length(coalesce(takes, '[]')) > 300 then
      perform private.refuse_field('takes', 'must be a list of at most 300 items.');
    end if;
    for take, n in select e.value, e.n - 1 from jsonb_array_elements(coalesce(takes, '[]')) with ordinality as e(value, n) loop
      if jsonb_typeof(take -> 'quantity') is distinct from 'number'
        or not ((take ->> 'quantity')::numeric > 0 and (take ->> 'quantity')::numeric <= 100000) then
        perform private.refuse_field(format('takes[%s].quantity', n), 'must be a number above 0 and at most 100000.');
      end if;
      if jsonb_typeof(take -> 'pantry_id') is distinct from 'string' or (take ->> 'pantry_id') !~* '^[0-9a-f-]{36}$' then
        perform private.refuse_field(format('takes[%s].pantry_id', n), 'must be an id.');
      end if;
      amount := round((take ->> 'quantity')::numeric, 3);
      select p.* into item from public.pantry p
      where p.id = (take ->> 'pantry_id')::uuid and p.household_id = planned.household_id and p.quantity is not null
      for update;
      continue when not found or amount <= 0;
      took := least(item.quantity, amount);
      if item.quantity - took > 0 then
        update public.pantry p set quantity = item.quantity - took where p.id = item.id;
      else
        delete from public.pantry p where p.id = item.id;
      end if;
      taken := taken || jsonb_build_array(jsonb_build_object(
        'name', item.name, 'quantity', took, 'unit', item.unit, 'left', item.quantity - took));
    end loop;
  end if;
  update public.meal_planner m set cooked_at = now(), cooked_by = (select auth.uid()) where m.id = planned.id;
  return jsonb_build_object('subtracted', subtract, 'took', taken);
end;
$$;

revoke all on function private.cook_meal(uuid, jsonb) from public;
grant execute on function private.cook_meal(uuid, jsonb) to authenticated;

create function public.cook_meal(meal uuid, takes jsonb default '[]')
returns jsonb language sql volatile security invoker set search_path = ''
as $$ select private.cook_meal(meal, takes) $$;
comment on function public.cook_meal(uuid, jsonb) is
  'Marks a planned meal cooked and (household setting, on by default) takes its ingredients from the pantry, never below zero; returns what it took.';

revoke execute on function public.cook_meal(uuid, jsonb) from public, anon;
grant execute on function public.cook_meal(uuid, jsonb) to authenticated;
