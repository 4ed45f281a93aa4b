-- Staples (issue 25, "What can I cook?"): what a household marks as always in stock (salt, oil,
-- pepper, water). "What can I cook?" never counts a staple as missing (shared/cook-from-pantry).
-- A staple is the household's, like its pantry: every member reads, adds and removes them, and
-- a change is broadcast on the household's topic (20261126080000_live_topics.sql).

/**
 * One staple of a household: an ingredient (ingredient_id, name its name) or free text (name
 * alone), each at most once per household whatever its case or spacing. A household keeps at
 * most 200 (shared/limits LIMITS.staples), enough for every jar in a pantry, few enough to list.
 */
create table public.staples (
  id uuid primary key default gen_random_uuid(),
  household_id uuid not null default private.active_household_id()
    references public.households (id) on delete cascade,
  user_id uuid default auth.uid() references auth.users (id) on delete set null,
  ingredient_id bigint references public.ingredients (id) on delete cascade,
  name text not null,
  created_at timestamptz not null default now(),
  constraint staples_name_length check (char_length(name) between 1 and 80)
);

comment on table public.staples is
  'What a household marks as always in stock: never counted as missing by "What can I cook?" (issue 25).';
comment on column public.staples.user_id is 'Who added it; null once that account is deleted.';
comment on column public.staples.ingredient_id is 'The ingredient it is; null for free text matched by name.';

alter table public.staples enable row level security;

create trigger normalize_name before insert or update of name on public.staples
  for each row execute function private.normalize_name_column();

-- One per household and name, as the pantry matches free text (case and spacing aside).
create unique index staples_household_id_name_key on public.staples (household_id, lower(name));
create index staples_ingredient_id_idx on public.staples (ingredient_id);
create index staples_user_id_idx on public.staples (user_id);

/** Refuses a household's 201st staple (LIMITS.staples.max), naming the field as the API reports it. */
create function private.limit_staples()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('staples:' || new.household_id::text));
  if (select count(*) from public.staples s where s.household_id = new.household_id) >= 200 then
    raise exception 'A household keeps at most 200 staples.' using errcode = '23514', column = 'name';
  end if;
  return new;
end;
$$;

revoke all on function private.limit_staples() from public;

create trigger limit_staples before insert on public.staples
  for each row execute function private.limit_staples();

create policy "Members can view their household's staples"
  on public.staples for select to authenticated
  using ((select private.is_household_member(household_id)));
create policy "Members can add their household's staples"
  on public.staples for insert to authenticated
  with check ((select private.is_household_member(household_id)) and user_id = (select auth.uid()));
create policy "Members can remove their household's staples"
  on public.staples for delete to authenticated
  using ((select private.is_household_member(household_id)));

-- A staple is added or removed, never edited: no update policy, and no update grant either.
revoke update on public.staples from anon, authenticated;

create trigger broadcast_change after insert or update or delete on public.staples
  for each row execute function private.broadcast_household_row();
