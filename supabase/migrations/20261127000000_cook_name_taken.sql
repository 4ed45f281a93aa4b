-- Whether a household already has a cook of this name (spec 5 "Adding a cook": trimmed and
-- compared case-insensitively). add-cook asks this before inserting so it can answer with the
-- spec's message; the comparison is the unique index's own expression, so the friendly check and
-- the index that decides a race can never disagree (issue 16: one home for the cook rules), not
-- even where the database's case folding differs from JavaScript's (non-ASCII letters).

create function public.cook_name_taken(household uuid, cook_name text)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select exists (
    select 1
      from public.cooks c
     where c.household_id = cook_name_taken.household
       and lower(btrim(c.name)) = lower(btrim(cook_name_taken.cook_name))
  );
$$;

comment on function public.cook_name_taken(uuid, text) is
  'True when the household (as the caller may see it, RLS applies) has a cook whose name equals '
  'cook_name trimmed and case-insensitively: the expression of cooks_household_id_name_key.';

revoke all on function public.cook_name_taken(uuid, text) from public, anon;
grant execute on function public.cook_name_taken(uuid, text) to authenticated;
