-- Each person's favourite recipes.

create table public.favourites (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  recipe_id uuid not null references public.recipes (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, recipe_id)
);

comment on table public.favourites is 'A user''s favourite recipes, one row per (user, recipe).';

alter table public.favourites enable row level security;

-- The primary key covers user_id; recipe_id needs its own for the foreign key.
create index favourites_recipe_id_idx on public.favourites (recipe_id);

create policy "Users can view their own favourites"
  on public.favourites for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can add their own favourites"
  on public.favourites for insert
  to authenticated
  with check (user_id = (select auth.uid()));

-- Needed for upserts (on conflict do update), which the client uses to add a favourite.
create policy "Users can update their own favourites"
  on public.favourites for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Users can remove their own favourites"
  on public.favourites for delete
  to authenticated
  using (user_id = (select auth.uid()));
