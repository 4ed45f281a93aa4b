-- The price screens' one read (issue 18, "In the app"): the histories of several products at once,
-- each judged on its own day, so an ingredient's products or a recipe's items come in one request
-- instead of one public.price_history call per product. Security invoker: it reads through the
-- caller's row-level security (every signed-in user may read prices; anon sees nothing).

/**
 * For each product of `p_product_ids` (at most 300; unknown ids and nulls give no rows), the
 * spans public.price_history returns to judge its price on its own day: `p_as_of` (default today
 * in Australia/Sydney), or the day the product was last seen when that is earlier, since a
 * product missing from newer feeds is stale, not free: the app shows its last known price and
 * its verdict then, marked stale. Those spans also cover the 12 weeks before that day, which is
 * what the price chart draws. Ordered by product, then date. Reads the (product_id, store, date)
 * index only.
 */
create function public.price_histories(p_product_ids bigint[], p_as_of date default null)
returns table (
  product_id bigint,
  as_of date,
  date date,
  last_seen date,
  price_cents integer,
  was_cents integer,
  promo text,
  multibuy_qty smallint,
  multibuy_cents integer,
  in_stock boolean
)
language plpgsql
stable
set search_path = ''
as $$
begin
  if cardinality(p_product_ids) > 300 then
    raise exception 'price_histories reads at most 300 products at once, not %', cardinality(p_product_ids)
      using errcode = '22023', hint = 'Ask for the products in smaller groups.';
  end if;
  return query
    select p.id, d.as_of, h.date, h.last_seen, h.price_cents, h.was_cents, h.promo, h.multibuy_qty,
      h.multibuy_cents, h.in_stock
    from public.chain_products p
    cross join lateral (
      select least(coalesce(p_as_of, (pg_catalog.now() at time zone 'Australia/Sydney')::date), p.last_seen) as as_of
    ) d
    cross join lateral public.price_history(p.id, d.as_of, p.store) h
    where p.id = any (p_product_ids)
    order by p.id, h.date;
end;
$$;

comment on function public.price_histories(bigint[], date) is
  'The price spans of up to 300 products, each as public.price_history returns them for the day it was last seen (or p_as_of, today by default, if earlier). Ordered by product and date.';

revoke execute on function public.price_histories(bigint[], date) from public, anon;
grant execute on function public.price_histories(bigint[], date) to authenticated, service_role;
