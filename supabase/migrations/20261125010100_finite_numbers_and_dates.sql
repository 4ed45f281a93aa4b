-- Numbers and dates a person could mean. PostgreSQL's numeric takes 'NaN' and 'Infinity', and
-- date takes 'infinity' and years up to 5874897; the API passes values to the column types as
-- text (as PostgREST does), so these checks are what refuse them, for every client alike
-- (23514, answered 400).

alter table public.pantry
  add constraint pantry_quantity_finite check (quantity not in ('NaN', 'Infinity', '-Infinity'));
alter table public.shopping
  add constraint shopping_quantity_finite check (quantity not in ('NaN', 'Infinity', '-Infinity'));

alter table public.ingredients
  add constraint ingredients_nutrition_finite check (
    'NaN' not in (protein, carbs, fats, calories)
    and 'Infinity' not in (protein, carbs, fats, calories)
  );

-- numeric(10,2) already refuses infinities; NaN it would keep.
alter table public.ingredient_prices
  add constraint ingredient_prices_prices_are_numbers check (
    'NaN' not in (
      coalesce(coles_unit_price_current, 0), coalesce(woolworths_unit_price_current, 0),
      coalesce(aldi_unit_price_current, 0), coalesce(coles_unit_price_past, 0),
      coalesce(woolworths_unit_price_past, 0), coalesce(aldi_unit_price_past, 0)
    )
  );

-- A meal is planned for a day of this century; anything else is a typing or clock mistake.
alter table public.meal_planner
  add constraint meal_planner_date_plausible check (date between '2000-01-01' and '2099-12-31');
alter table public.ingredient_prices
  add constraint ingredient_prices_price_date_plausible check (price_date between '2000-01-01' and '2099-12-31');
