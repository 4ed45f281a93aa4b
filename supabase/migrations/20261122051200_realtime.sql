-- Live updates (spec 4): the tables the app subscribes to with postgres_changes, listed
-- explicitly (never `for all tables`, so new tables are private to Realtime until added here).
--
-- Replica identity full, as Supabase's Realtime docs advise for receiving the old record of
-- UPDATE and DELETE events. Under RLS, Supabase Realtime still sends subscribers only the old
-- record's primary key on DELETE (it cannot check a policy against a row that is gone), so the
-- app removes rows by id; what full identity adds is the old row's user_id in the WAL, which
-- lets a realtime server (the local stack's included) route a DELETE only to the row's owner
-- and evaluate `user_id=eq.…` filters on deletes. The tables are small, so the extra WAL is cheap.

alter publication supabase_realtime add table
  public.users,
  public.recipes,
  public.favourites,
  public.cooks,
  public.meal_planner,
  public.pantry,
  public.shopping;

alter table public.users replica identity full;
alter table public.recipes replica identity full;
alter table public.favourites replica identity full;
alter table public.cooks replica identity full;
alter table public.meal_planner replica identity full;
alter table public.pantry replica identity full;
alter table public.shopping replica identity full;
