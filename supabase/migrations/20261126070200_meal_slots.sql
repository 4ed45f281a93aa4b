-- Meal slots on the plan (issue 20): the week planner is a grid of days × breakfast, lunch, dinner
-- and snack, and a planned meal sits in one slot (shared/recipes MEAL_SLOTS lists the same four).
-- Meals planned before slots existed take their recipe's meal type, else dinner.

alter table public.meal_planner
  add column slot text not null default 'dinner'
  constraint meal_planner_slot_check check (slot in ('breakfast', 'lunch', 'dinner', 'snack'));

comment on column public.meal_planner.slot is
  'Which meal of the day: breakfast, lunch, dinner or snack (the planner''s rows).';

update public.meal_planner m set slot = r.meal_type
from public.recipes r
where r.id = m.recipe_id and r.meal_type in ('breakfast', 'lunch', 'dinner', 'snack');
