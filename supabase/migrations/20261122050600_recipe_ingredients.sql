-- Ingredient lines of a recipe. A line follows its recipe: visible when the recipe is, writable
-- when the recipe is the user's own, deleted with it.

create table public.recipe_ingredients (
  id uuid primary key default gen_random_uuid(),
  recipe_id uuid not null references public.recipes (id) on delete cascade,
  ingredient_id bigint not null references public.ingredients (id),
  quantity text,
  measurement_id bigint references public.measurements (id),
  position integer not null default 0,
  note text
);

comment on table public.recipe_ingredients is
  'Ingredient lines of a recipe (quantity, unit, order, note). Access follows the recipe.';
comment on column public.recipe_ingredients.quantity is 'As written: ''2'', ''1/2'', ''1 1/2'', ''½'' or ''to taste''.';
comment on column public.recipe_ingredients.measurement_id is 'Unit of the quantity; null means grams.';
comment on column public.recipe_ingredients.position is 'Order of the line within its recipe.';
comment on column public.recipe_ingredients.note is 'Preparation note, e.g. finely chopped.';

alter table public.recipe_ingredients enable row level security;

create index recipe_ingredients_recipe_id_idx on public.recipe_ingredients (recipe_id, position);
create index recipe_ingredients_ingredient_id_idx on public.recipe_ingredients (ingredient_id);
create index recipe_ingredients_measurement_id_idx on public.recipe_ingredients (measurement_id);

create policy "Users can view the lines of recipes they can see"
  on public.recipe_ingredients for select
  to authenticated
  using (
    recipe_id in (
      select r.id from public.recipes r
      where r.user_id = (select auth.uid()) or r.is_default
    )
  );

create policy "Users can add lines to their own recipes"
  on public.recipe_ingredients for insert
  to authenticated
  with check (
    recipe_id in (select r.id from public.recipes r where r.user_id = (select auth.uid()))
  );

create policy "Users can update lines of their own recipes"
  on public.recipe_ingredients for update
  to authenticated
  using (
    recipe_id in (select r.id from public.recipes r where r.user_id = (select auth.uid()))
  )
  with check (
    recipe_id in (select r.id from public.recipes r where r.user_id = (select auth.uid()))
  );

create policy "Users can delete lines of their own recipes"
  on public.recipe_ingredients for delete
  to authenticated
  using (
    recipe_id in (select r.id from public.recipes r where r.user_id = (select auth.uid()))
  );
