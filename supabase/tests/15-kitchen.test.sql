-- Issue 20, "a kitchen app": recipe photos on recipes, tags on own recipes, meal slots on the
-- plan, own ingredients.
begin;
set local search_path = tests, public;
select plan(14);

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

select * from finish();
rollback;
