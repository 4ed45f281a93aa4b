-- Put the shopping away (issue 25): ticked shopping lines move into the household's pantry in
-- one action, each amount merged into the row of the same item, and the whole move can be
-- undone. The merge plan comes from shared/put-away planPutAway (which row, which unit, how
-- much); these functions check every field, write all of it or nothing, and keep a receipt so
-- undo takes back exactly what was added, not what someone else changed meanwhile.

create table public.put_aways (
  id uuid primary key default gen_random_uuid(),
  household_id uuid not null references public.households (id) on delete cascade,
  user_id uuid default auth.uid() references auth.users (id) on delete set null,
  -- [{shopping_id, pantry_id, insert, from_unit, scale, unit, add, after, shopping}], in order.
  entries jsonb not null check (jsonb_typeof(entries) = 'array'),
  created_at timestamptz not null default now(),
  undone_at timestamptz
);

comment on table public.put_aways is
  'Receipts of shopping put away into the pantry: what each line added to which row, and the line itself, so the move can be undone.';
comment on column public.put_aways.entries is
  'In order: the shopping line (as it was), the pantry row, its unit before (from_unit) and after, scale, the amount added and the row''s amount after.';
comment on column public.put_aways.undone_at is 'When it was undone; a put-away is undone at most once.';

create index put_aways_household_id_idx on public.put_aways (household_id);
create index put_aways_user_id_idx on public.put_aways (user_id);

alter table public.put_aways enable row level security;

-- Written only by the functions below; members read their household's receipts.
create policy "Members can view their household's put-aways"
  on public.put_aways for select to authenticated
  using ((select private.is_household_member(household_id)));

/** Raises 22023 naming the field, as every refused amount is reported (HTTP 400). */
create function private.refuse_field(field text, message text)
returns void
language plpgsql
set search_path = ''
as $$
begin
  raise exception '%: %', field, message using errcode = '22023', detail = field;
end;
$$;

revoke all on function private.refuse_field(text, text) from public;

/**
 * Moves ticked lines of the caller's active household's list into its pantry, all or nothing.
 * `lines` is shared/put-away planPutAway's entries: [{shopping_id, pantry_id, insert, from_unit,
 * scale, unit, add}]. An insert makes the row (named as the line, same ingredient); a merge sets
 * a row still in from_unit to round(quantity × scale + add, 3) in unit. Refused with 22023 and
 * the field named (lines[i].quantity, …): an amount not above 0 or over 100000, a row that would
 * exceed 100000, a line not ticked on the list; with PT409 when a row changed unit meanwhile.
 *
 * @returns {id, moved}: the receipt to undo with, and how many lines moved
 */
