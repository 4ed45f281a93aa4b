-- The people who cook in a household; a meal can be assigned to one.

create table public.cooks (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 60),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);

comment on table public.cooks is
  'Cooks of a user''s household. Names are unique per user, compared trimmed and case-insensitively.';
comment on column public.cooks.name is 'Display name, 1 to 60 characters after trimming.';

alter table public.cooks enable row level security;

-- Unique per user on the trimmed, lower-cased name; also the index behind user_id.
create unique index cooks_user_id_name_key on public.cooks (user_id, lower(btrim(name)));

create policy "Users can view their own cooks"
  on public.cooks for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can add their own cooks"
  on public.cooks for insert
  to authenticated
  with check (user_id = (select auth.uid()));

create policy "Users can update their own cooks"
  on public.cooks for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Users can delete their own cooks"
  on public.cooks for delete
  to authenticated
  using (user_id = (select auth.uid()));
