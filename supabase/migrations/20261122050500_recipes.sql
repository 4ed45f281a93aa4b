-- Recipes: the default collection (user_id null, is_default true, read by everyone signed in,
-- written by no user) and each person's own recipes.

create table public.recipes (
  id uuid primary key default gen_random_uuid(),
  name text not null check (btrim(name) <> ''),
  user_id uuid default auth.uid() references auth.users (id) on delete cascade,
  is_default boolean not null default false,
  portions integer check (portions > 0),
  duration integer check (duration >= 0),
  description text,
  steps text[] not null default '{}',
  meal_type text check (meal_type in ('breakfast', 'lunch', 'dinner', 'snack')),
  tags text[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint recipes_default_has_no_owner check (is_default = (user_id is null))
);

comment on table public.recipes is
  'Recipes: default ones (is_default, no owner) visible to every signed-in user and immutable, plus each user''s own.';
comment on column public.recipes.user_id is 'Owner; null exactly when the recipe is a default one.';
comment on column public.recipes.portions is 'How many portions the recipe makes; null is treated as 1.';
comment on column public.recipes.duration is 'Total time in minutes.';
comment on column public.recipes.steps is 'Method, one step per element, in order.';
comment on column public.recipes.meal_type is 'breakfast, lunch, dinner or snack.';
comment on column public.recipes.tags is 'Diet tags: vegetarian, vegan, gluten-free, dairy-free.';

alter table public.recipes enable row level security;

-- Behind the policies: owner lookups, and the small set of default recipes.
create index recipes_user_id_idx on public.recipes (user_id);
create index recipes_is_default_idx on public.recipes (is_default) where is_default;

create trigger set_updated_at
  before update on public.recipes
  for each row execute function private.set_updated_at();

create policy "Users can view their own and the default recipes"
  on public.recipes for select
  to authenticated
  using (user_id = (select auth.uid()) or is_default);

create policy "Users can create their own recipes"
  on public.recipes for insert
  to authenticated
  with check (user_id = (select auth.uid()) and not is_default);

create policy "Users can update their own recipes"
  on public.recipes for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and not is_default);

create policy "Users can delete their own recipes"
  on public.recipes for delete
  to authenticated
  using (user_id = (select auth.uid()));
