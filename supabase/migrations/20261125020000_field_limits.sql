-- The limits of every field a person fills in (issue 15), held where the data lives so no client
-- can save what the forms refuse. The numbers and patterns are those of shared/limits/
-- (LIMITS, QUANTITY_TEXT_PATTERN, ZERO_QUANTITY_PATTERN, normalizeName);
-- stack/tests/field-limits.test.ts proves the two agree at every boundary, on both databases.
-- Rows saved before these limits are brought within them first, so the migration applies to any
-- existing database.

/**
 * A name as stored: white space at the ends removed and every inner run made one space
 * (shared/limits/names.ts normalizeName: the characters JavaScript's \s matches, written out,
 * as PostgreSQL's own \s depends on the locale).
 */
create function private.normalize_name(name text)
returns text
language sql
immutable
set search_path = ''
as $$
  select pg_catalog.regexp_replace(
    pg_catalog.regexp_replace(name, '^[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$', '', 'g'),
    '[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+', ' ', 'g')
$$;

comment on function private.normalize_name(text) is
  'Trims white space and makes inner runs one space: shared/limits/names.ts normalizeName.';

/** The longest element of a text array, in characters (0 for an empty array). */
create function private.longest(items text[])
returns integer
language sql
immutable
set search_path = ''
as $$
  select coalesce(max(pg_catalog.char_length(item)), 0) from pg_catalog.unnest(items) as item
$$;

comment on function private.longest(text[]) is 'Characters in the longest element of a text array (0 when empty).';

/**
 * Trigger: stores `name` normalised, whichever client wrote it. Security definer so that the
 * caller needs no rights on the private schema; it reads and writes nothing but NEW.
 */
create function private.normalize_name_column()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.name := private.normalize_name(new.name);
  return new;
end;
$$;

comment on function private.normalize_name_column() is
  'Trigger: stores the row''s name normalised (private.normalize_name).';

/** Trigger: an ingredient line's quantity and note stored normalised, empty ones as null. */
create function private.normalize_recipe_line()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.quantity := nullif(private.normalize_name(new.quantity), '');
  new.note := nullif(private.normalize_name(new.note), '');
  return new;
end;
$$;

comment on function private.normalize_recipe_line() is
  'Trigger: stores a recipe line''s quantity and note normalised, empty as null.';

/**
 * Trigger: a recipe's name stored normalised, and its method within 60 steps of 1000
 * characters (a check constraint cannot look inside an array without a function the caller
 * may not run, so the trigger refuses it with the check violation a constraint would raise).
 */
create function private.normalize_recipe()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.name := private.normalize_name(new.name);
  if pg_catalog.cardinality(new.steps) > 60 or private.longest(new.steps) > 1000 then
    raise exception 'new row for relation "recipes" violates check constraint "recipes_steps_limits"'
      using errcode = '23514', detail = 'A method has at most 60 steps of up to 1000 characters each.';
  end if;
  return new;
end;
$$;

comment on function private.normalize_recipe() is
  'Trigger: stores a recipe''s name normalised and refuses a method over 60 steps of 1000 characters (23514).';

create trigger normalize_recipe before insert or update of name, steps on public.recipes
  for each row execute function private.normalize_recipe();
create trigger normalize_name before insert or update of name on public.cooks
  for each row execute function private.normalize_name_column();
create trigger normalize_name before insert or update of name on public.pantry
  for each row execute function private.normalize_name_column();
create trigger normalize_name before insert or update of name on public.shopping
  for each row execute function private.normalize_name_column();
create trigger normalize_name before insert or update of name on public.users
  for each row execute function private.normalize_name_column();
create trigger normalize_line before insert or update of quantity, note on public.recipe_ingredients
  for each row execute function private.normalize_recipe_line();

