-- A favourite or a planned meal may only name a recipe its owner can see (a default recipe or
-- one of their own). Foreign keys are checked without row-level security, so before this a
-- user could tell whether another user's private recipe id existed: 201 when it did, 409
-- (23503) when it did not. The check below reads recipes through the caller's own policies,
-- so a missing recipe and someone else's are refused alike, with the row-level security error.

drop policy "Users can add their own favourites" on public.favourites;
create policy "Users can add their own favourites of recipes they can see"
  on public.favourites for insert
  to authenticated
  with check (
    user_id = (select auth.uid())
    and exists (select 1 from public.recipes r where r.id = recipe_id)
  );

drop policy "Users can update their own favourites" on public.favourites;
create policy "Users can update their own favourites of recipes they can see"
  on public.favourites for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (
    user_id = (select auth.uid())
    and exists (select 1 from public.recipes r where r.id = recipe_id)
  );

drop policy "Users can plan their own meals" on public.meal_planner;
create policy "Users can plan their own meals with recipes they can see and their own cooks"
  on public.meal_planner for insert
  to authenticated
  with check (
    user_id = (select auth.uid())
    and (recipe_id is null or exists (select 1 from public.recipes r where r.id = recipe_id))
    and (cook_id is null or cook_id in (select c.id from public.cooks c where c.user_id = (select auth.uid())))
  );

drop policy "Users can update their own meals" on public.meal_planner;
create policy "Users can update their own meals with recipes they can see and their own cooks"
  on public.meal_planner for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (
    user_id = (select auth.uid())
    and (recipe_id is null or exists (select 1 from public.recipes r where r.id = recipe_id))
    and (cook_id is null or cook_id in (select c.id from public.cooks c where c.user_id = (select auth.uid())))
  );
