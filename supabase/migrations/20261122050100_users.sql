-- Profiles: one `public.users` row per `auth.users` row, created by a trigger when someone
-- signs up (the client also creates it if missing, spec 3).

create table public.users (
  id uuid primary key default auth.uid() references auth.users (id) on delete cascade,
  email text,
  name text,
  avatar_url text,
  subscription_status boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.users is
  'Profile of a signed-in person: display name, avatar, subscription flag. One row per auth.users row.';
comment on column public.users.name is 'Full name from sign-up (raw_user_meta_data.full_name); the display name is its first word.';
comment on column public.users.avatar_url is 'Path served by the web app: /avatars/<fruit>.svg, one of eight fruit and vegetables.';
comment on column public.users.subscription_status is 'Whether the person subscribes. Set by the service role only; users cannot change it.';

alter table public.users enable row level security;

create trigger set_updated_at
  before update on public.users
  for each row execute function private.set_updated_at();

create policy "Users can view their own profile"
  on public.users for select
  to authenticated
  using (id = (select auth.uid()));

-- The client creates its own row when the trigger's row is missing (spec 3); it may not grant
-- itself a subscription while doing so.
create policy "Users can create their own profile"
  on public.users for insert
  to authenticated
  with check (id = (select auth.uid()) and subscription_status = false);

create policy "Users can update their own profile"
  on public.users for update
  to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

-- No delete policy: a profile goes when its auth.users row is deleted (cascade).

-- Users edit only their name and avatar; email follows auth.users, the subscription flag is
-- the service role's.
revoke update on public.users from anon, authenticated;
grant update (name, avatar_url) on public.users to authenticated;

/**
 * One of the eight avatars (spec 9), picked at random.
 */
create function private.random_avatar_url()
returns text
language sql
volatile
set search_path = ''
as $$
  select '/avatars/'
    || (array['apple', 'banana', 'broccoli', 'orange', 'strawberry', 'lemon', 'lime', 'tomato'])[1 + floor(random() * 8)::int]
    || '.svg'
$$;

comment on function private.random_avatar_url() is
  'A random avatar path, /avatars/<fruit>.svg, from the eight of spec 9 (apple, banana, broccoli, orange, strawberry, lemon, lime, tomato).';

/**
 * Creates the profile of a new auth user. Security definer because the signing-up request has
 * no rights on public.users yet; search_path is pinned so nothing can be shadowed.
 */
create function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.users (id, email, name, avatar_url, subscription_status)
  values (
    new.id,
    new.email,
    nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''),
    private.random_avatar_url(),
    false
  )
  on conflict (id) do nothing;
  return new;
end;
$$;

comment on function private.handle_new_user() is
  'Trigger on auth.users insert: creates the public.users profile (name from raw_user_meta_data.full_name, random avatar, subscription false).';

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();

/**
 * Keeps the profile's email in step with auth.users when the person changes it.
 */
create function private.handle_user_email_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.users set email = new.email where id = new.id;
  return new;
end;
$$;

comment on function private.handle_user_email_change() is
  'Trigger on auth.users email update: copies the new email to public.users.';

create trigger on_auth_user_email_changed
  after update of email on auth.users
  for each row
  when (old.email is distinct from new.email)
  execute function private.handle_user_email_change();

revoke all on function private.random_avatar_url(), private.handle_new_user(), private.handle_user_email_change() from public;
