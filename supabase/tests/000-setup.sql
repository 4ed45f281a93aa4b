-- Test helpers for the pgTAP suite, installed once per throwaway database by scripts/test-db.sh
-- before pg_prove runs the *.test.sql files (it is not a test itself).
-- pgTAP and the helpers live in the `tests` schema, which test files put on their search_path;
-- the API roles may use it because assertions run while acting as them.

create schema if not exists tests;
create extension if not exists pgtap with schema tests;
grant usage on schema tests to anon, authenticated, service_role;

/**
 * Creates an auth user the way GoTrue does (which fires public.handle_new_user) and returns its id.
 * The email is '<name>@example.test'; full_name in the metadata is the name with a capital.
 */
create or replace function tests.create_user(name text)
returns uuid
language plpgsql
set search_path = ''
as $$
declare
  user_id uuid := gen_random_uuid();
begin
  insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
    raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
  values ('00000000-0000-0000-0000-000000000000', user_id, 'authenticated', 'authenticated',
    name || '@example.test', '', now(),
    '{"provider": "email", "providers": ["email"]}',
    jsonb_build_object('full_name', initcap(name) || ' Tester'), now(), now());
  return user_id;
end;
$$;

/** The id of the user made by tests.create_user(name). */
create or replace function tests.get_user_id(name text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select id from auth.users where email = name || '@example.test'
$$;

/** The active household of the user made by tests.create_user(name). */
create or replace function tests.household_of(name text)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select u.household_id from public.users u join auth.users a on a.id = u.id
  where a.email = household_of.name || '@example.test'
$$;

/**
 * Acts as the signed-in user `name` for the rest of the transaction, as PostgREST does for a
 * request with that user's JWT: role authenticated and request.jwt.claims set.
 */
create or replace function tests.authenticate_as(name text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  user_id uuid := tests.get_user_id(name);
begin
  if user_id is null then
    raise exception 'tests.authenticate_as: no user named %', name;
  end if;
  perform set_config('role', 'authenticated', true);
  perform set_config('request.jwt.claims', jsonb_build_object(
    'sub', user_id, 'role', 'authenticated', 'aud', 'authenticated',
    'email', name || '@example.test')::text, true);
end;
$$;

/** Acts as a signed-out visitor (the anon key) for the rest of the transaction. */
create or replace function tests.authenticate_as_anon()
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform set_config('role', 'anon', true);
  perform set_config('request.jwt.claims', '{"role": "anon"}', true);
end;
$$;

/** Acts as trusted server code (the service_role key) for the rest of the transaction. */
create or replace function tests.authenticate_as_service_role()
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform set_config('role', 'service_role', true);
  perform set_config('request.jwt.claims', '{"role": "service_role"}', true);
end;
$$;

/** Back to the table owner (the migration role), with no JWT. */
create or replace function tests.clear_authentication()
returns void
language plpgsql
set search_path = ''
as $$
begin
  perform set_config('role', 'none', true);
  perform set_config('request.jwt.claims', '', true);
end;
$$;
