-- The basket's "sample prices" label follows its prices: price-basket answers whether any price it
-- used is sample data (ingredient_prices.is_sample), where the screen used to say "sample prices"
-- always, even over a list priced wholly from a feed the user imported. A replaced view may only
-- gain columns at its end, so is_sample comes last.

create or replace view public.basket_prices
with (security_invoker = true)
as
select i.id as ingredient_id, i.name,
  p.coles_measure, p.woolworths_measure, p.aldi_measure,
  p.coles_unit_price_current, p.woolworths_unit_price_current, p.aldi_unit_price_current,
  p.ingredient_id is not null as priced,
  p.coles_loose, p.woolworths_loose, p.aldi_loose,
  v.version as prices_version,
  i.user_id is null as built_in,
  p.is_sample
from public.ingredients i
left join public.ingredient_prices p on p.ingredient_id = i.id
-- A join that keeps every ingredient even without the version row (then null: nothing is kept).
left join public.prices_version v on true;

comment on column public.basket_prices.is_sample is
  'ingredient_prices.is_sample: the price is sample data, so a basket using it says "sample prices".';