-- Bring earlier rows within the limits (names normalised, over-long text cut, amounts clamped,
-- quantities no recipe can be cooked from cleared). Cooks keep an un-normalised name where the
-- normalised one is taken: the unique index decides between them.
update public.recipes set name = left(private.normalize_name(name), 120),
  description = left(description, 2000),
  steps = (select coalesce(array_agg(left(s, 1000) order by n), '{}') from unnest(steps[1:60]) with ordinality as t(s, n)),
  portions = least(portions, 100),
  duration = least(duration, 2880);
update public.recipe_ingredients set quantity = nullif(private.normalize_name(quantity), ''),
  note = left(nullif(private.normalize_name(note), ''), 200);
update public.recipe_ingredients set quantity = null
  where not (
    char_length(quantity) <= 16
    and quantity ~ '^([0-9]{1,4}([.][0-9]{1,3})?|([0-9]{1,3} )?[0-9]{1,3}/[0-9]{1,3}|([0-9]{1,4} ?)?[¼½¾⅐⅑⅒⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]|[Tt][Oo] [Tt][Aa][Ss][Tt][Ee])$'
    and quantity !~ '^0+([.]0+)?$|/0+$|^(0+ )?0+/'
  );
update public.pantry set name = left(private.normalize_name(name), 80), unit = left(unit, 20),
  quantity = case when quantity > 0 then least(round(quantity, 3), 100000) end;
update public.shopping set name = left(private.normalize_name(name), 80), unit = left(unit, 20),
  quantity = case when quantity > 0 then least(round(quantity, 3), 100000) end;
update public.users set name = left(private.normalize_name(name), 80);
do $$
declare
  cook record;
begin
  for cook in select id, name from public.cooks where name <> private.normalize_name(name) loop
    begin
      update public.cooks set name = private.normalize_name(cook.name) where id = cook.id;
    exception when unique_violation then
      null;
    end;
  end loop;
end;
$$;

alter table public.recipes
  add constraint recipes_name_length check (char_length(name) between 1 and 120),
  add constraint recipes_description_length check (char_length(description) <= 2000),
  add constraint recipes_portions_range check (portions between 1 and 100),
  add constraint recipes_duration_range check (duration between 0 and 2880);

alter table public.recipe_ingredients
  add constraint recipe_ingredients_quantity_form check (
    char_length(quantity) <= 16
    and quantity ~ '^([0-9]{1,4}([.][0-9]{1,3})?|([0-9]{1,3} )?[0-9]{1,3}/[0-9]{1,3}|([0-9]{1,4} ?)?[¼½¾⅐⅑⅒⅓⅔⅕⅖⅗⅘⅙⅚⅛⅜⅝⅞]|[Tt][Oo] [Tt][Aa][Ss][Tt][Ee])$'
    and quantity !~ '^0+([.]0+)?$|/0+$|^(0+ )?0+/'
  ),
  add constraint recipe_ingredients_note_length check (char_length(note) <= 200);

alter table public.pantry
  add constraint pantry_name_length check (char_length(name) between 1 and 80),
  add constraint pantry_quantity_range check (quantity > 0 and quantity <= 100000 and quantity = round(quantity, 3)),
  add constraint pantry_unit_length check (char_length(unit) <= 20);

alter table public.shopping
  add constraint shopping_name_length check (char_length(name) between 1 and 80),
  add constraint shopping_quantity_range check (quantity > 0 and quantity <= 100000 and quantity = round(quantity, 3)),
  add constraint shopping_unit_length check (char_length(unit) <= 20);

alter table public.users
  add constraint users_name_length check (char_length(name) <= 80);

/** As before, with the profile name cut to the 80 characters a name may have. */
create or replace function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.users (id, email, name, avatar_url, subscription_status)
  values (
    new.id,
    new.email,
    nullif(left(private.normalize_name(new.raw_user_meta_data ->> 'full_name'), 80), ''),
    private.random_avatar_url(),
    false
  )
  on conflict (id) do nothing;
  return new;
end;
$$;
