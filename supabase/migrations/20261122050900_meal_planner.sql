-- The week's meal plan: one row per planned meal on a date, optionally with a recipe and a cook.

create table public.meal_planner (
  id uuid primary key default gen_random_uuid(),
  date date not null,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  recipe_id uuid references public.recipes (id) on delete set null,
  -- Deleting a cook still assigned to a meal must fail with 23503 (spec 8). NO ACTION (the
  -- default) raises 23503 on every PostgreSQL; RESTRICT raises 23001 from PostgreSQL 18 on (PGlite
  -- 0.5 is 18), so it would break the app's message there. Both refuse the delete.
  cook_id uuid references public.cooks (id) on delete no action,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.meal_planner is
  'Planned meals by date. Rows dated before today (Australia/Sydney) are removed daily by cleanup-meals.';
comment on column public.meal_planner.recipe_id is 'The planned recipe; null for an empty slot (also when the recipe is deleted).';
comment on column public.meal_planner.cook_id is 'Who cooks it; a cook still referenced here cannot be deleted (23503).';

alter table public.meal_planner enable row level security;

create index meal_planner_user_id_date_idx on public.meal_planner (user_id, date);
create index meal_planner_date_idx on public.meal_planner (date);
create index meal_planner_recipe_id_idx on public.meal_planner (recipe_id);
create index meal_planner_cook_id_idx on public.meal_planner (cook_id);

create trigger set_updated_at
  before update on public.meal_planner
  for each row execute function private.set_updated_at();

create policy "Users can view their own meals"
  on public.meal_planner for select
  to authenticated
  using (user_id = (select auth.uid()));

-- A meal may only name one of the user's own cooks: someone else's cook would otherwise become
-- undeletable for its owner.
create policy "Users can plan their own meals"
  on public.meal_planner for insert
  to authenticated
  with check (
    user_id = (select auth.uid())
    and (cook_id is null or cook_id in (select c.id from public.cooks c where c.user_id = (select auth.uid())))
  );

create policy "Users can update their own meals"
  on public.meal_planner for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (
    user_id = (select auth.uid())
    and (cook_id is null or cook_id in (select c.id from public.cooks c where c.user_id = (select auth.uid())))
  );

create policy "Users can delete their own meals"
  on public.meal_planner for delete
  to authenticated
  using (user_id = (select auth.uid()));
