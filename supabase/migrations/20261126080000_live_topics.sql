-- Live updates that scale (issue 26): every change the app shows live is broadcast by a trigger
-- (realtime.broadcast_changes, "Broadcast from Database") into a private topic, one per
-- household and one per person, instead of being checked by Realtime against every
-- subscriber's policies (postgres_changes). A client may join a topic only if the select policy
-- on realtime.messages below lets it: Realtime checks it once, at join and on each new access
-- token, never per message.
--
--   household:<household id>:<generation>  the plan, cooks, pantry, shopping list, the household
--                                          and its members, and recipes shared with it
--   user:<user id>                          the person's profile, favourites and own recipes
--
-- The generation: Realtime keeps sending a topic's messages to a channel it once admitted until
-- that client's token changes, so a member who leaves or is removed could keep hearing the
-- household for up to an hour. Each departure therefore moves the household to a new topic
-- (its generation goes up); the departure itself is the last message on the old one, so the
-- others learn of it and join the new topic, which the one who left cannot.

alter table public.households
  add column realtime_generation integer not null default 1,
  add column realtime_topic text;

comment on column public.households.realtime_generation is
  'Goes up whenever someone leaves, moving the household to a new live topic they cannot join.';
comment on column public.households.realtime_topic is
  'The household''s live topic (household:<id>:<generation>): the triggers send to it, the policy admits members, the app joins it.';

-- Kept by a trigger, not a generated column: the table is in the realtime publication with
-- replica identity full, which PostgreSQL 17+ refuses for unpublished generated columns.
create function private.name_household_topic()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.realtime_topic := 'household:' || new.id || ':' || new.realtime_generation;
  return new;
end;
$$;

revoke all on function private.name_household_topic() from public;

create trigger name_household_topic before insert or update on public.households
  for each row execute function private.name_household_topic();

update public.households set realtime_generation = realtime_generation;
alter table public.households alter column realtime_topic set not null;

/** The household's live topic now, or null when it no longer exists. */
create function private.household_topic(household uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select h.realtime_topic from public.households h where h.id = household
$$;

/** The live topics of the caller's households, read once per statement through the membership helper. */
create function private.my_household_topics()
returns text[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(h.realtime_topic), '{}')
  from public.households h
  where h.id = any ((select private.my_household_ids())::uuid[])
$$;

revoke all on function private.household_topic(uuid), private.my_household_topics() from public;
grant execute on function private.my_household_topics() to authenticated;

/** The household's topic for the plan, cooks, pantry and list (and a row that moved, both). */
create function private.broadcast_household_row()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  topic text;
begin
  for topic in
    select distinct private.household_topic(h)
    from unnest(array[case when tg_op <> 'INSERT' then old.household_id end,
                      case when tg_op <> 'DELETE' then new.household_id end]) h
    where h is not null
  loop
    if topic is not null then
      perform realtime.broadcast_changes(topic, tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
    end if;
  end loop;
  return null;
end;
$$;

/**
 * Membership changes go to the household's topic; a departure then moves the household to its
 * next generation, so the one who left hears nothing after their own departure.
 */
create function private.broadcast_household_member()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  topic text := private.household_topic(coalesce(new.household_id, old.household_id));
begin
  if topic is not null then
    perform realtime.broadcast_changes(topic, tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
  end if;
  if tg_op = 'DELETE' then
    update public.households set realtime_generation = realtime_generation + 1 where id = old.household_id;
  end if;
  return null;
end;
$$;

/** The household itself (its name) goes to its topic. */
create function private.broadcast_household()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.broadcast_changes(private.household_topic(new.id), tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
  return null;
end;
$$;

/**
 * Personal rows go to their owner's topic (`id` for the profile, `user_id` elsewhere); a recipe
 * shared with a household also goes to that household's topic, where its members read it.
 */
create function private.broadcast_personal_row()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  row jsonb := to_jsonb(coalesce(new, old));
  previous jsonb := case when tg_op = 'UPDATE' then to_jsonb(old) end;
  owner text := coalesce(row ->> 'user_id', case when tg_table_name = 'users' then row ->> 'id' end);
  topic text;
begin
  if owner is not null then
    perform realtime.broadcast_changes('user:' || owner, tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
  end if;
  if tg_table_name = 'recipes' then
    for topic in
      select distinct private.household_topic(h::uuid)
      from unnest(array[row ->> 'household_id', previous ->> 'household_id']) h
      where h is not null
    loop
      if topic is not null then
        perform realtime.broadcast_changes(topic, tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
      end if;
    end loop;
  end if;
  return null;
end;
$$;

revoke all on function private.broadcast_household_row(), private.broadcast_household_member(),
  private.broadcast_household(), private.broadcast_personal_row() from public;

create trigger broadcast_change after insert or update or delete on public.meal_planner
  for each row execute function private.broadcast_household_row();
create trigger broadcast_change after insert or update or delete on public.cooks
  for each row execute function private.broadcast_household_row();
create trigger broadcast_change after insert or update or delete on public.pantry
  for each row execute function private.broadcast_household_row();
create trigger broadcast_change after insert or update or delete on public.shopping
  for each row execute function private.broadcast_household_row();
create trigger broadcast_change after insert or update or delete on public.household_members
  for each row execute function private.broadcast_household_member();
create trigger broadcast_change after update of name on public.households
  for each row execute function private.broadcast_household();
create trigger broadcast_change after insert or update or delete on public.favourites
  for each row execute function private.broadcast_personal_row();
create trigger broadcast_change after insert or update or delete on public.recipes
  for each row execute function private.broadcast_personal_row();
create trigger broadcast_change after insert or update or delete on public.users
  for each row execute function private.broadcast_personal_row();

-- Who may listen: a member to their households' current topics, a person to their own. Only
-- broadcasts (no presence) and only reading: with no insert policy no client can send to any
-- private topic, and the restrictive policy keeps these topics closed to clients even if a
-- later policy lets them send elsewhere.
create policy "Members hear their households and people themselves"
  on realtime.messages for select
  to authenticated
  using (
    extension = 'broadcast'
    and (
      (select realtime.topic()) = 'user:' || (select auth.uid())
      or (select realtime.topic()) = any ((select private.my_household_topics())::text[])
    )
  );

create policy "No client sends to household or personal topics"
  on realtime.messages as restrictive for insert
  to anon, authenticated
  with check (topic not like 'household:%' and topic not like 'user:%');
