-- The `private` schema holds the database's own helpers: trigger functions and security-definer
-- functions. PostgREST exposes only `public`, so nothing here is callable over the API, and the
-- API roles get no usage on it.

create schema if not exists private;
comment on schema private is 'Internal helpers (triggers, security-definer functions); not exposed by the API.';

revoke all on schema private from public;

/**
 * Keeps `updated_at` honest on every update, whoever writes the row.
 */
create function private.set_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

comment on function private.set_updated_at() is
  'Trigger: sets updated_at to now() on every update of the row.';
