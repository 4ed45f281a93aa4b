-- Issue 24, "Bring your recipes": an imported recipe is the user's own recipe that remembers where
-- it came from. (import_source, import_source_id) is the key a re-import finds it by, so importing
-- the same page or export again updates or skips it and never makes a second copy. Lines the user
-- keeps as text live beside the recipe (text_lines), not in recipe_ingredients: every nutrition,
-- price and shopping read joins recipe_ingredients to an ingredient, so text lines cannot be
-- counted by any of them, and no reader has to learn about an ingredient-less line.
-- The limits are shared/limits/limits.ts (recipeSourceUrl, recipeSourceId, recipeAuthor,
-- recipeTextLine, recipeTextLines, recipeImportLines).

alter table public.recipes
  add column source_url text,
  add column source_author text,
  add column import_source text,
  add column import_source_id text,
  add column text_lines text[] not null default '{}',
  add constraint recipes_source_url_form check (
    source_url ~ '^https?://[^[:space:]]+$' and char_length(source_url) <= 2048),
  add constraint recipes_source_author_length check (
    char_length(source_author) between 1 and 120),
  add constraint recipes_import_source_known check (
    import_source in ('web', 'mealie', 'tandoor', 'paprika', 'schema-org')),
  add constraint recipes_import_source_id_length check (
    char_length(import_source_id) between 1 and 2048),
  add constraint recipes_import_key_whole check ((import_source is null) = (import_source_id is null)),
  add constraint recipes_text_lines_limits check (
    cardinality(text_lines) <= 100 and private.longest(text_lines) <= 300);

comment on column public.recipes.source_url is 'The web page an imported recipe came from (http or https), shown on the recipe.';
comment on column public.recipes.source_author is 'The author named by the imported recipe, shown on the recipe.';
comment on column public.recipes.import_source is 'Where an imported recipe came from: web, mealie, tandoor, paprika or schema-org.';
comment on column public.recipes.import_source_id is 'The recipe''s id in its source (its address for a page): with import_source, the re-import key.';
comment on column public.recipes.text_lines is
  'Ingredient lines kept as text: shown on the recipe, never counted in nutrition, price or shopping.';

create unique index recipes_import_key on public.recipes (user_id, import_source, import_source_id)
  where import_source_id is not null;

/**
 * Saves one imported recipe whole or not at all (one statement, so one transaction): a new own
 * recipe, or, when the caller already has one with the same (import_source, import_source_id),
 * that one updated with its lines replaced (on_existing 'update') or left alone ('skip').
 * Security invoker: the recipe policies decide, as for any other write of the caller's.
 * `lines` is an array of {ingredient_id, quantity, measurement_id, note}; the table's own
 * constraints refuse what is over its limits, naming the constraint.
 */
create function public.save_imported_recipe(recipe jsonb, lines jsonb, on_existing text default 'update')
returns table (outcome text, recipe_id uuid)
language plpgsql
security invoker
set search_path = ''
as $$
declare
  existing uuid;
  saved uuid;
  line_count integer := coalesce(pg_catalog.jsonb_array_length(lines), 0);
begin
  if on_existing not in ('update', 'skip') then
    raise exception 'on_existing must be update or skip' using errcode = '22023';
  end if;
  if line_count > 200 then
    raise exception 'recipe "%": % ingredient lines, at most 200', recipe->>'name', line_count
      using errcode = '23514';
  end if;
  if coalesce(recipe->>'import_source_id', '') = '' or coalesce(recipe->>'import_source', '') = '' then
    raise exception 'recipe "%": an import needs its source and source id', recipe->>'name'
      using errcode = '23514';
  end if;

  select r.id into existing from public.recipes r
  where r.user_id = (select auth.uid())
    and r.import_source = recipe->>'import_source'
    and r.import_source_id = recipe->>'import_source_id'
  for update;

  if existing is not null and on_existing = 'skip' then
    return query select 'skipped'::text, existing;
    return;
  end if;

  if existing is null then
    insert into public.recipes (name, description, portions, duration, steps, tags, meal_type,
      source_url, source_author, import_source, import_source_id, text_lines)
    values (recipe->>'name', recipe->>'description', (recipe->>'portions')::integer,
      (recipe->>'duration')::integer,
      coalesce((select pg_catalog.array_agg(s) from pg_catalog.jsonb_array_elements_text(recipe->'steps') s), '{}'),
      coalesce((select pg_catalog.array_agg(t) from pg_catalog.jsonb_array_elements_text(recipe->'tags') t), '{}'),
      recipe->>'meal_type', recipe->>'source_url', recipe->>'source_author',
      recipe->>'import_source', recipe->>'import_source_id',
      coalesce((select pg_catalog.array_agg(l) from pg_catalog.jsonb_array_elements_text(recipe->'text_lines') l), '{}'))
    returning id into saved;
  else
    update public.recipes r set
      name = recipe->>'name',
      description = recipe->>'description',
      portions = (recipe->>'portions')::integer,
      duration = (recipe->>'duration')::integer,
      steps = coalesce((select pg_catalog.array_agg(s) from pg_catalog.jsonb_array_elements_text(recipe->'steps') s), '{}'),
      meal_type = recipe->>'meal_type',
      source_url = recipe->>'source_url',
      source_author = recipe->>'source_author',
      text_lines = coalesce((select pg_catalog.array_agg(l) from pg_catalog.jsonb_array_elements_text(recipe->'text_lines') l), '{}')
    where r.id = existing
    returning r.id into saved;
    delete from public.recipe_ingredients ri where ri.recipe_id = saved;
  end if;

  insert into public.recipe_ingredients (recipe_id, ingredient_id, quantity, measurement_id, note, position)
  select saved, (l->>'ingredient_id')::bigint, l->>'quantity', (l->>'measurement_id')::bigint, l->>'note',
    (n - 1)::integer
  from pg_catalog.jsonb_array_elements(coalesce(lines, '[]')) with ordinality as e(l, n);

  return query select case when existing is null then 'imported' else 'updated' end, saved;
end;
$$;

comment on function public.save_imported_recipe(jsonb, jsonb, text) is
  'Issue 24: saves an imported recipe and its lines whole or not at all; a re-import (same source and source id) updates or skips.';

revoke execute on function public.save_imported_recipe(jsonb, jsonb, text) from public, anon;
grant execute on function public.save_imported_recipe(jsonb, jsonb, text) to authenticated;