create function private.put_away_shopping(lines jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  household uuid;
  entry jsonb;
  n bigint;
  field text;
  shop public.shopping;
  amount numeric;
  factor numeric;
  before numeric;
  after numeric;
  receipt jsonb := '[]';
  receipt_id uuid;
begin
  if me is null then
    raise exception 'Sign in to put shopping away.' using errcode = '42501';
  end if;
  select u.household_id into household from public.users u where u.id = me;
  if household is null or not private.is_household_member(household) then
    raise exception 'Choose a household first.' using errcode = '42501';
  end if;
  if jsonb_typeof(lines) is distinct from 'array' or jsonb_array_length(lines) = 0 then
    perform private.refuse_field('lines', 'must be a list of at least one line.');
  end if;
  if jsonb_array_length(lines) > 300 then
    perform private.refuse_field('lines', 'can hold at most 300 lines.');
  end if;

  for entry, n in select e.value, e.n - 1 from jsonb_array_elements(lines) with ordinality as e(value, n) loop
    field := format('lines[%s]', n);
    if jsonb_typeof(entry) is distinct from 'object' then
      perform private.refuse_field(field, 'must be an object.');
    end if;
    if jsonb_typeof(entry -> 'add') is distinct from 'number'
      or not ((entry ->> 'add')::numeric > 0 and (entry ->> 'add')::numeric <= 100000) then
      perform private.refuse_field(field || '.quantity', 'the amount must be a number above 0 and at most 100000.');
    end if;
    amount := round((entry ->> 'add')::numeric, 3);
    if amount <= 0 then
      perform private.refuse_field(field || '.quantity', 'the amount must be a number above 0 and at most 100000.');
    end if;
    factor := case when jsonb_typeof(entry -> 'scale') = 'number' then (entry ->> 'scale')::numeric end;
    if factor is null or not (factor > 0 and factor <= 1000) then
      perform private.refuse_field(field || '.scale', 'must be a number above 0 and at most 1000.');
    end if;
    if jsonb_typeof(entry -> 'unit') not in ('string', 'null') or char_length(entry ->> 'unit') > 20 then
      perform private.refuse_field(field || '.unit', 'must be text of at most 20 characters, or null.');
    end if;
    if jsonb_typeof(entry -> 'shopping_id') is distinct from 'string' or jsonb_typeof(entry -> 'pantry_id') is distinct from 'string'
      or (entry ->> 'shopping_id') !~* '^[0-9a-f-]{36}$' or (entry ->> 'pantry_id') !~* '^[0-9a-f-]{36}$' then
      perform private.refuse_field(field || '.shopping_id', 'shopping_id and pantry_id must be ids.');
    end if;

    select s.* into shop from public.shopping s
    where s.id = (entry ->> 'shopping_id')::uuid and s.household_id = household and s.checked
    for update;
    if not found then
      perform private.refuse_field(field || '.shopping_id', 'is not a ticked line on your list (someone may have put it away already).');
    end if;

    if (entry ->> 'insert')::boolean then
      after := amount;
      insert into public.pantry (id, user_id, household_id, name, ingredient_id, quantity, unit)
      values ((entry ->> 'pantry_id')::uuid, me, household, shop.name, shop.ingredient_id, after, nullif(entry ->> 'unit', ''));
    else
      select p.quantity into before from public.pantry p
      where p.id = (entry ->> 'pantry_id')::uuid and p.household_id = household
        and p.unit is not distinct from (entry ->> 'from_unit') and p.quantity is not null
      for update;
      if not found then
        raise exception '%.pantry_id: % changed in the pantry meanwhile; try again.', field, shop.name
          using errcode = 'PT409', detail = field || '.pantry_id';
      end if;
      after := round(before * factor + amount, 3);
      if after > 100000 then
        perform private.refuse_field(field || '.quantity', format('%s would come to more than 100000 in the pantry.', shop.name));
      end if;
      update public.pantry p set quantity = after, unit = nullif(entry ->> 'unit', '')
      where p.id = (entry ->> 'pantry_id')::uuid;
    end if;

    delete from public.shopping s where s.id = shop.id;
    receipt := receipt || jsonb_build_array(jsonb_build_object(
      'shopping_id', shop.id, 'pantry_id', entry ->> 'pantry_id', 'insert', (entry ->> 'insert')::boolean,
      'from_unit', entry -> 'from_unit', 'scale', factor, 'unit', nullif(entry ->> 'unit', ''),
      'add', amount, 'after', after, 'shopping', to_jsonb(shop)
    ));
  end loop;

  insert into public.put_aways (household_id, user_id, entries) values (household, me, receipt)
  returning id into receipt_id;
  return jsonb_build_object('id', receipt_id, 'moved', jsonb_array_length(receipt));
end;
$$;

/**
 * Undoes a put-away, last line first, and puts its lines back on the list (ticked). A pantry row
 * nobody touched since goes back exactly as it was (one it made goes). A row another member
 * changed since keeps their change: only the amount put away is taken back (the row goes when
 * that leaves nothing), and a note says so; a row removed, or restated in another unit, is left
 * as it is, with a note.
 *
 * @returns {notes}: what was kept and why, empty when everything went back as it was
 */
create function private.undo_put_away(put_away uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  receipt public.put_aways;
  entry jsonb;
  item public.pantry;
  left_over numeric;
  notes text[] := '{}';
begin
  select r.* into receipt from public.put_aways r
  where r.id = put_away and r.household_id = any (private.my_household_ids())
  for update;
  if not found then
    raise exception 'There is nothing to undo.' using errcode = 'PT404';
  end if;
  if receipt.undone_at is not null then
    raise exception 'That was undone already.' using errcode = 'PT409';
  end if;

  for entry in select e.value from jsonb_array_elements(receipt.entries) with ordinality as e(value, n) order by e.n desc loop
    select p.* into item from public.pantry p
    where p.id = (entry ->> 'pantry_id')::uuid and p.household_id = receipt.household_id
    for update;
    if not found then
      notes := notes || format('%s was removed from the pantry since; it stays removed.', entry -> 'shopping' ->> 'name');
    elsif item.quantity = (entry ->> 'after')::numeric and item.unit is not distinct from (entry ->> 'unit') then
      if (entry ->> 'insert')::boolean then
        delete from public.pantry p where p.id = item.id;
      else
        update public.pantry p
        set quantity = round((item.quantity - (entry ->> 'add')::numeric) / (entry ->> 'scale')::numeric, 3),
          unit = entry ->> 'from_unit'
        where p.id = item.id;
      end if;
    elsif item.unit is distinct from (entry ->> 'unit') or item.quantity is null then
      notes := notes || format('%s was changed by someone since it was put away; it is left as they made it.', item.name);
    else
      left_over := round(item.quantity - (entry ->> 'add')::numeric, 3);
      notes := notes || format(
        '%s was changed by someone since it was put away: their change is kept and only the %s %s put away is taken back.',
        item.name, trim(to_char((entry ->> 'add')::numeric, 'FM999999990.###'), '.'), coalesce(item.unit, ''));
      if left_over > 0 then
        update public.pantry p set quantity = left_over where p.id = item.id;
      else
        delete from public.pantry p where p.id = item.id;
      end if;
    end if;
    insert into public.shopping
    select (jsonb_populate_record(null::public.shopping, entry -> 'shopping')).*
    on conflict (id) do nothing;
  end loop;

  update public.put_aways r set undone_at = now() where r.id = receipt.id;
  return jsonb_build_object('notes', to_jsonb(notes));
end;
$$;

revoke all on function private.refuse_field(text, text), private.put_away_shopping(jsonb), private.undo_put_away(uuid) from public;
grant execute on function private.refuse_field(text, text), private.put_away_shopping(jsonb), private.undo_put_away(uuid) to authenticated;

create function public.put_away_shopping(lines jsonb)
returns jsonb language sql volatile security invoker set search_path = ''
as $$ select private.put_away_shopping(lines) $$;
comment on function public.put_away_shopping(jsonb) is
  'Moves ticked shopping lines into the pantry, merged as shared/put-away planned, all or nothing; returns the receipt id to undo with.';

create function public.undo_put_away(put_away uuid)
returns jsonb language sql volatile security invoker set search_path = ''
as $$ select private.undo_put_away(put_away) $$;
comment on function public.undo_put_away(uuid) is
  'Undoes a put-away: the lines back on the list, the pantry as it was, keeping (and explaining) what others changed since.';

revoke execute on function public.put_away_shopping(jsonb), public.undo_put_away(uuid) from public, anon;
grant execute on function public.put_away_shopping(jsonb), public.undo_put_away(uuid) to authenticated;
