-- ingredient_prices becomes derived (issue 18). It stays a table, read as before by
-- price-recipe, the web app and CONTRACTS 3, and is now written from the price history: for each
-- ingredient and chain, the newest non-quarantined observation of the ingredient's preferred
-- product there. Ingredients (and chains) without a preferred product keep what they have.

/**
 * A number as JavaScript's String(Math.round(n * 1000) / 1000) writes it, in double precision
 * as JavaScript computes it, so the pack measure text below is byte for byte what
 * shared/shelf-prices packMeasureText writes (Math.round rounds halves up: floor(x + 0.5)).
 */
create function price_import.js_thousandths(n double precision)
returns text
language sql
immutable
set search_path = ''
as $$
  select (pg_catalog.floor(n * 1000 + 0.5) / 1000)::text
$$;

comment on function price_import.js_thousandths(double precision) is
  'String(Math.round(n * 1000) / 1000) as JavaScript writes it (shared/shelf-prices/shelf-price.ts packMeasureText).';

/** A weight or volume as packMeasureText writes it: g and mL, from 1000 kg and L (double precision, as JavaScript). */
create function price_import.metric_text(amount double precision, unit text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when amount >= 1000 then price_import.js_thousandths(amount / 1000) || case unit when 'g' then 'kg' else 'L' end
    else price_import.js_thousandths(amount) || unit
  end
$$;

comment on function price_import.metric_text(double precision, text) is
  'A weight (g) or volume (mL) as packMeasureText writes it: 500g, 1.25kg, 250mL, 2L.';

/**
 * The pack measure text of a chain product, as ingredient_prices holds it: the SQL twin of
 * shared/shelf-prices ingredientPackMeasure (packMeasureText), proved equal by
 * stack/tests/prices-derive.test.ts. '500g', '1.25kg', '2L', '250mL', '6 each'; a product sold by
 * count with a known weight per item is written as its total weight ('696g' for 12 × 58 g), so
 * recipes that weigh it are priced by weight. '' for a pack that is not positive.
 */
create function price_import.pack_measure_text(size numeric, unit text, grams_each numeric)
returns text
language sql
immutable
set search_path = ''
as $$
  select case
    when size is null or not (size > 0) or size = 'NaN' then ''
    when unit = 'each' and grams_each > 0 and grams_each <> 'NaN' then
      price_import.metric_text(size::double precision * grams_each::double precision, 'g')
    when unit = 'each' then price_import.js_thousandths(size::double precision) || ' each'
    when unit in ('g', 'mL') then price_import.metric_text(size::double precision, unit)
    else ''
  end
$$;

comment on function price_import.pack_measure_text(numeric, text, numeric) is
  'Pack measure text of a product (500g, 1.25kg, 2L, 6 each): shared/shelf-prices ingredientPackMeasure.';

/**
 * Writes ingredient_prices from the price history, for the given ingredients (null: all):
 * per chain, the ingredient's preferred product (ingredient_products.preferred) and its newest
 * non-quarantined observation (any store; the newest date, then the store's name):
 * - `<chain>_measure` from the product's pack (price_import.pack_measure_text),
 * - `<chain>_unit_price_current` its price, `<chain>_unit_price_past` the price the product had
 *   at the same store 28 days before that observation was last seen (null without one),
 * - `price_date` the newest last-seen day among the chains written,
 * - `is_sample` true while any price in the row is sample data (source 'sample').
 * Chains without a preferred product, or whose product has no usable observation, keep their
 * values; ingredients with none keep their row as it is. Rows whose values would not change are
 * not written. Returns the number of rows inserted or changed. Service role only.
 */
create function public.refresh_ingredient_prices(p_ingredient_ids bigint[] default null)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  changed integer;
begin
  with chosen as (
    select ip.ingredient_id, p.chain, p.id as product_id,
      price_import.pack_measure_text(p.pack_size, p.pack_unit, p.grams_each) as measure
    from public.ingredient_products ip
    join public.chain_products p on p.id = ip.product_id
    where ip.preferred and (p_ingredient_ids is null or ip.ingredient_id = any (p_ingredient_ids))
  ),
  newest as (
    select c.ingredient_id, c.chain, c.measure, o.price_cents, o.last_seen, o.source,
      (select o2.price_cents from public.price_observations o2
        where o2.product_id = c.product_id and o2.store = o.store and not o2.quarantined
          and o2.date <= o.last_seen - 28
        order by o2.date desc limit 1) as past_cents
    from chosen c
    cross join lateral (
      select o1.store, o1.price_cents, o1.last_seen, o1.source from public.price_observations o1
      where o1.product_id = c.product_id and not o1.quarantined
      order by o1.date desc, o1.store limit 1
    ) o
  ),
  derived as (
    select n.ingredient_id,
      bool_or(n.chain = 'coles') as has_coles,
      bool_or(n.chain = 'woolworths') as has_woolworths,
      bool_or(n.chain = 'aldi') as has_aldi,
      max(n.measure) filter (where n.chain = 'coles') as coles_measure,
      max(n.measure) filter (where n.chain = 'woolworths') as woolworths_measure,
      max(n.measure) filter (where n.chain = 'aldi') as aldi_measure,
      (max(n.price_cents) filter (where n.chain = 'coles') / 100.0)::numeric(10, 2) as coles_current,
      (max(n.price_cents) filter (where n.chain = 'woolworths') / 100.0)::numeric(10, 2) as woolworths_current,
      (max(n.price_cents) filter (where n.chain = 'aldi') / 100.0)::numeric(10, 2) as aldi_current,
      (max(n.past_cents) filter (where n.chain = 'coles') / 100.0)::numeric(10, 2) as coles_past,
      (max(n.past_cents) filter (where n.chain = 'woolworths') / 100.0)::numeric(10, 2) as woolworths_past,
      (max(n.past_cents) filter (where n.chain = 'aldi') / 100.0)::numeric(10, 2) as aldi_past,
      max(n.last_seen) as price_date,
      bool_or(n.source = 'sample') as any_sample
    from newest n
    group by n.ingredient_id
  ),
  merged as (
    -- The row as it will be: derived chains replaced, the others kept.
    select d.ingredient_id, ip.ingredient_id is not null as exists_now,
      case when d.has_coles then d.coles_measure else ip.coles_measure end as coles_measure,
      case when d.has_coles then d.coles_current else ip.coles_unit_price_current end as coles_current,
      case when d.has_coles then d.coles_past else ip.coles_unit_price_past end as coles_past,
      case when d.has_woolworths then d.woolworths_measure else ip.woolworths_measure end as woolworths_measure,
      case when d.has_woolworths then d.woolworths_current else ip.woolworths_unit_price_current end as woolworths_current,
      case when d.has_woolworths then d.woolworths_past else ip.woolworths_unit_price_past end as woolworths_past,
      case when d.has_aldi then d.aldi_measure else ip.aldi_measure end as aldi_measure,
      case when d.has_aldi then d.aldi_current else ip.aldi_unit_price_current end as aldi_current,
      case when d.has_aldi then d.aldi_past else ip.aldi_unit_price_past end as aldi_past,
      d.any_sample or coalesce(ip.is_sample and (
        (not d.has_coles and ip.coles_unit_price_current is not null)
        or (not d.has_woolworths and ip.woolworths_unit_price_current is not null)
        or (not d.has_aldi and ip.aldi_unit_price_current is not null)), false) as is_sample,
      d.price_date
    from derived d
    left join public.ingredient_prices ip on ip.ingredient_id = d.ingredient_id
  ),
  updated as (
    update public.ingredient_prices ip set
      coles_measure = m.coles_measure, coles_unit_price_current = m.coles_current, coles_unit_price_past = m.coles_past,
      woolworths_measure = m.woolworths_measure, woolworths_unit_price_current = m.woolworths_current,
      woolworths_unit_price_past = m.woolworths_past,
      aldi_measure = m.aldi_measure, aldi_unit_price_current = m.aldi_current, aldi_unit_price_past = m.aldi_past,
      is_sample = m.is_sample, price_date = m.price_date
    from merged m
    where m.exists_now and ip.ingredient_id = m.ingredient_id
      and (ip.coles_measure, ip.coles_unit_price_current, ip.coles_unit_price_past,
           ip.woolworths_measure, ip.woolworths_unit_price_current, ip.woolworths_unit_price_past,
           ip.aldi_measure, ip.aldi_unit_price_current, ip.aldi_unit_price_past, ip.is_sample, ip.price_date)
        is distinct from
          (m.coles_measure, m.coles_current, m.coles_past, m.woolworths_measure, m.woolworths_current,
           m.woolworths_past, m.aldi_measure, m.aldi_current, m.aldi_past, m.is_sample, m.price_date)
    returning 1
  ),
  inserted as (
    insert into public.ingredient_prices (ingredient_id, coles_measure, coles_unit_price_current,
      coles_unit_price_past, woolworths_measure, woolworths_unit_price_current, woolworths_unit_price_past,
      aldi_measure, aldi_unit_price_current, aldi_unit_price_past, is_sample, price_date)
    select m.ingredient_id, m.coles_measure, m.coles_current, m.coles_past, m.woolworths_measure,
      m.woolworths_current, m.woolworths_past, m.aldi_measure, m.aldi_current, m.aldi_past, m.is_sample,
      m.price_date
    from merged m
    where not m.exists_now
    returning 1
  )
  select (select count(*) from updated) + (select count(*) from inserted) into changed;
  return changed;
end;
$$;

comment on function public.refresh_ingredient_prices(bigint[]) is
  'Writes ingredient_prices from the newest non-quarantined observation of each ingredient''s preferred product per chain (null: every ingredient). Service role only.';

revoke execute on function public.refresh_ingredient_prices(bigint[]) from public, anon, authenticated;
grant execute on function public.refresh_ingredient_prices(bigint[]) to service_role;
