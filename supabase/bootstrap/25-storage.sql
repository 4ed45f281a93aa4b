-- Bootstrap for databases that are not Supabase: the `storage` schema as Supabase Storage
-- (supabase/storage, migrations/tenant/0001…0052) leaves it, limited to what the app's migrations
-- and the local stack's Storage API rely on: `storage.buckets`, `storage.objects` with their real
-- columns, the helpers policies use (`storage.foldername`, `storage.filename`,
-- `storage.extension`) and `storage.search`, which `list()` calls. Hosted Supabase has all of this
-- already, so migrations that insert buckets or create policies on storage.objects deploy there
-- unchanged. Applied before the migrations (bootstrap files run first, in name order).
-- Idempotent: every statement may run again.

create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;
alter default privileges in schema storage grant all on tables to anon, authenticated, service_role;
alter default privileges in schema storage grant all on functions to anon, authenticated, service_role;
alter default privileges in schema storage grant all on sequences to anon, authenticated, service_role;

do $$
begin
  if not exists (
    select from pg_catalog.pg_type t join pg_catalog.pg_namespace n on n.oid = t.typnamespace
    where n.nspname = 'storage' and t.typname = 'buckettype'
  ) then
    create type storage.buckettype as enum ('STANDARD', 'ANALYTICS', 'VECTOR');
  end if;
end
$$;

create table if not exists storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  owner_id text,
  type storage.buckettype not null default 'STANDARD'
);
create unique index if not exists bname on storage.buckets using btree (name);
comment on column storage.buckets.owner is 'Field is deprecated, use owner_id instead';

create table if not exists storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text constraint "objects_bucketId_fkey" references storage.buckets (id),
  name text,
  owner uuid,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  owner_id text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects using btree (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);
create index if not exists idx_objects_bucket_id_name on storage.objects (bucket_id, name collate "C");
create index if not exists idx_objects_bucket_id_name_lower
  on storage.objects (bucket_id, (lower(name) collate "C"));
comment on column storage.objects.owner is 'Field is deprecated, use owner_id instead';

-- As on the platform: the API roles hold every privilege, and row-level security (no policies
-- until a migration adds them) decides what each caller reaches. The service role bypasses it.
alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

create or replace function storage.update_updated_at_column()
returns trigger
language plpgsql
as $$
begin
  new.updated_at = now();
  return new;
end;
$$;
drop trigger if exists update_objects_updated_at on storage.objects;
create trigger update_objects_updated_at before update on storage.objects
  for each row execute procedure storage.update_updated_at_column();

create or replace function storage.enforce_bucket_name_length()
returns trigger
language plpgsql
as $$
begin
  if length(new.name) > 100 then
    raise exception 'bucket name "%" is too long (% characters). Max is 100.', new.name, length(new.name);
  end if;
  return new;
end;
$$;
drop trigger if exists enforce_bucket_name_length_trigger on storage.buckets;
create trigger enforce_bucket_name_length_trigger before insert or update of name on storage.buckets
  for each row execute function storage.enforce_bucket_name_length();

-- The folder names of an object's path: 'user-id/recipe/photo.jpg' → {user-id,recipe}.
create or replace function storage.foldername(name text)
returns text[]
language plpgsql
immutable
as $function$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end
$function$;

-- The last segment of an object's path: 'a/b/photo.jpg' → 'photo.jpg'.
create or replace function storage.filename(name text)
returns text
language plpgsql
as $function$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$function$;

-- The extension of an object's file name: 'a/photo.jpg' → 'jpg'.
create or replace function storage.extension(name text)
returns text
language plpgsql
immutable
as $function$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$function$;

-- One level of a bucket's tree under `prefix`, as supabase-js's list() shows it: folders (id
-- null) and files, matched case-insensitively on prefix || search, sorted by name as the
-- platform sorts it (byte order of the lower-cased path, a folder where its first object is) or
-- folders first and then files by a timestamp column. Security invoker: the caller's row-level
-- security decides which objects are seen. Same signature and result as Supabase's function
-- (migrations/tenant/0050-search-v2-optimised.sql), a plain query instead of its skip-scan.
create or replace function storage.search(
  prefix text,
  bucketname text,
  limits int default 100,
  levels int default 1,
  offsets int default 0,
  search text default '',
  sortcolumn text default 'name',
  sortorder text default 'asc'
)
returns table (
  name text,
  id uuid,
  updated_at timestamptz,
  created_at timestamptz,
  last_accessed_at timestamptz,
  metadata jsonb
)
language plpgsql
stable
security invoker
set search_path = ''
as $func$
declare
  v_limit int := least(coalesce(limits, 100), 1500);
  v_pattern text := lower(coalesce(prefix, '') || coalesce(search, ''));
  v_desc boolean := lower(coalesce(sortorder, 'asc')) = 'desc';
  v_column text := lower(coalesce(sortcolumn, 'name'));
begin
  if v_column not in ('updated_at', 'created_at', 'last_accessed_at') then
    v_column := 'name';
  end if;
  return query
  with matched as (
    select o.name, o.id, o.updated_at, o.created_at, o.last_accessed_at, o.metadata, o.path_tokens
    from storage.objects o
    where o.bucket_id = bucketname and starts_with(lower(o.name), v_pattern)
  ),
  entries as (
    select distinct
      m.path_tokens[levels] as entry,
      false as is_file,
      lower(pg_catalog.array_to_string(m.path_tokens[1:levels], '/') || '/') collate "C" as name_key,
      null::uuid as id,
      null::timestamptz as updated_at,
      null::timestamptz as created_at,
      null::timestamptz as last_accessed_at,
      null::jsonb as metadata
    from matched m
    where pg_catalog.array_length(m.path_tokens, 1) > levels
    union all
    select m.path_tokens[levels], true, lower(m.name) collate "C",
      m.id, m.updated_at, m.created_at, m.last_accessed_at, m.metadata
    from matched m
    where pg_catalog.array_length(m.path_tokens, 1) = levels
  )
  select e.entry, e.id, e.updated_at, e.created_at, e.last_accessed_at, e.metadata
  from entries e
  order by
    case when v_column = 'name' then null else e.is_file end,
    case when v_column = 'name' and not v_desc then e.name_key end asc,
    case when v_column = 'name' and v_desc then e.name_key end desc,
    case when v_column <> 'name' and not e.is_file and not v_desc then e.entry end asc,
    case when v_column <> 'name' and not e.is_file and v_desc then e.entry end desc,
    case when v_column <> 'name' and not v_desc then
      case v_column when 'updated_at' then e.updated_at when 'created_at' then e.created_at
        else e.last_accessed_at end
    end asc,
    case when v_column <> 'name' and v_desc then
      case v_column when 'updated_at' then e.updated_at when 'created_at' then e.created_at
        else e.last_accessed_at end
    end desc
  limit v_limit offset greatest(coalesce(offsets, 0), 0);
end
$func$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;
grant execute on function storage.search(text, text, int, int, int, text, text, text)
  to anon, authenticated, service_role;
