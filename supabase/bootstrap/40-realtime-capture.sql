-- Change capture for the local stack's Realtime (stack/src/realtime). Hosted Supabase reads
-- changes from the WAL; here every table in the `supabase_realtime` publication gets an
-- AFTER ROW trigger that NOTIFYs the change, so writes by SQL, edge functions, cron and REST
-- are all seen, on PGlite and on PostgreSQL alike. Idempotent.

create schema if not exists realtime;

-- NOTIFY payloads are limited to 8000 bytes: bigger changes wait here and the notification
-- carries only their id. The stack deletes each row as it reads it.
create table if not exists realtime.change_queue (
  id bigint generated always as identity primary key,
  payload text not null,
  created_at timestamptz not null default now()
);

-- Numbers every change: PostgreSQL drops a NOTIFY identical to one already sent in the same
-- transaction, and two changes can otherwise look the same (one row updated twice alike).
create sequence if not exists realtime.change_seq;

revoke all on schema realtime from public;
revoke all on all tables in schema realtime from public;
revoke all on all sequences in schema realtime from public;

-- Builds the change as Supabase Realtime shapes it (record / old_record as JSON values,
-- commit_timestamp in UTC). old_record holds the primary key unless the table's replica
-- identity is FULL, matching what logical decoding would carry.
create or replace function realtime.capture_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  pk text[];
  identity_full boolean;
  old_row jsonb;
  change text;
  queued bigint;
begin
  select coalesce(array_agg(a.attname::text), '{}'), bool_or(c.relreplident = 'f')
    into pk, identity_full
    from pg_catalog.pg_class c
    left join pg_catalog.pg_index i on i.indrelid = c.oid and i.indisprimary
    left join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
   where c.oid = tg_relid;

  if tg_op in ('UPDATE', 'DELETE') then
    old_row := to_jsonb(old);
    if not coalesce(identity_full, false) then
      select coalesce(jsonb_object_agg(key, value), '{}'::jsonb) into old_row
        from jsonb_each(old_row) where key = any(pk);
    end if;
  end if;

  change := jsonb_build_object(
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'commit_timestamp', to_char(now() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'record', case when tg_op = 'DELETE' then null else to_jsonb(new) end,
    'old_record', old_row,
    'identity_full', coalesce(identity_full, false),
    'seq', nextval('realtime.change_seq')
  )::text;

  if octet_length(change) < 7900 then
    perform pg_notify('realtime_changes', change);
  else
    insert into realtime.change_queue (payload) values (change) returning id into queued;
    perform pg_notify('realtime_changes', '#' || queued);
  end if;
  return null;
end
$$;

-- Puts the capture trigger on every table of the publication and takes it off tables that
-- left it. The stack calls this at start and when a join names a table it has not seen.
create or replace function realtime.sync_capture_triggers()
returns void
language plpgsql
as $$
declare
  t record;
begin
  for t in
    select p.schemaname, p.tablename
      from pg_catalog.pg_publication_tables p
     where p.pubname = 'supabase_realtime'
       and not exists (
         select 1 from pg_catalog.pg_trigger g
          where g.tgrelid = format('%I.%I', p.schemaname, p.tablename)::regclass
            and g.tgname = 'realtime_capture')
  loop
    execute format(
      'create trigger realtime_capture after insert or update or delete on %I.%I '
      'for each row execute function realtime.capture_change()', t.schemaname, t.tablename);
  end loop;

  for t in
    select n.nspname as schemaname, c.relname as tablename
      from pg_catalog.pg_trigger g
      join pg_catalog.pg_class c on c.oid = g.tgrelid
      join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     where g.tgname = 'realtime_capture'
       and not exists (
         select 1 from pg_catalog.pg_publication_tables p
          where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname)
  loop
    execute format('drop trigger realtime_capture on %I.%I', t.schemaname, t.tablename);
  end loop;
end
$$;

-- Which of the given claims sets may see the changed row: one round trip for all of a change's
-- subscribers. For each claims set it switches role and request.jwt.claims exactly as PostgREST
-- does and runs that role's visibility check (built by the stack from the table's SELECT
-- policies, $1 = the row as jsonb), so auth.uid() and the policies see the subscriber; then it
-- switches back.
create or replace function realtime.visible_to(checks text[], rec jsonb, claims jsonb[])
returns boolean[]
language plpgsql
as $$
declare
  result boolean[] := '{}';
  ok boolean;
begin
  for i in 1 .. coalesce(array_length(claims, 1), 0) loop
    perform set_config('role', claims[i] ->> 'role', true),
            set_config('request.jwt.claims', claims[i]::text, true),
            set_config('request.jwt.claim.sub', coalesce(claims[i] ->> 'sub', ''), true),
            set_config('request.jwt.claim.role', claims[i] ->> 'role', true);
    begin
      execute checks[i] into ok using rec;
    exception when insufficient_privilege then
      ok := false;
    end;
    perform set_config('role', 'none', true);
    result := result || coalesce(ok, false);
  end loop;
  perform set_config('request.jwt.claims', '', true),
          set_config('request.jwt.claim.sub', '', true),
          set_config('request.jwt.claim.role', '', true);
  return result;
end
$$;

revoke all on function realtime.capture_change() from public;
revoke all on function realtime.sync_capture_triggers() from public;
revoke all on function realtime.visible_to(text[], jsonb, jsonb[]) from public;
