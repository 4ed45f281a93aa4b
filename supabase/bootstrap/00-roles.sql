-- Bootstrap for databases that are not Supabase (the local stack's PGlite, a plain PostgreSQL
-- in CI): the API roles Supabase's image creates (supabase/postgres,
-- migrations/db/init-scripts/00000000000000-initial-schema.sql), with the same attributes and
-- grants. Never applied to hosted Supabase, where these already exist.
-- Idempotent: every statement may run again on a database that already has it.

do $$
begin
  -- "Signed out" requests: PostgREST switches to this role for the anon key.
  if not exists (select from pg_catalog.pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  -- "Signed in" requests: any JWT whose role claim is authenticated.
  if not exists (select from pg_catalog.pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  -- The service_role key: trusted server code that bypasses row-level security.
  if not exists (select from pg_catalog.pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  -- The role the API logs in as before it `set role`s to one of the three above.
  if not exists (select from pg_catalog.pg_roles where rolname = 'authenticator') then
    create role authenticator login noinherit;
  end if;
  -- Granted only when missing, so a re-run is silent.
  if not pg_catalog.pg_has_role('authenticator', 'anon', 'member')
    or not pg_catalog.pg_has_role('authenticator', 'authenticated', 'member')
    or not pg_catalog.pg_has_role('authenticator', 'service_role', 'member') then
    grant anon, authenticated, service_role to authenticator;
  end if;
end
$$;

-- Supabase installs extensions into their own schema, usable by the API roles.
create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;

-- Every object the migration role creates in public is usable by the API roles; row-level
-- security (enabled on every table) is what decides which rows they reach.
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

-- The same short timeouts Supabase sets for API requests.
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
