-- Loose produce is bought by weight (issue 19, the basket): a chain's preferred product sold loose
-- (chain_products.sold_loose: the shelf price is per kilo, hotprices' isWeighted) is priced for
-- what the line needs, not as a whole 1 kg "pack". ingredient_prices says so per chain, derived
-- with the rest of the row; rows typed by hand are not loose. basket_prices carries the flags to
-- price-basket.

alter table public.ingredient_prices
  add column coles_loose boolean not null default false,
  add column woolworths_loose boolean not null default false,
  add column aldi_loose boolean not null default false;

comment on column public.ingredient_prices.coles_loose is
  'Whether Coles sells it loose by weight (coles_measure is then the weight its price is for, per kilo).';
comment on column public.ingredient_prices.woolworths_loose is
  'Whether Woolworths sells it loose by weight (woolworths_measure is then the weight its price is for).';
comment on column public.ingredient_prices.aldi_loose is
  'Whether Aldi sells it loose by weight (aldi_measure is then the weight its price is for).';

create or replace function public.refresh_ingredient_prices(p_ingredient_ids bigint[] default null)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  changed integer;
begin
  with chosen as (
    select ip.ingredient_id, p.chain, p.id as product_id,
      price_import.pack_measure_text(p.pack_size, p.pack_unit, p.grams_each) as measure,
      p.sold_loose and p.pack_unit = 'g' as loose
    from public.ingredient_products ip
    join public.chain_products p on p.id = ip.product_id
    where ip.preferred and (p_ingredient_ids is null or ip.ingredient_id = any (p_ingredient_ids))
  ),
  newest as (
    select c.ingredient_id, c.chain, c.measure, c.loose, o.price_cents, o.last_seen, o.source,
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
      bool_or(n.loose) filter (where n.chain = 'coles') as coles_loose,
      bool_or(n.loose) filter (where n.chain = 'woolworths') as woolworths_loose,
      bool_or(n.loose) filter (where n.chain = 'aldi') as aldi_loose,
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
      case when d.has_coles then d.coles_loose else coalesce(ip.coles_loose, false) end as coles_loose,
      case when d.has_woolworths then d.woolworths_measure else ip.woolworths_measure end as woolworths_measure,
      case when d.has_woolworths then d.woolworths_current else ip.woolworths_unit_price_current end as woolworths_current,
      case when d.has_woolworths then d.woolworths_past else ip.woolworths_unit_price_past end as woolworths_past,
      case when d.has_woolworths then d.woolworths_loose else coalesce(ip.woolworths_loose, false) end as woolworths_loose,
      case when d.has_aldi then d.aldi_measure else ip.aldi_measure end as aldi_measure,
      case when d.has_aldi then d.aldi_current else ip.aldi_unit_price_current end as aldi_current,
      case when d.has_aldi then d.aldi_past else ip.aldi_unit_price_past end as aldi_past,
      case when d.has_aldi then d.aldi_loose else coalesce(ip.aldi_loose, false) end as aldi_loose,
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
      coles_loose = m.coles_loose, woolworths_loose = m.woolworths_loose, aldi_loose = m.aldi_loose,
      is_sample = m.is_sample, price_date = m.price_date
    from merged m
    where m.exists_now and ip.ingredient_id = m.ingredient_id
      and (ip.coles_measure, ip.coles_unit_price_current, ip.coles_unit_price_past,
           ip.woolworths_measure, ip.woolworths_unit_price_current, ip.woolworths_unit_price_past,
           ip.aldi_measure, ip.aldi_unit_price_current, ip.aldi_unit_price_past, ip.is_sample, ip.price_date,
           ip.coles_loose, ip.woolworths_loose, ip.aldi_loose)
        is distinct from
          (m.coles_measure, m.coles_current, m.coles_past, m.woolworths_measure, m.woolworths_current,
           m.woolworths_past, m.aldi_measure, m.aldi_current, m.aldi_past, m.is_sample, m.price_date,
           m.coles_loose, m.woolworths_loose, m.aldi_loose)
    returning 1
  ),
  inserted as (
    insert into public.ingredient_prices (ingredient_id, coles_measure, coles_unit_price_current,
      coles_unit_price_past, woolworths_measure, woolworths_unit_price_current, woolworths_unit_price_past,
      aldi_measure, aldi_unit_price_current, aldi_unit_price_past, is_sample, price_date,
      coles_loose, woolworths_loose, aldi_loose)
    select m.ingredient_id, m.coles_measure, m.coles_current, m.coles_past, m.woolworths_measure,
      m.woolworths_current, m.woolworths_past, m.aldi_measure, m.aldi_current, m.aldi_past, m.is_sample,
      m.price_date, m.coles_loose, m.woolworths_loose, m.aldi_loose
    from merged m
    where not m.exists_now
    returning 1
  )
  select (select count(*) from updated) + (select count(*) from inserted) into changed;
  return changed;
end;
$$;

create or replace view public.basket_prices
with (security_invoker = true)
as
select i.id as ingredient_id, i.name,
  p.coles_measure, p.woolworths_measure, p.aldi_measure,
  p.coles_unit_price_current, p.woolworths_unit_price_current, p.aldi_unit_price_current,
  p.ingredient_id is not null as priced,
  p.coles_loose, p.woolworths_loose, p.aldi_loose
from public.ingredients i
left join public.ingredient_prices p on p.ingredient_id = i.id;

-- Rows derived before: their flags from their products.
select public.refresh_ingredient_prices();
