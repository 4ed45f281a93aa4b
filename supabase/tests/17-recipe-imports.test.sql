-- Issue 24, "Bring your recipes": an import is saved whole or not at all, as the importer's own
-- recipe with its source kept, and a re-import by (source, source id) updates or skips.
begin;
set local search_path = tests, public;
select plan(20);

select tests.create_user('alice');
select tests.create_user('bob');
reset role;
insert into public.ingredients (name, protein, carbs, fats, calories, source, source_id, user_id)
values ('I flour', 10, 76, 1, 364, 'USDA FoodData Central', 'i1', null);
select id as flour from public.ingredients where name = 'I flour' \gset

select tests.authenticate_as('alice');
select is(
  (select outcome from public.save_imported_recipe(
    jsonb_build_object('name', 'Damper', 'steps', jsonb_build_array('Mix.', 'Bake.'),
      'source_url', 'https://example.test/damper', 'source_author', 'A. Baker',
      'import_source', 'web', 'import_source_id', 'https://example.test/damper',
      'text_lines', jsonb_build_array('a pinch of love')),
    jsonb_build_array(jsonb_build_object('ingredient_id', :flour, 'quantity', '3', 'note', 'sifted')))),
  'imported', 'a first import makes a new recipe');
select id as damper from public.recipes where name = 'Damper' and user_id = tests.get_user_id('alice') \gset
select is((select user_id from public.recipes where id = :'damper'), tests.get_user_id('alice'),
  'the imported recipe is the importer''s own');
select is((select array[source_url, source_author] from public.recipes where id = :'damper'),
  array['https://example.test/damper', 'A. Baker'], 'its address and author are kept');
select is((select text_lines from public.recipes where id = :'damper'), array['a pinch of love'],
  'a line kept as text is kept');
select is((select count(*)::int from public.recipe_ingredients where recipe_id = :'damper'), 1,
  'only matched lines become ingredient lines, so text lines count in no nutrition or price');

select is(
  (select outcome from public.save_imported_recipe(
    jsonb_build_object('name', 'Damper', 'import_source', 'web', 'import_source_id', 'https://example.test/damper'),
    '[]'::jsonb, 'skip')),
  'skipped', 'a re-import can skip');
select is(
  (select array[outcome, recipe_id::text] from public.save_imported_recipe(
    jsonb_build_object('name', 'Better damper', 'import_source', 'web', 'import_source_id', 'https://example.test/damper'),
    jsonb_build_array(jsonb_build_object('ingredient_id', :flour, 'quantity', '4'),
      jsonb_build_object('ingredient_id', :flour, 'quantity', '1', 'note', 'for dusting')))),
  array['updated', :'damper'], 'a re-import updates the same recipe');
select is((select count(*)::int from public.recipes where import_source_id = 'https://example.test/damper'), 1,
  'nothing is duplicated');
select is((select array_agg(quantity order by position) from public.recipe_ingredients where recipe_id = :'damper'),
  array['4', '1'], 'an update replaces the lines, in order');

-- The same recipe again with nothing changed is left alone; one changed line is an update.
select is(
  (select array[outcome, recipe_id::text] from public.save_imported_recipe(
    jsonb_build_object('name', 'Better damper', 'import_source', 'web', 'import_source_id', 'https://example.test/damper'),
    jsonb_build_array(jsonb_build_object('ingredient_id', :flour, 'quantity', '4'),
      jsonb_build_object('ingredient_id', :flour, 'quantity', '1', 'note', 'for dusting')))),
  array['unchanged', :'damper'], 'a re-import of an unchanged recipe is reported unchanged');
select is(
  (select outcome from public.save_imported_recipe(
    jsonb_build_object('name', 'Better damper', 'import_source', 'web', 'import_source_id', 'https://example.test/damper'),
    jsonb_build_array(jsonb_build_object('ingredient_id', :flour, 'quantity', '4'),
      jsonb_build_object('ingredient_id', :flour, 'quantity', '1', 'note', 'for the bench')))),
  'updated', 'a changed note is an update');
select is(
  (select outcome from public.save_imported_recipe(
    jsonb_build_object('name', 'Better damper', 'import_source', 'web', 'import_source_id', 'https://example.test/damper',
      'steps', jsonb_build_array('Mix.')),
    jsonb_build_array(jsonb_build_object('ingredient_id', :flour, 'quantity', '4'),
      jsonb_build_object('ingredient_id', :flour, 'quantity', '1', 'note', 'for the bench')))),
  'updated', 'a changed step is an update');

-- Whole or not at all: a bad line or field leaves nothing behind.
select throws_ok(
  format($$ select * from public.save_imported_recipe(
    jsonb_build_object('name', 'Half', 'import_source', 'mealie', 'import_source_id', 'h1'),
    jsonb_build_array(jsonb_build_object('ingredient_id', %s, 'quantity', '2'),
      jsonb_build_object('ingredient_id', %s, 'note', repeat('x', 201)))) $$, :flour, :flour),
  '23514', null, 'a note over its limit refuses the whole recipe');
select is((select count(*)::int from public.recipes where name = 'Half'), 0, 'and nothing partial is saved');
select throws_ok(
  $$ select * from public.save_imported_recipe(
    jsonb_build_object('name', 'Lots', 'import_source', 'paprika', 'import_source_id', 'l1'),
    (select jsonb_agg(jsonb_build_object('ingredient_id', 1)) from generate_series(1, 201))) $$,
  '23514', 'recipe "Lots": 201 ingredient lines, at most 200', 'too many lines are refused, naming the recipe');
select throws_ok(
  $$ select * from public.save_imported_recipe(
    jsonb_build_object('name', 'Sneaky', 'import_source', 'web', 'import_source_id', 'file:///etc/passwd',
      'source_url', 'file:///etc/passwd'), '[]'::jsonb) $$,
  '23514', null, 'a source address is http or https');

-- KitchenOwl's export is a source like the other apps'; a source Larder does not know is refused.
select is(
  (select outcome from public.save_imported_recipe(
    jsonb_build_object('name', 'Owl pancakes', 'import_source', 'kitchenowl', 'import_source_id', 'name:owl pancakes',
      'tags', jsonb_build_array('Breakfast'), 'meal_type', 'breakfast'),
    jsonb_build_array(jsonb_build_object('ingredient_id', :flour, 'quantity', '150')))),
  'imported', 'a KitchenOwl recipe is imported with its tags and meal');
select is(
  (select outcome from public.save_imported_recipe(
    jsonb_build_object('name', 'Grocy soup', 'import_source', 'grocy', 'import_source_id', '7'),
    jsonb_build_array(jsonb_build_object('ingredient_id', :flour, 'quantity', '20')))),
  'imported', 'a recipe read from a Grocy database is imported');
select throws_ok(
  $$ select * from public.save_imported_recipe(
    jsonb_build_object('name', 'Whisk soup', 'import_source', 'whisk', 'import_source_id', 'w1'), '[]'::jsonb) $$,
  '23514', null, 'an import source Larder does not read is refused');

-- Another user importing the same page gets their own copy; alice's is not theirs to update.
select tests.authenticate_as('bob');
select is(
  (select outcome from public.save_imported_recipe(
    jsonb_build_object('name', 'Damper', 'import_source', 'web', 'import_source_id', 'https://example.test/damper'),
    '[]'::jsonb)),
  'imported', 'the key is per user: another user''s import is a new recipe of their own');

select * from finish();
rollback;
