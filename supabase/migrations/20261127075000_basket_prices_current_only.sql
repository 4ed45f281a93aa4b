-- basket_prices becomes a view of only what prices a basket (issue 19, price-basket ≤ 2× the
-- REST read of its price rows): each ingredient the caller can see, its name, and each chain's
-- measure and current price. Measured on the local stack (bench/functions.bench.ts):
-- - the past prices of the full row were a fifth of the read's time (every numeric column is
--   converted for each row), and a basket never uses them;
-- - a view is planned into the caller's query, where the function was a separate plan whose
--   rows were collected first: the read of the function took about 0.4 ms more than the REST
--   read of the same rows, the view's the same.
-- security_invoker, so row-level security of ingredients and ingredient_prices decides what the
-- caller sees, as the function's security invoker did: an id the caller cannot see is absent.

drop function public.basket_prices(bigint[]);

create view public.basket_prices
with (security_invoker = true)
as
select i.id as ingredient_id, i.name,
  p.coles_measure, p.woolworths_measure, p.aldi_measure,
  p.coles_unit_price_current, p.woolworths_unit_price_current, p.aldi_unit_price_current,
  p.ingredient_id is not null as priced
from public.ingredients i
left join public.ingredient_prices p on p.ingredient_id = i.id;

comment on view public.basket_prices is
  'Each ingredient the caller can see with its measures and current prices (priced: whether it has a price row), for price-basket.';

revoke all on public.basket_prices from public, anon, authenticated;
grant select on public.basket_prices to authenticated;
