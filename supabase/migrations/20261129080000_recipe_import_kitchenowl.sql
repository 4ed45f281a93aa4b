-- Bring your recipes from KitchenOwl: its household (or recipes) export is one JSON file, read in
-- the browser like the other apps' exports (shared/recipe-import/exports.ts), and its recipes
-- keep 'kitchenowl' as where they came from, for the re-import key.

alter table public.recipes
  drop constraint recipes_import_source_known,
  add constraint recipes_import_source_known check (
    import_source in ('web', 'mealie', 'tandoor', 'paprika', 'kitchenowl', 'schema-org'));

comment on column public.recipes.import_source is
  'Where an imported recipe came from: web, mealie, tandoor, paprika, kitchenowl or schema-org.';
