-- Reading the price history (issue 18): the spans "is this special real?" needs for one product,
-- and the products no feed has listed for over a week. Security invoker: they read through the
-- caller's row-level security (every signed-in user may read prices; anon sees nothing).

/**
 * The change-only history of one product at one store that shared judgeSpecial needs to judge
 * the price on `p_as_of` (default: today in Australia/Sydney): every non-quarantined span that
 * starts in the 12 weeks before it, or in the 30 days before today's price began, with a margin
 * of 11 days for spans carried on, plus the one span before those. Oldest first. Reads the
 * (product_id, store, date) index only: three short range scans, whatever the table holds.
 */
create function public.price_history(p_product_id bigint, p_as_of date default null, p_store text default 'online')
returns table (
  date date,
  last_seen date,
  price_cents integer,
  was_cents integer,
  promo text,
  multibuy_qty smallint,
  multibuy_cents integer,
  in_stock boolean
)
language sql
stable
set search_path = ''
as $$
  with today as (
    select coalesce(p_as_of, (pg_catalog.now() at time zone 'Australia/Sydney')::date) as day
  ),
  current_start as (
    select (
      select o.date from public.price_observations o, today t
      where o.product_id = p_product_id and o.store = p_store and not o.quarantined and o.date <= t.day
      order by o.date desc limit 1
    ) as day
  ),
  bound as (
    select least(t.day - 84, coalesce(c.day, t.day) - 30) - 11 as day from today t, current_start c
  )
  select s.date, s.last_seen, s.price_cents, s.was_cents, s.promo, s.multibuy_qty, s.multibuy_cents, s.in_stock
  from (
    select o.date, o.last_seen, o.price_cents, o.was_cents, o.promo, o.multibuy_qty, o.multibuy_cents, o.in_stock
    from public.price_observations o, today t, bound b
    where o.product_id = p_product_id and o.store = p_store and not o.quarantined
      and o.date >= b.day and o.date <= t.day
    union all
    (
      select o.date, o.last_seen, o.price_cents, o.was_cents, o.promo, o.multibuy_qty, o.multibuy_cents, o.in_stock
      from public.price_observations o, bound b
      where o.product_id = p_product_id and o.store = p_store and not o.quarantined and o.date < b.day
      order by o.date desc limit 1
    )
  ) s
  order by s.date
$$;

comment on function public.price_history(bigint, date, text) is
  'The non-quarantined price spans of a product at a store that judging its price on a day needs (12 weeks, and the 30 days before the current price). Oldest first.';

/**
 * Products no feed has listed for more than 7 days before `p_as_of` (default: today in
 * Australia/Sydney): missing items are never deleted, they go stale. Ordered by chain and SKU.
 */
create function public.stale_chain_products(p_as_of date default null)
returns setof public.chain_products
language sql
stable
set search_path = ''
as $$
  select p.*
  from public.chain_products p
  where p.last_seen < coalesce(p_as_of, (pg_catalog.now() at time zone 'Australia/Sydney')::date) - 7
  order by p.chain, p.sku
$$;

comment on function public.stale_chain_products(date) is
  'Products not seen for more than 7 days (Australia/Sydney): kept, but stale. Missing items are never deleted.';

revoke execute on function public.price_history(bigint, date, text) from public, anon;
revoke execute on function public.stale_chain_products(date) from public, anon;
grant execute on function public.price_history(bigint, date, text) to authenticated, service_role;
grant execute on function public.stale_chain_products(date) to authenticated, service_role;
