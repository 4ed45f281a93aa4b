-- Columns a signed-in person can write through the Data API that had no limit of their own
-- (found by listing every column `authenticated` may insert or update on a table with a write
-- policy, against the check constraints on it). Each rule is the one shared/ holds; rows that
-- break it are mended first, so the constraints apply to a database already in use.

-- A profile's avatar is one of the eight of spec 9, as shared/profile/avatars.ts `avatarUrl`
-- writes it. Any other value was shown as it was: an address elsewhere would have been loaded by
-- the browser of everyone in the household, telling that site who they are.
update public.users
set avatar_url = private.random_avatar_url()
where avatar_url not in (
  '/avatars/apple.svg', '/avatars/banana.svg', '/avatars/broccoli.svg', '/avatars/orange.svg',
  '/avatars/strawberry.svg', '/avatars/lemon.svg', '/avatars/lime.svg', '/avatars/tomato.svg'
);
alter table public.users
  add constraint users_avatar_url_known check (avatar_url in (
    '/avatars/apple.svg', '/avatars/banana.svg', '/avatars/broccoli.svg', '/avatars/orange.svg',
    '/avatars/strawberry.svg', '/avatars/lemon.svg', '/avatars/lime.svg', '/avatars/tomato.svg'
  ));

-- The amount the plan put on a list line is an item quantity like the line's own
-- (LIMITS.itemQuantity); NaN fails the upper bound. A line whose planned amount breaks it is
-- treated as changed by hand, which is what a null planned amount means.
update public.shopping
set plan_quantity = null
where not (plan_quantity > 0 and plan_quantity <= 100000 and plan_quantity = round(plan_quantity, 3));
alter table public.shopping
  add constraint shopping_plan_quantity_range
    check (plan_quantity > 0 and plan_quantity <= 100000 and plan_quantity = round(plan_quantity, 3));

-- When a row was made, or a meal cooked: the database fills these in, but a client may send its
-- own, and it may only send a time of this century (LIMITS.recordedAt), as a meal's date is;
-- timestamptz would take 'infinity' and year 294276. Out-of-range ones become the time of this
-- migration.
do $$
declare
  target record;
begin
  for target in
    select * from (values
      ('cooks', 'created_at'), ('favourites', 'created_at'), ('ingredients', 'created_at'),
      ('meal_planner', 'created_at'), ('meal_planner', 'cooked_at'), ('pantry', 'created_at'),
      ('recipes', 'created_at'), ('shopping', 'created_at'), ('staples', 'created_at')
    ) as t(tbl, col)
  loop
    execute format(
      'update public.%1$I set %2$I = now() where not (%2$I >= %3$L and %2$I < %4$L)',
      target.tbl, target.col, '2000-01-01 00:00:00+00', '2100-01-01 00:00:00+00');
    execute format(
      'alter table public.%1$I add constraint %2$I check (%3$I >= %4$L and %3$I < %5$L)',
      target.tbl, format('%s_%s_plausible', target.tbl, target.col), target.col,
      '2000-01-01 00:00:00+00', '2100-01-01 00:00:00+00');
  end loop;
end;
$$;
