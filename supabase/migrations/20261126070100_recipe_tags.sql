-- Tags on own recipes (issue 20): recipes.tags held the default recipes' diet tags; people now tag
-- their own recipes too ('quick', 'family favourite'), and search and filter by them. Limits:
-- LIMITS.recipeTag and LIMITS.recipeTags in shared/limits (the editor's tagsText reads tags the
-- same way).

comment on column public.recipes.tags is
  'Tags, lower case and normalised: the default recipes'' diet tags (vegetarian, vegan, gluten-free, dairy-free) and any a person gives their own; at most 12 of 30 characters.';

/**
 * Trigger: a recipe's tags stored lower case and normalised, without blanks or repeats (first
 * kept), and refused over 12 tags or 30 characters a tag with the check violation a constraint
 * would raise (a check constraint cannot look inside an array without a function the caller may
 * not run).
 */
create function private.normalize_recipe_tags()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.tags := coalesce((
    select array_agg(t.tag order by t.first)
    from (
      select lower(private.normalize_name(raw)) as tag, min(n) as first
      from unnest(new.tags) with ordinality as u(raw, n)
      where lower(private.normalize_name(raw)) <> ''
      group by 1
    ) t
  ), '{}');
  if pg_catalog.cardinality(new.tags) > 12 or private.longest(new.tags) > 30 then
    raise exception 'new row for relation "recipes" violates check constraint "recipes_tags_limits"'
      using errcode = '23514', detail = 'A recipe has at most 12 tags of up to 30 characters each.';
  end if;
  return new;
end;
$$;

comment on function private.normalize_recipe_tags() is
  'Trigger: stores a recipe''s tags lower case, normalised and distinct; refuses over 12 tags or 30 characters a tag (23514).';

revoke all on function private.normalize_recipe_tags() from public;

create trigger normalize_recipe_tags before insert or update of tags on public.recipes
  for each row execute function private.normalize_recipe_tags();
