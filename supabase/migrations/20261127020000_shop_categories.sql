-- A list in aisle order (issue 25): every ingredient, built-in or a person's own, may carry the
-- shop category the list groups it under. The keys are shared/aisles SHOP_CATEGORIES; the seed
-- sets one for each built-in ingredient, and a person chooses one for their own (null: the
-- list's "Other" group, never guessed).

/** The eight shop categories, as shared/aisles SHOP_CATEGORIES spells them. */
create function private.shop_categories()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['fruit-veg', 'bakery', 'meat-seafood', 'dairy-eggs', 'pantry', 'frozen', 'drinks', 'household']
$$;

revoke all on function private.shop_categories() from public;
-- Check constraints call it as the writer: people, and the service role that writes built-in
-- ingredients (the seed's own role is the owner).
grant usage on schema private to service_role;
grant execute on function private.shop_categories() to anon, authenticated, service_role;

alter table public.ingredients
  add column shop_category text
    constraint ingredients_shop_category_check check (shop_category = any (private.shop_categories()));

comment on column public.ingredients.shop_category is
  'Where the shop keeps it (fruit-veg, bakery, meat-seafood, dairy-eggs, pantry, frozen, drinks, household); null: "Other" on the list.';

-- Own ingredients are written through their existing policies (user_id = the caller); the new
-- column needs no policy of its own.
