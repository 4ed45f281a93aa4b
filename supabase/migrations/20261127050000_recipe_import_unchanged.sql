-- Issue 24: a re-import of a recipe that has not changed since it was last imported is reported
-- as 'unchanged' (the report counts it skipped, saying why) instead of 'updated', and nothing is
-- rewritten. Otherwise the same as 20261127030000_recipe_imports.sql.

/**
 * Saves one imported recipe whole or not at all (one statement, so one transaction): a new own
 * recipe ('imported'); or, when the caller already has one with the same (import_source,
 * import_source_id): left alone if nothing in it changed ('unchanged'), else updated with its
 * lines replaced (on_existing 'update', 'updated') or left alone ('skip', 'skipped').
 */
create or replace function public.save_imported_recipe(recipe jsonb, lines jsonb, on_existing text default 'update')
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

  -- The same recipe imported again, nothing in it changed: left alone and reported as unchanged,
  -- so the report tells a re-import that changed nothing from one that replaced the recipe's
  -- lines. Tags and the photo are the person's and an update keeps them, so they do not count.
  if existing is not null and exists (
    select from public.recipes r
    where r.id = existing
      and r.name is not distinct from recipe->>'name'
      and r.description is not distinct from recipe->>'description'
      and r.portions is not distinct from (recipe->>'portions')::integer
      and r.duration is not distinct from (recipe->>'duration')::integer
      and r.steps = coalesce((select pg_catalog.array_agg(s) from pg_catalog.jsonb_array_elements_text(recipe->'steps') s), '{}')
      and r.meal_type is not distinct from recipe->>'meal_type'
      and r.source_url is not distinct from recipe->>'source_url'
      and r.source_author is not distinct from recipe->>'source_author'
      and r.text_lines = coalesce((select pg_catalog.array_agg(l) from pg_catalog.jsonb_array_elements_text(recipe->'text_lines') l), '{}'))
    and (select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_array(ri.ingredient_id, ri.quantity,
           ri.measurement_id, ri.note) order by ri.position), '[]')
         from public.recipe_ingredients ri where ri.recipe_id = existing)
      = (select coalesce(pg_catalog.jsonb_agg(pg_catalog.jsonb_build_array((l->>'ingredient_id')::bigint,
           l->>'quantity', (l->>'measurement_id')::bigint, l->>'note') order by n), '[]')
         from pg_catalog.jsonb_array_elements(coalesce(lines, '[]')) with ordinality as e(l, n))
  then
    return query select 'unchanged'::text, existing;
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
  'Issue 24: saves an imported recipe and its lines whole or not at all; a re-import (same source and source id) updates, skips, or leaves an unchanged recipe alone.';
