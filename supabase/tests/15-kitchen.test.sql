-- Issue 20, "a kitchen app": recipe photos on recipes, tags on own recipes, meal slots on the
-- plan, own ingredients.
begin;
set local search_path = tests, public;
select plan(42);

select tests.create_user('alice');
select tests.create_user('bob');
insert into public.recipes (name, user_id) values ('K: alice', tests.get_user_id('alice'));
select id as alice_recipe from public.recipes where name = 'K: alice' \gset
select tests.get_user_id('alice') as alice \gset
select tests.get_user_id('bob') as bob \gset

-- Photos: a path in the author's folder, under the recipe, in the stored form.
select tests.authenticate_as('alice');
select lives_ok(
  format($$ update public.recipes set photo_path = %L where id = %L $$,
    :'alice' || '/' || :'alice_recipe' || '/photo-mf3k2a.webp', :'alice_recipe'),
  'an author can point their recipe at a photo in their own folder'
);
select throws_ok(
  format($$ update public.recipes set photo_path = %L where id = %L $$,
    :'bob' || '/' || :'alice_recipe' || '/photo-mf3k2a.webp', :'alice_recipe'),
  '23514', null, 'a recipe cannot show a photo from someone else''s folder'
);
select throws_ok(
  format($$ update public.recipes set photo_path = %L where id = %L $$,
    :'alice' || '/' || gen_random_uuid() || '/photo-mf3k2a.webp', :'alice_recipe'),
  '23514', null, 'a recipe cannot show another recipe''s photo'
);
select throws_ok(
  format($$ update public.recipes set photo_path = %L where id = %L $$,
    :'alice' || '/' || :'alice_recipe' || '/photo-mf3k2a.gif', :'alice_recipe'),
  '23514', null, 'a photo is a jpg, png or webp'
);
select throws_ok(
  format($$ update public.recipes set photo_path = %L where id = %L $$,
    :'alice' || '/' || :'alice_recipe' || '/photo-' || repeat('a', 21) || '.jpg', :'alice_recipe'),
  '23514', null, 'a photo name is at most the stored form''s length'
);
select is(
  (select photo_path from public.recipes where id = :'alice_recipe'),
  :'alice' || '/' || :'alice_recipe' || '/photo-mf3k2a.webp',
  'the refused changes left the photo as it was'
);

-- Tags: stored lower case and distinct; at most 12 of 30 characters (LIMITS.recipeTags).
update public.recipes set tags = array[' Quick ', 'Family   favourite', 'quick', ''] where id = :'alice_recipe';
select is((select tags from public.recipes where id = :'alice_recipe'), array['quick', 'family favourite'],
  'tags are stored lower case and normalised, without blanks or repeats');
select lives_ok(
  format($$ update public.recipes set tags = array(select 't' || n || repeat('x', 28 - length(n::text)) from generate_series(1, 12) n) where id = %L $$, :'alice_recipe'),
  '12 tags of 30 characters are accepted'
);
select throws_ok(
  format($$ update public.recipes set tags = array(select 't' || n from generate_series(1, 13) n) where id = %L $$, :'alice_recipe'),
  '23514', 'new row for relation "recipes" violates check constraint "recipes_tags_limits"', 'a 13th tag is refused'
);
select throws_ok(
  format($$ update public.recipes set tags = array[repeat('x', 31)] where id = %L $$, :'alice_recipe'),
  '23514', 'new row for relation "recipes" violates check constraint "recipes_tags_limits"', 'a tag over 30 characters is refused'
);

-- Slots: a meal is breakfast, lunch, dinner or snack; dinner when not said.
select tests.authenticate_as('alice');
insert into public.meal_planner (date, household_id) values (current_date, tests.household_of('alice'));
select is((select slot from public.meal_planner where household_id = tests.household_of('alice')), 'dinner',
  'a meal planned without a slot is dinner');
select lives_ok(
  $$ update public.meal_planner set slot = 'breakfast' where household_id = tests.household_of('alice') $$,
  'a meal can move to another slot'
);
select throws_ok(
  $$ update public.meal_planner set slot = 'brunch' where household_id = tests.household_of('alice') $$,
  '23514', 'new row for relation "meal_planner" violates check constraint "meal_planner_slot_check"',
  'a slot is one of the four'
);
select throws_ok(
  $$ update public.meal_planner set slot = null where household_id = tests.household_of('alice') $$,
  '23502', null, 'a meal is always in a slot'
);

-- Own ingredients: private to their author, visible to a household sharing a recipe with one,
-- within the limits, never a built-in name, never with prices.
reset role;
insert into public.ingredients (name, protein, carbs, fats, calories, source, source_id, user_id)
values ('K flour', 10, 76, 1, 364, 'USDA FoodData Central', '1', null);
select tests.authenticate_as('alice');
select lives_ok(
  $$ insert into public.ingredients (name, protein, carbs, fats, calories, source, grams_per_each)
     values ('  Nonna''s   passata ', 1.5, 7, 0.2, 35, 'own', 250) $$,
  'a user can add an ingredient of their own'
);
select id as passata from public.ingredients where name = 'Nonna''s passata' \gset
select is((select user_id from public.ingredients where id = :passata), :'alice'::uuid,
  'an own ingredient belongs to its author, its name normalised');
