-- Bootstrap for databases that are not Supabase: the `auth` schema as Supabase Auth (GoTrue)
-- leaves it after its migrations, limited to what the app's migrations and the local stack rely
-- on: `auth.users` with GoTrue's columns, and the request helpers `auth.uid()`, `auth.role()`,
-- `auth.email()` and `auth.jwt()` exactly as supabase/auth defines them
-- (migrations/20240624145325_recreate_auth_functions.up.sql). The stack's GoTrue tables
-- (sessions, refresh tokens, identities) live in 20-auth-gotrue.sql.
-- Idempotent: every statement may run again.

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  instance_id uuid,
  id uuid not null,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0,
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false,
  constraint users_pkey primary key (id),
  constraint users_phone_key unique (phone),
  constraint users_email_change_confirm_status_check
    check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2)
);

comment on table auth.users is 'Auth: Stores user login data within a secure schema.';
comment on column auth.users.is_sso_user is 'Auth: Set this column to true when the account comes from SSO. These accounts can have duplicate emails.';

create index if not exists users_instance_id_idx on auth.users (instance_id);
create index if not exists users_instance_id_email_idx on auth.users (instance_id, lower((email)::text));
create unique index if not exists users_email_partial_key on auth.users (email) where (is_sso_user = false);
comment on index auth.users_email_partial_key is 'Auth: A partial unique index that applies only when is_sso_user is false';
create index if not exists users_is_anonymous_idx on auth.users (is_anonymous);
create unique index if not exists confirmation_token_idx on auth.users (confirmation_token)
  where confirmation_token::text !~ '^[0-9 ]*$';
create unique index if not exists recovery_token_idx on auth.users (recovery_token)
  where recovery_token::text !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_current_idx on auth.users (email_change_token_current)
  where email_change_token_current::text !~ '^[0-9 ]*$';
create unique index if not exists email_change_token_new_idx on auth.users (email_change_token_new)
  where email_change_token_new::text !~ '^[0-9 ]*$';
create unique index if not exists reauthentication_token_idx on auth.users (reauthentication_token)
  where reauthentication_token::text !~ '^[0-9 ]*$';

-- The API roles reach auth.users only through the Auth API (service role) and through
-- security-definer functions; RLS is on as in Supabase, with no policies.
alter table auth.users enable row level security;
grant all on auth.users to service_role;

create or replace function auth.uid()
  returns uuid
  set search_path to ''
as $func$
  select
    coalesce(
      nullif(current_setting('request.jwt.claim.sub', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
    )::uuid
$func$ language sql stable;

create or replace function auth.role()
  returns text
  set search_path to ''
as $func$
  select
    coalesce(
      nullif(current_setting('request.jwt.claim.role', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
    )::text
$func$ language sql stable;

create or replace function auth.email()
  returns text
  set search_path to ''
as $func$
  select
    coalesce(
      nullif(current_setting('request.jwt.claim.email', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
    )::text
$func$ language sql stable;

create or replace function auth.jwt()
  returns jsonb
  set search_path to ''
as $func$
  select
    coalesce(
      nullif(current_setting('request.jwt.claim', true), ''),
      nullif(current_setting('request.jwt.claims', true), '')
    )::jsonb
$func$ language sql stable;

comment on function auth.uid() is 'Deprecated. Use auth.jwt() -> ''sub'' instead.';
comment on function auth.role() is 'Deprecated. Use auth.jwt() -> ''role'' instead.';
comment on function auth.email() is 'Deprecated. Use auth.jwt() -> ''email'' instead.';

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt()
  to anon, authenticated, service_role;
