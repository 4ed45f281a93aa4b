-- Undo "Mark cooked" (issue 25): a meal marked cooked by mistake can be un-marked, and what
-- cooking took from the pantry goes back. cook_meal keeps a receipt of each take (the row as it
-- was and the amount taken) in a table only these functions write, so undo restores exactly
-- what was taken and never trusts a value a caller could have edited.

create table public.cooked_meals (
  meal_id uuid primary key references public.meal_planner (id) on delete cascade,
  household_id uuid not null references public.households (id) on delete cascade,
  user_id uuid default auth.uid() references auth.users (id) on delete set null,
  -- [{row, took}] in the order taken: the pantry row before the take, and how much was taken.
  entries jsonb not null check (jsonb_typeof(entries) = 'array'),
  created_at timestamptz not null default now()
);

comment on table public.cooked_meals is
  'Receipts of marking a meal cooked: what was taken from which pantry row, so un-marking puts it back.';

create index cooked_meals_household_id_idx on public.cooked_meals (household_id);
create index cooked_meals_user_id_idx on public.cooked_meals (user_id);

alter table public.cooked_meals enable row level security;

create policy "Members can view their household's cooked meals"
  on public.cooked_meals for select to authenticated
  using ((select private.is_household_member(household_id)));

comment on column public.meal_planner.cooked_at is
  'When it was marked cooked; null: not yet. Un-marking with uncook_meal puts back what cooking took; clearing it by hand does not.';

create or replace function private.cook_meal(meal uuid, takes jsonb)
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
  receipt jsonb := '[]';
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
      receipt := receipt || jsonb_build_array(jsonb_build_object('row', to_jsonb(item), 'took', took));
    end loop;
  end if;
  update public.meal_planner m set cooked_at = now(), cooked_by = (select auth.uid()) where m.id = planned.id;
  insert into public.cooked_meals (meal_id, household_id, entries)
  values (planned.id, planned.household_id, receipt)
  on conflict (meal_id) do update set entries = excluded.entries, user_id = excluded.user_id, created_at = now();
  return jsonb_build_object('subtracted', subtract, 'took', taken);
end;
$$;

/**
 * Un-marks a meal of one of the caller's households cooked and puts back what marking it took
 * (its receipt), keeping what others changed since: a row changed since gets the amount taken
 * added back to their amount, a row in another unit or removed since is left as they made it,
 * and each such case is explained. Refused: a meal not in the caller's plan (PT404), one not
 * marked cooked (PT409).
 *
 * @returns {notes}: what could not be put back exactly as it was, and why
 */
create function private.uncook_meal(meal uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  planned public.meal_planner;
  receipt public.cooked_meals;
  entry jsonb;
  was public.pantry;
  item public.pantry;
  took numeric;
  notes text[] := '{}';
begin
  select m.* into planned from public.meal_planner m
  where m.id = meal and m.household_id = any (private.my_household_ids())
  for update;
  if not found then
    raise exception 'This meal is not in your plan.' using errcode = 'PT404';
  end if;
  if planned.cooked_at is null then
    raise exception 'This meal is not marked cooked.' using errcode = 'PT409';
  end if;
  select r.* into receipt from public.cooked_meals r where r.meal_id = planned.id for update;
  if found then
    for entry in select e.value from jsonb_array_elements(receipt.entries) with ordinality as e(value, n) order by e.n desc loop
      was := jsonb_populate_record(null::public.pantry, entry -> 'row');
      took := (entry ->> 'took')::numeric;
      select p.* into item from public.pantry p
      where p.id = was.id and p.household_id = planned.household_id
      for update;
      if not found then
        if took >= was.quantity then
          -- Cooking used it up and removed the row: it comes back as it was.
          insert into public.pantry select was.* on conflict (id) do nothing;
        else
          notes := notes || format('%s was removed from the pantry since; it stays removed.', was.name);
        end if;
      elsif item.unit is distinct from was.unit or item.quantity is null then
        notes := notes || format('%s was changed by someone since; it is left as they made it.', item.name);
      elsif item.quantity = was.quantity - took then
        update public.pantry p set quantity = was.quantity where p.id = item.id;
      else
        notes := notes || format(
          '%s was changed by someone since: their change is kept and the %s %s cooking took is put back.',
          item.name, trim(to_char(took, 'FM999999990.###'), '.'), coalesce(item.unit, ''));
        update public.pantry p set quantity = least(item.quantity + took, 100000) where p.id = item.id;
      end if;
    end loop;
    delete from public.cooked_meals r where r.meal_id = planned.id;
  end if;
  update public.meal_planner m set cooked_at = null, cooked_by = null where m.id = planned.id;
  return jsonb_build_object('notes', to_jsonb(notes));
end;
$$;

revoke all on function private.uncook_meal(uuid) from public;
grant execute on function private.uncook_meal(uuid) to authenticated;

create function public.uncook_meal(meal uuid)
returns jsonb language sql volatile security invoker set search_path = ''
as $$ select private.uncook_meal(meal) $$;
comment on function public.uncook_meal(uuid) is
  'Un-marks a meal cooked and puts back what cooking took from the pantry, keeping (and explaining) what others changed since.';

revoke execute on function public.uncook_meal(uuid) from public, anon;
grant execute on function public.uncook_meal(uuid) to authenticated;