select lives_ok(
  format('update public.ingredients set pack_size = 700, pack_unit = %L where id = %s', 'g', :passata),
  'an own ingredient carries the pack it is sold in'
);
select throws_ok(
  format('update public.ingredients set pack_size = 25001, pack_unit = %L where id = %s', 'g', :passata),
  '23514', null, 'a pack over LIMITS.packSize is refused'
);
select throws_ok(
  format('update public.ingredients set pack_size = 700, pack_unit = %L where id = %s', 'jar', :passata),
  '23514', null, 'a pack is in g, mL or each'
);
select throws_ok(
  format('update public.ingredients set pack_size = 700, pack_unit = null where id = %s', :passata),
  '23514', null, 'a pack size has its unit'
);
select throws_ok(
  $$ insert into public.ingredients (name, protein, carbs, fats, calories, source) values ('k FLOUR', 1, 1, 1, 1, 'own') $$,
  '23505', null, 'an own ingredient cannot take a built-in ingredient''s name'
);
select throws_ok(
  $$ insert into public.ingredients (name, protein, carbs, fats, calories, source) values ('Sugar-ish', 1, 101, 1, 1, 'own') $$,
  '23514', null, 'nutrition per 100 g is at most 100 g'
);
select throws_ok(
  $$ insert into public.ingredients (name, protein, carbs, fats, calories, source, grams_per_ml) values ('Lead', 1, 1, 1, 1, 'own', 11) $$,
  '23514', null, 'a density is within the limits'
);
select throws_ok(
  $$ insert into public.ingredients (name, protein, carbs, fats, calories, source, source_id) values ('Fake', 1, 1, 1, 1, 'AFCD', 'x') $$,
  '23514', null, 'a user cannot pass an ingredient off as a built-in one'
);
select throws_ok(
  $$ insert into public.ingredients (name, protein, carbs, fats, calories, source, user_id) values ('Theirs', 1, 1, 1, 1, 'own', tests.get_user_id('bob')) $$,
  '42501', 'new row violates row-level security policy for table "ingredients"', 'a user cannot add an ingredient for someone else'
);
select is_empty(
  $$ update public.ingredients set protein = 0 where name = 'K flour' returning 1 $$,
  'built-in ingredients stay read-only'
);
insert into public.recipe_ingredients (recipe_id, ingredient_id, quantity) values (:'alice_recipe', :passata, '200');
select is((select count(*)::int from public.ingredient_prices where ingredient_id = :passata), 0, 'an own ingredient has no prices');

select tests.authenticate_as('bob');
select is_empty(format('select 1 from public.ingredients where id = %s', :passata), 'another user cannot see an own ingredient');
select throws_ok(
  format($$ insert into public.pantry (name, ingredient_id, household_id) values ('x', %s, tests.household_of('bob')) $$, :passata),
  '42501', 'new row violates row-level security policy for table "pantry"', 'nor name it by its id in their pantry'
);

-- Bob joins Alice's household and Alice shares the recipe: he sees the ingredient it uses.
reset role;
insert into public.household_members (household_id, user_id) values (tests.household_of('alice'), :'bob');
update public.recipes set household_id = tests.household_of('alice') where id = :'alice_recipe';
select tests.authenticate_as('bob');
select is((select name from public.ingredients where id = :passata), 'Nonna''s passata',
  'a household member sees the own ingredients of a recipe shared with the household');
select is_empty(format('update public.ingredients set protein = 0 where id = %s returning 1', :passata),
  'but cannot change them');

-- Anon: none of it can be read or written without signing in.
select tests.authenticate_as_anon();
select is_empty(format('select 1 from public.ingredients where id = %s', :passata), 'anon cannot see an own ingredient');
select throws_ok(
  $$ insert into public.ingredients (name, protein, carbs, fats, calories, source) values ('Anon sauce', 1, 1, 1, 1, 'own') $$,
  '42501', 'new row violates row-level security policy for table "ingredients"', 'anon cannot add an own ingredient'
);
select is_empty(format('update public.ingredients set protein = 0 where id = %s returning 1', :passata),
  'anon cannot change an own ingredient');
select is_empty(format('delete from public.ingredients where id = %s returning 1', :passata),
  'anon cannot delete an own ingredient');
select is_empty(format('select tags, photo_path from public.recipes where id = %L', :'alice_recipe'),
  'anon cannot see a recipe''s tags or photo');
select is_empty(
  format($$ update public.recipes set tags = array['anon'], photo_path = null where id = %L returning 1 $$, :'alice_recipe'),
  'anon cannot change a recipe''s tags or photo'
);
select is_empty('select slot from public.meal_planner', 'anon cannot see the slots of meals');
select is_empty($$ update public.meal_planner set slot = 'lunch' returning 1 $$, 'anon cannot move a meal to another slot');
select throws_ok(
  $$ insert into public.meal_planner (date, slot, household_id) values (current_date, 'lunch', tests.household_of('alice')) $$,
  '42501', 'new row violates row-level security policy for table "meal_planner"', 'anon cannot plan a meal in a slot'
);
reset role;
select is(
  (select (tags[1], photo_path) from public.recipes where id = :'alice_recipe')::text,
  (select ('t1' || repeat('x', 27), :'alice' || '/' || :'alice_recipe' || '/photo-mf3k2a.webp'))::text,
  'anon''s tries left the tags and the photo as they were'
);
select is(
  (select (i.protein, m.slot) from public.ingredients i, public.meal_planner m
    where i.id = :passata and m.household_id = tests.household_of('alice'))::text,
  '(1.5,breakfast)', 'and the own ingredient and the slot'
);

select * from finish();
rollback;
