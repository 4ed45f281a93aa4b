-- Bring your recipes from Grocy: it has no export, only its SQLite database (data/grocy.db),
-- which the browser reads (sql.js) and turns into recipes (shared/recipe-import/grocy.ts); they
-- keep 'grocy' as where they came from, with Grocy's recipe id for the re-import key.

alter table public.recipes
  drop constraint recipes_import_source_known,
  add constraint recipes_import_source_known check (
    import_source in ('web', 'mealie', 'tandoor', 'paprika', 'kitchenowl', 'grocy', 'schema-org'));

comment on column public.recipes.import_source is
  'Where an imported recipe came from: web, mealie, tandoor, paprika, kitchenowl, grocy or schema-org.';
