-- Broadcast from Database for databases that are not Supabase: what Supabase Realtime's own
-- tenant migrations create in the `realtime` schema (supabase/realtime,
-- lib/realtime/tenants/repo/migrations: messages_partitioning, messages_using_uuid,
-- redefine_authorization_tables, broadcast_send_include_payload_id,
-- rename_broadcast_send_warning, create_messages_replay_index; broadcast_changes from
-- priv/repo/tenant_schema), with the same names, signatures, grants and payload shapes, so the
-- app's migrations (triggers calling realtime.broadcast_changes, policies on realtime.messages)
-- deploy unchanged to hosted Supabase. Hosted Supabase never runs this file. Idempotent.
--
-- What hosted Realtime does outside SQL the local stack does in stack/src/realtime: it keeps the
-- day partitions (yesterday to three days ahead, dropping those older than three days), checks
-- the policies at join and on a new access token, and delivers each inserted message to the
-- topic's subscribers (here through the NOTIFY below; hosted Realtime reads the WAL).

create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  id uuid not null default gen_random_uuid(),
  binary_payload bytea,
  constraint messages_payload_exclusive check (payload is null or binary_payload is null),
  primary key (id, inserted_at)
) partition by range (inserted_at);

create index if not exists messages_inserted_at_topic_index
  on realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;

alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;

/** The channel topic being authorised: Realtime sets `realtime.topic` before it checks policies. */
create or replace function realtime.topic()
returns text
language sql
stable
as $$
  select nullif(current_setting('realtime.topic', true), '')::text;
$$;

/**
 * Sends a broadcast to `topic` (private by default) by inserting it into realtime.messages.
 * As Supabase's: the payload gains an `id` unless it has one; a failure (no partition for
 * today, a refused policy) is a warning and sends nothing, never an error in the caller.
 */
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
declare
  generated_id uuid;
  final_payload jsonb;
begin
  begin
    generated_id := gen_random_uuid();
    if payload ? 'id' then
      final_payload := payload;
    else
      final_payload := jsonb_set(payload, '{id}', to_jsonb(generated_id));
    end if;
    execute format('SET LOCAL realtime.topic TO %L', topic);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (generated_id, final_payload, event, topic, private, 'broadcast');
  exception
    when others then
      raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end;
$$;

/** A binary broadcast (realtime-js receives the bytes as an ArrayBuffer). */
create or replace function realtime.send_binary(payload bytea, event text, topic text, private boolean default true)
returns void
language plpgsql
as $$
declare
  generated_id uuid;
begin
  begin
    generated_id := gen_random_uuid();
    execute format('SET LOCAL realtime.topic TO %L', topic);
    insert into realtime.messages (id, binary_payload, event, topic, private, extension)
    values (generated_id, payload, event, topic, private, 'broadcast');
  exception
    when others then
      raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end;
$$;

/**
 * For row triggers: broadcasts the change as {old_record, record, operation, table, schema}
 * (plus the `id` realtime.send adds) to a private topic.
 */
create or replace function realtime.broadcast_changes(
  topic_name text,
  event_name text,
  operation text,
  table_name text,
  table_schema text,
  new record,
  old record,
  level text default 'ROW'::text
)
returns void
language plpgsql
as $$
declare
  row_data jsonb := '{}'::jsonb;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation = 'INSERT' or operation = 'UPDATE' or operation = 'DELETE' then
    row_data := jsonb_build_object('old_record', old, 'record', new, 'operation', operation, 'table', table_name, 'schema', table_schema);
    perform realtime.send(row_data, event_name, topic_name);
  else
    raise exception 'Unexpected operation type: %', operation;
  end if;
exception
  when others then
    raise exception 'Failed to process the row: %', sqlerrm;
end;
$$;

-- ---------------------------------------------------------------------------------------------
-- The local stack's part (hosted Realtime does this in Elixir).

create schema if not exists _stack;

/**
 * The partitions hosted Realtime keeps (Realtime.Tenants.create_messages_partitions and
 * Realtime.Messages.delete_old_messages): one per day from yesterday to three days ahead, and
 * none older than three days. The stack runs it at start and every hour.
 */
create or replace function _stack.realtime_partitions()
returns void
language plpgsql
set search_path = ''
as $$
declare
  today date := (now()::timestamp)::date;
  day date;
  part record;
begin
  for day in select generate_series(today - 1, today + 3, interval '1 day')::date loop
    if to_regclass(format('realtime.messages_%s', to_char(day, 'YYYY_MM_DD'))) is null then
      execute format(
        'create table realtime.%I partition of realtime.messages for values from (%L) to (%L)',
        'messages_' || to_char(day, 'YYYY_MM_DD'), day, day + 1);
    end if;
  end loop;
  for part in
    select c.relname from pg_catalog.pg_inherits i
    join pg_catalog.pg_class c on c.oid = i.inhrelid
    where i.inhparent = 'realtime.messages'::regclass
      and c.relname ~ '^messages_\d{4}_\d{2}_\d{2}$'
      and to_date(substr(c.relname, 10), 'YYYY_MM_DD') < today - 3
  loop
    execute format('drop table if exists realtime.%I', part.relname);
  end loop;
end;
$$;

revoke all on function _stack.realtime_partitions() from public;

select _stack.realtime_partitions();

/**
 * Hands each committed broadcast to the stack's Realtime (NOTIFY is delivered at commit, so a
 * rolled-back insert, such as Realtime's own authorisation probe, is never sent). Small messages
 * travel whole; a bigger one sends its key and the stack reads it once, whatever the number of
 * subscribers.
 */
create or replace function _stack.realtime_notify_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  message text;
begin
  if new.extension <> 'broadcast' then
    return null;
  end if;
  message := jsonb_build_object(
    'id', new.id,
    'topic', new.topic,
    'event', new.event,
    'private', coalesce(new.private, false),
    'payload', new.payload,
    'binary', case when new.binary_payload is null then null else encode(new.binary_payload, 'base64') end
  )::text;
  if octet_length(message) < 7900 then
    perform pg_notify('realtime_messages', message);
  else
    perform pg_notify('realtime_messages', '#' || new.id || '#' || new.inserted_at);
  end if;
  return null;
end;
$$;

revoke all on function _stack.realtime_notify_message() from public;

drop trigger if exists realtime_notify_message on realtime.messages;
create trigger realtime_notify_message
  after insert on realtime.messages
  for each row execute function _stack.realtime_notify_message();
