-- Own ingredients (issue 20): a person adds an ingredient Larder does not have, with nutrition per
-- 100 g and, optionally, what one of it weighs and its density, and uses it in their recipes,
-- pantry and list like a built-in one. Built-in ingredients (user_id null) stay read-only.
-- Own ingredients are private to their author, and visible to a household that shares a recipe,
-- a pantry item or a list line naming one. They have no prices: the price tables are keyed by
-- built-in ingredients the feeds map. Limits: LIMITS.ingredientName, LIMITS.nutrientGrams,
-- LIMITS.energyKcal, LIMITS.gramsPerEach, LIMITS.gramsPerMl in shared/limits.

alter table public.ingredients
  add column user_id uuid references auth.users (id) on delete cascade,
  add column grams_per_each numeric,
  add column grams_per_ml numeric,
  add column created_at timestamptz not null default now();

alter table public.ingredients alter column user_id set default auth.uid();
-- Built-in rows have no author (the service role writes them with user_id null).
update public.ingredients set user_id = null;

comment on column public.ingredients.user_id is 'Who added it; null for Larder''s built-in ingredients.';
comment on column public.ingredients.grams_per_each is 'Grams one of it weighs ("2 eggs", "1 piece"); null: Larder''s tables, else 50 g.';
comment on column public.ingredients.grams_per_ml is 'Density in grams per millilitre, for cups, spoons and mL; null: Larder''s tables, else 1.';

-- A built-in ingredient records where its nutrition comes from; an own one is 'own'.
alter table public.ingredients drop constraint ingredients_source_check;
alter table public.ingredients alter column source_id drop not null;
alter table public.ingredients
  add constraint ingredients_source_check check (
    case when user_id is null
      then source in ('USDA FoodData Central', 'AFCD') and source_id is not null
      else source = 'own' and source_id is null
    end
  ),
  add constraint ingredients_name_length check (char_length(name) between 1 and 80),
  add constraint ingredients_nutrients_range check (
    protein between 0 and 100 and carbs between 0 and 100 and fats between 0 and 100 and calories between 0 and 900
  ),
  add constraint ingredients_grams_per_each_range check (grams_per_each > 0 and grams_per_each <= 5000),
  add constraint ingredients_grams_per_ml_range check (grams_per_ml between 0.1 and 3);

-- Names: built-in ones unique as before; a person's own unique among theirs (case ignored), and
-- never a built-in name (the trigger below), so a recipe line's name always means one ingredient.
alter table public.ingredients drop constraint ingredients_name_key;
create unique index ingredients_builtin_name_key on public.ingredients (name) where user_id is null;
create unique index ingredients_own_name_key on public.ingredients (user_id, lower(name)) where user_id is not null;

/**
 * Trigger: an own ingredient's name stored normalised, and refused (23505, as the unique index
 * would) when a built-in ingredient has it.
 */
create function private.check_own_ingredient()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.user_id is null then
    return new;
  end if;
  new.name := private.normalize_name(new.name);
  if exists (select from public.ingredients i where i.user_id is null and lower(i.name) = lower(new.name)) then
    raise exception 'duplicate key value violates unique constraint "ingredients_builtin_name_key"'
      using errcode = '23505', detail = format('Larder already has an ingredient called %s.', new.name);
  end if;
  return new;
end;
$$;

revoke all on function private.check_own_ingredient() from public;

create trigger check_own_ingredient before insert or update of name, user_id on public.ingredients
  for each row execute function private.check_own_ingredient();

/**
 * The one rule for seeing an ingredient: built in, one's own, or named by a recipe, pantry item
 * or list line of a household one belongs to (a shared recipe shows its own ingredients to
 * the household). Security definer so it reads those tables without their own policies.
 */
create function private.can_see_ingredient(ingredient bigint, author uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select author is null
    or author = (select auth.uid())
    or exists (
      select from public.recipe_ingredients ri join public.recipes r on r.id = ri.recipe_id
      where ri.ingredient_id = ingredient and r.household_id = any (private.my_household_ids())
    )
    or exists (
      select from public.pantry p
      where p.ingredient_id = ingredient and p.household_id = any (private.my_household_ids())
    )
    or exists (
      select from public.shopping s
      where s.ingredient_id = ingredient and s.household_id = any (private.my_household_ids())
    )
$$;

revoke all on function private.can_see_ingredient(bigint, uuid) from public;
grant execute on function private.can_see_ingredient(bigint, uuid) to authenticated;

create index ingredients_user_id_idx on public.ingredients (user_id);

drop policy "Signed-in users can view ingredients" on public.ingredients;
create policy "Users can view built-in ingredients, their own and their households'"
  on public.ingredients for select
  to authenticated
  using (user_id is null or user_id = (select auth.uid()) or private.can_see_ingredient(id, user_id));

create policy "Users can add their own ingredients"
  on public.ingredients for insert
  to authenticated
  with check (user_id = (select auth.uid()));

create policy "Users can update their own ingredients"
  on public.ingredients for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Users can delete their own ingredients"
  on public.ingredients for delete
  to authenticated
  using (user_id = (select auth.uid()));

-- A line, pantry item or list line may only name an ingredient its writer can see: a foreign key
-- alone would let anyone name (and so reveal to their household) someone else's by its id.
drop policy "Users can add lines to their own recipes" on public.recipe_ingredients;
create policy "Users can add lines to their own recipes"
  on public.recipe_ingredients for insert
  to authenticated
  with check (
    recipe_id in (select r.id from public.recipes r where r.user_id = (select auth.uid()))
    and exists (select from public.ingredients i where i.id = ingredient_id)
  );

drop policy "Users can update lines of their own recipes" on public.recipe_ingredients;
create policy "Users can update lines of their own recipes"
  on public.recipe_ingredients for update
  to authenticated
  using (recipe_id in (select r.id from public.recipes r where r.user_id = (select auth.uid())))
  with check (
    recipe_id in (select r.id from public.recipes r where r.user_id = (select auth.uid()))
    and exists (select from public.ingredients i where i.id = ingredient_id)
  );

drop policy "Members can add to their household's pantry" on public.pantry;
create policy "Members can add to their household's pantry"
  on public.pantry for insert to authenticated
  with check (
    household_id = any ((select private.my_household_ids())::uuid[]) and user_id = (select auth.uid())
    and (ingredient_id is null or exists (select from public.ingredients i where i.id = ingredient_id))
  );
drop policy "Members can update their household's pantry" on public.pantry;
create policy "Members can update their household's pantry"
  on public.pantry for update to authenticated
  using (household_id = any ((select private.my_household_ids())::uuid[]))
  with check (
    household_id = any ((select private.my_household_ids())::uuid[])
    and (ingredient_id is null or exists (select from public.ingredients i where i.id = ingredient_id))
  );
drop policy "Members can add to their household's list" on public.shopping;
create policy "Members can add to their household's list"
  on public.shopping for insert to authenticated
  with check (
    household_id = any ((select private.my_household_ids())::uuid[]) and user_id = (select auth.uid())
    and (ingredient_id is null or exists (select from public.ingredients i where i.id = ingredient_id))
  );
drop policy "Members can update their household's list" on public.shopping;
create policy "Members can update their household's list"
  on public.shopping for update to authenticated
  using (household_id = any ((select private.my_household_ids())::uuid[]))
  with check (
    household_id = any ((select private.my_household_ids())::uuid[])
    and (ingredient_id is null or exists (select from public.ingredients i where i.id = ingredient_id))
  );
