-- The price rows a basket needs, with the names of its ingredients, in one read (issue 19): the
-- price-basket function would otherwise make two round trips (names, then prices) per basket.
-- Security invoker, so row-level security decides which ingredients the caller sees; an id the
-- caller cannot see is simply absent, which the function reports as unknown.

create function public.basket_prices(ingredient_ids bigint[])
returns table (
  ingredient_id bigint,
  name text,
  coles_measure text,
  woolworths_measure text,
  aldi_measure text,
  coles_unit_price_current numeric,
  woolworths_unit_price_current numeric,
  aldi_unit_price_current numeric,
  coles_unit_price_past numeric,
  woolworths_unit_price_past numeric,
  aldi_unit_price_past numeric,
  priced boolean
)
language sql
stable
security invoker
set search_path = ''
as $$
  select i.id, i.name,
    p.coles_measure, p.woolworths_measure, p.aldi_measure,
    p.coles_unit_price_current, p.woolworths_unit_price_current, p.aldi_unit_price_current,
    p.coles_unit_price_past, p.woolworths_unit_price_past, p.aldi_unit_price_past,
    p.ingredient_id is not null
  from public.ingredients i
  left join public.ingredient_prices p on p.ingredient_id = i.id
  where i.id = any (ingredient_ids)
$$;

comment on function public.basket_prices(bigint[]) is
  'The named ingredients the caller can see, each with its price row (priced: whether it has one), for price-basket.';

revoke execute on function public.basket_prices(bigint[]) from public, anon;
grant execute on function public.basket_prices(bigint[]) to authenticated;
