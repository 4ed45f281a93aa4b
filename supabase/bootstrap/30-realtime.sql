-- Bootstrap for databases that are not Supabase: the publication Supabase Realtime listens
-- to. Supabase's image creates it empty (supabase/postgres initial schema); the migrations add
-- the tables the app subscribes to. Idempotent.
do $$
begin
  if not exists (select from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;
