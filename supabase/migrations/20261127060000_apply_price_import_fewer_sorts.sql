-- Applying a price import faster again (issue 18, import performance; docs/price-feed.md). The
-- rules are those of 20261126100000 unchanged; the work is smaller (bench/prices, EXPLAIN
-- ANALYZE on PostgreSQL 15):
-- - islands of equal prices take one sort instead of three: where an island ends is the next
--   row's day (lead, in the same window pass as lag), its source is that of the one row that
--   starts it, and the stored span it keeps is found by its day (one span a product, store and
--   day) instead of by a window over each island;
-- - the 12-week median check lays out the days before a new span only when some new span is
--   outside the bounds of the prices before it (most imports have none): the bounds are one
--   window pass, and the second pass (each span's end) runs for the suspects' products alone;
-- - the function sorts and groups with 64 MB of work memory (its own setting, for its own
--   statements): with the default 4 MB the islands of 100,000 rows spilled to disk;
-- - the batch's prices are analyzed for the columns the joins and groups read only (a third
--   of the analyze's time on PGlite).

/**
 * Applies a staged batch (public.stage_price_rows) in the caller's transaction, all or nothing:
 *
 * 1. Every price and mapping must name a product of the batch or of the database, and every
 *    mapping a Larder ingredient; otherwise it raises, naming the row ('prices.csv line 12: …').
 * 2. Products are inserted or updated by (chain, SKU); first and last seen only ever widen.
 *    Products missing from the batch are untouched (never deleted; see stale_chain_products).
 * 3. Prices are folded into the change-only history of each product and store: the stored spans
 *    and the batch's rows in date order, consecutive ones saying the same price merged into one
 *    span, each span ending at the latest the day before the next starts. A batch row for a day
 *    that already starts a span with a different price replaces that span.
 * 4. New spans are judged against the product's 12-week median at that store: the median daily
 *    price of the 84 days before the span (days of non-quarantined spans, each span carried on
 *    up to 10 days after it was last seen, as shared judgeSpecial fills gaps; at least 28 days
 *    known). A price at least 3x or at most 1/3 of it is kept but quarantined: never used.
 * 5. Mappings are inserted or updated; a preferred one makes the chain's other products of
 *    that ingredient not preferred.
 * 6. ingredient_prices is refreshed for the ingredients whose products or mappings changed.
 * 7. The import is logged in price_imports and the batch deleted (with any batch left behind
 *    for a day).
 *
 * p_price_rows is the number of price rows the files held (before the client folded them), for
 * rows_unchanged. Returns the log row as JSON. Service role only.
 */
create or replace function public.apply_price_import(
  p_batch uuid,
  p_checksum text,
  p_files text[],
  p_formats text[],
  p_rows_read integer,
  p_price_rows integer,
  p_imported_by text
)
returns jsonb
language plpgsql
set search_path = ''
set work_mem = '64MB'
as $$
declare
  v_import bigint;
  v_today date := (pg_catalog.now() at time zone 'Australia/Sydney')::date;
  v_bad record;
  v_products_added integer := 0;
  v_products_updated integer := 0;
  v_product_rows integer;
  v_added integer := 0;
  v_quarantined integer := 0;
  v_mapping_rows integer;
  v_mappings integer := 0;
  v_n integer;
  v_repriced integer := 0;
  v_log jsonb;
begin
  -- Batches left behind by imports that died half-way.
  delete from price_import.products where staged_at < pg_catalog.now() - interval '1 day' and batch <> p_batch;
  delete from price_import.prices where staged_at < pg_catalog.now() - interval '1 day' and batch <> p_batch;
  delete from price_import.ingredient_products
    where staged_at < pg_catalog.now() - interval '1 day' and batch <> p_batch;

  insert into public.price_imports (checksum, files, formats, rows_read, imported_by)
  values (p_checksum, p_files, p_formats, p_rows_read, p_imported_by)
  returning id into v_import;

  -- 1. References.
  select s.at, s.chain, s.sku into v_bad
  from price_import.prices s
  where s.batch = p_batch
    and not exists (select 1 from price_import.products sp where sp.batch = p_batch and sp.chain = s.chain and sp.sku = s.sku)
    and not exists (select 1 from public.chain_products p where p.chain = s.chain and p.sku = s.sku)
  order by s.at limit 1;
  if found then
    raise exception '%: % % is not a product of this import or of the database', v_bad.at, v_bad.chain, v_bad.sku
      using errcode = '23503', hint = 'List it in products.csv (or the products of the JSON feed).';
  end if;
  select s.at, s.chain, s.sku into v_bad
  from price_import.ingredient_products s
  where s.batch = p_batch
    and not exists (select 1 from price_import.products sp where sp.batch = p_batch and sp.chain = s.chain and sp.sku = s.sku)
    and not exists (select 1 from public.chain_products p where p.chain = s.chain and p.sku = s.sku)
  order by s.at limit 1;
  if found then
    raise exception '%: % % is not a product of this import or of the database', v_bad.at, v_bad.chain, v_bad.sku
      using errcode = '23503', hint = 'List it in products.csv (or the products of the JSON feed).';
  end if;
  select s.at, s.ingredient into v_bad
  from price_import.ingredient_products s
  where s.batch = p_batch
    and not exists (select 1 from public.ingredients i where i.name = s.ingredient and i.user_id is null)
  order by s.at limit 1;
  if found then
    raise exception '%: ingredient ''%'' is not a Larder ingredient', v_bad.at, v_bad.ingredient
      using errcode = '23503';
  end if;

  -- 2. Products. Dates default to the product's prices in this batch, else today.
  with seen as (
    select s.chain, s.sku, min(s.date) as first, max(greatest(s.date, coalesce(s.last_seen, s.date))) as last
    from price_import.prices s where s.batch = p_batch group by s.chain, s.sku
  ),
  incoming as (
    select distinct on (sp.chain, sp.sku) sp.chain, sp.sku, pg_catalog.btrim(sp.name) as name, sp.brand,
      sp.pack_size, sp.pack_unit, sp.pack_text, sp.sold_loose, sp.grams_each, sp.barcode, sp.store,
      coalesce(least(sp.first_seen, seen.first), sp.first_seen, seen.first, v_today) as first_seen,
      coalesce(greatest(sp.last_seen, seen.last), sp.last_seen, seen.last, v_today) as last_seen,
      sp.source
    from price_import.products sp
    left join seen on seen.chain = sp.chain and seen.sku = sp.sku
    where sp.batch = p_batch
    order by sp.chain, sp.sku, sp.at desc
  ),
  upserted as (
    insert into public.chain_products as p (chain, sku, name, brand, pack_size, pack_unit, pack_text,
      sold_loose, grams_each, barcode, store, first_seen, last_seen, source)
    select i.chain, i.sku, i.name, i.brand, i.pack_size, i.pack_unit, i.pack_text, i.sold_loose,
      i.grams_each, i.barcode, i.store, least(i.first_seen, i.last_seen), i.last_seen, i.source
    from incoming i
    on conflict (chain, sku) do update set
      name = excluded.name, brand = excluded.brand, pack_size = excluded.pack_size,
      pack_unit = excluded.pack_unit, pack_text = excluded.pack_text, sold_loose = excluded.sold_loose,
      grams_each = excluded.grams_each, barcode = coalesce(excluded.barcode, p.barcode), store = excluded.store,
      first_seen = least(p.first_seen, excluded.first_seen), last_seen = greatest(p.last_seen, excluded.last_seen),
      source = excluded.source
    where (p.name, p.brand, p.pack_size, p.pack_unit, p.pack_text, p.sold_loose, p.grams_each, p.barcode,
           p.store, p.source) is distinct from
          (excluded.name, excluded.brand, excluded.pack_size, excluded.pack_unit, excluded.pack_text,
           excluded.sold_loose, excluded.grams_each, coalesce(excluded.barcode, p.barcode), excluded.store,
           excluded.source)
       or excluded.first_seen < p.first_seen or excluded.last_seen > p.last_seen
    returning (xmax = 0) as inserted
  )
  select count(*) filter (where inserted), count(*) filter (where not inserted)
  into v_products_added, v_products_updated
  from upserted;
  select count(*) into v_product_rows from price_import.products where batch = p_batch;

  -- 3. Prices: the batch's rows, then the stored spans of the same products and stores. Two
  -- spans say the same price when (price, was, promo, multibuy, stock) are not distinct.
  -- The batch's prices by product; a product, store and day given twice must say the same
  -- (the import folds its files first, so the search for a repeat is the rare path).
  drop table if exists pg_temp.price_incoming;
  create temp table price_incoming on commit drop as
  select p.id as product_id, s.store, s.date, greatest(s.date, coalesce(s.last_seen, s.date)) as last_seen,
    s.price_cents, s.was_cents, s.promo, s.multibuy_qty, s.multibuy_cents, s.in_stock, s.source, s.at
  from price_import.prices s
  join public.chain_products p on p.chain = s.chain and p.sku = s.sku
  where s.batch = p_batch;
  -- Statistics of the columns its joins and groups read: the others cost most of the analyze.
  analyze pg_temp.price_incoming (product_id, store, date);
  if exists (
    select 1 from pg_temp.price_incoming group by product_id, store, date having count(*) > 1
  ) then
    select a.at as first_at, b.at as second_at into v_bad
    from pg_temp.price_incoming a
    join pg_temp.price_incoming b on b.product_id = a.product_id and b.store = a.store and b.date = a.date
      and b.at > a.at
    where (a.price_cents, a.was_cents, a.promo, a.multibuy_qty, a.multibuy_cents, a.in_stock)
      is distinct from (b.price_cents, b.was_cents, b.promo, b.multibuy_qty, b.multibuy_cents, b.in_stock)
    order by b.at
    limit 1;
    if found then
      raise exception '%: a different price for the same product, store and day is on %', v_bad.second_at, v_bad.first_at
        using errcode = '23505';
    end if;
    delete from pg_temp.price_incoming a
    using pg_temp.price_incoming b
    where b.product_id = a.product_id and b.store = a.store and b.date = a.date
      and (b.at < a.at or (b.at = a.at and b.ctid < a.ctid));
  end if;

  drop table if exists pg_temp.price_keys;
  create temp table price_keys on commit drop as
  select product_id, store, min(date) as first_day from pg_temp.price_incoming group by product_id, store;
  analyze pg_temp.price_keys;

  -- The stored spans the batch can touch: from the one before its first day on. Older spans
  -- neither merge with new rows nor change their end.
  drop table if exists pg_temp.price_stored;
  create temp table price_stored on commit drop as
  select o.id, o.product_id, o.store, o.date, o.last_seen, o.price_cents, o.was_cents, o.promo,
    o.multibuy_qty, o.multibuy_cents, o.in_stock, o.source, o.quarantined
  from pg_temp.price_keys k
  join public.price_observations o on o.product_id = k.product_id and o.store = k.store
  where o.date >= coalesce((
    select max(b.date) from public.price_observations b
    where b.product_id = k.product_id and b.store = k.store and b.date < k.first_day
  ), k.first_day);
  analyze pg_temp.price_stored;

  -- Islands of equal prices in one ordered pass: where each starts (lag) and, from the same sort,
  -- the day the row after it starts (lead), so an island's end needs no second sort. Its source
  -- is its first row's (the one row that starts it); the stored span it keeps is its first
  -- stored one, the one of its earliest stored day (a product and store has one span a day).
  drop table if exists pg_temp.price_islands;
  create temp table price_islands on commit drop as
  with combined as (
    select null::bigint as id, i.product_id, i.store, i.date, i.last_seen, i.price_cents, i.was_cents, i.promo,
      i.multibuy_qty, i.multibuy_cents, i.in_stock, i.source, 1 as rank
    from pg_temp.price_incoming i
    union all
    select o.id, o.product_id, o.store, o.date, o.last_seen, o.price_cents, o.was_cents, o.promo,
      o.multibuy_qty, o.multibuy_cents, o.in_stock, o.source, 0
    from pg_temp.price_stored o
    where not exists (
      select 1 from pg_temp.price_incoming i
      where i.product_id = o.product_id and i.store = o.store and i.date = o.date
        and (i.price_cents, i.was_cents, i.promo, i.multibuy_qty, i.multibuy_cents, i.in_stock)
          is distinct from (o.price_cents, o.was_cents, o.promo, o.multibuy_qty, o.multibuy_cents, o.in_stock)
    )
  ),
  marked as (
    select c.*,
      case when (c.price_cents, c.was_cents, c.promo, c.multibuy_qty, c.multibuy_cents, c.in_stock)
          is not distinct from (lag(c.price_cents) over w, lag(c.was_cents) over w, lag(c.promo) over w,
            lag(c.multibuy_qty) over w, lag(c.multibuy_cents) over w, lag(c.in_stock) over w)
        then 0 else 1 end as starts,
      lead(c.date) over w as next_day
    from combined c
    window w as (partition by c.product_id, c.store order by c.date, c.rank, c.id)
  ),
  numbered as (
    select m.*, sum(m.starts) over (partition by m.product_id, m.store order by m.date, m.rank, m.id
      rows unbounded preceding) as island
    from marked m
  ),
  grouped as (
    select n.product_id, n.store, min(n.date) as date, max(n.last_seen) as seen_to,
      -- The island's last row is followed by the next island's first day, or by nothing.
      max(coalesce(n.next_day, 'infinity')) as next_day,
      min(n.date) filter (where n.id is not null) as kept_day,
      min(n.price_cents) as price_cents, min(n.was_cents) as was_cents, min(n.promo) as promo,
      min(n.multibuy_qty) as multibuy_qty, min(n.multibuy_cents) as multibuy_cents, bool_and(n.in_stock) as in_stock,
      min(n.source) filter (where n.starts = 1) as source
    from numbered n
    group by n.product_id, n.store, n.island
  )
  select g.product_id, g.store, g.date, s.id as keep_id, g.price_cents, g.was_cents, g.promo, g.multibuy_qty,
    g.multibuy_cents, g.in_stock, g.source,
    case when g.next_day = 'infinity' then g.seen_to else least(g.seen_to, g.next_day - 1) end as last_seen
  from grouped g
  left join pg_temp.price_stored s on s.product_id = g.product_id and s.store = g.store and s.date = g.kept_day;

  -- Spans merged into an earlier one, or replaced by a different price for their day.
  delete from public.price_observations o
  using pg_temp.price_stored s
  where o.id = s.id and not exists (select 1 from pg_temp.price_islands i where i.keep_id = o.id);

  update public.price_observations o set date = i.date, last_seen = i.last_seen
  from pg_temp.price_islands i
  where o.id = i.keep_id and (o.date, o.last_seen) is distinct from (i.date, i.last_seen);

  insert into public.price_observations (product_id, store, date, last_seen, price_cents, was_cents, promo,
    multibuy_qty, multibuy_cents, in_stock, source, import_id)
  select i.product_id, i.store, i.date, i.last_seen, i.price_cents, i.was_cents, i.promo, i.multibuy_qty,
    i.multibuy_cents, i.in_stock, i.source, v_import
  from pg_temp.price_islands i
  where i.keep_id is null
  order by i.product_id, i.store, i.date;
  get diagnostics v_added = row_count;

  -- 4. Quarantine: new spans against the 12-week median of the days before them. A span whose
  -- price is under 3x the lowest and over 1/3 of the highest price before it at that store (of
  -- the spans that can reach into its 84 days) cannot be 3x or 1/3 of any median of those
  -- prices, so only the others are judged exactly; most imports have none, and then the days
  -- before them are never laid out.
  drop table if exists pg_temp.price_suspects;
  create temp table price_suspects on commit drop as
  select b.id, b.product_id, b.store, b.date
  from (
    select o.id, o.product_id, o.store, o.date, o.price_cents, o.import_id,
      min(o.price_cents) over before as lowest, max(o.price_cents) over before as highest
    from public.price_observations o
    join pg_temp.price_keys k on k.product_id = o.product_id and k.store = o.store
    where o.last_seen >= k.first_day - 84 - 10
    window before as (partition by o.product_id, o.store order by o.date
      rows between unbounded preceding and 1 preceding)
  ) b
  where b.import_id = v_import and not (b.price_cents < 3 * b.lowest and 3 * b.price_cents > b.highest);

  if exists (select 1 from pg_temp.price_suspects) then
    with cover as (
      select o.id, o.product_id, o.store, o.date as from_day,
        least(o.last_seen + 10, coalesce(lead(o.date) over w - 1, o.last_seen + 10)) as to_day,
        o.price_cents, o.quarantined
      from public.price_observations o
      join pg_temp.price_keys k on k.product_id = o.product_id and k.store = o.store
      where o.last_seen >= k.first_day - 84 - 10
        and exists (select 1 from pg_temp.price_suspects n where n.product_id = k.product_id and n.store = k.store)
      window w as (partition by o.product_id, o.store order by o.date)
    ),
    days as (
      select n.id, c.price_cents,
        least(c.to_day, n.date - 1) - greatest(c.from_day, n.date - 84) + 1 as known
      from pg_temp.price_suspects n
      join cover c on c.product_id = n.product_id and c.store = n.store
      where c.id <> n.id and not c.quarantined and c.from_day <= n.date - 1 and c.to_day >= n.date - 84
    ),
    ranked as (
      select d.id, d.price_cents, d.known,
        sum(d.known) over (partition by d.id order by d.price_cents rows unbounded preceding) as running,
        sum(d.known) over (partition by d.id) as total
      from days d
    ),
    medians as (
      select r.id, min(r.price_cents) filter (where r.running * 2 >= r.total) as median, max(r.total) as total
      from ranked r
      group by r.id
    ),
    flagged as (
      update public.price_observations o set quarantined = true
      from medians m
      where o.id = m.id and m.total >= 28
        and (o.price_cents >= 3 * m.median or 3 * o.price_cents <= m.median)
      returning 1
    )
    select count(*) into v_quarantined from flagged;
  end if;

  -- Products' first and last seen follow their history (the spans the batch touched: the others
  -- are within them already).
  update public.chain_products p set first_seen = least(p.first_seen, h.first), last_seen = greatest(p.last_seen, h.last)
  from (
    select i.product_id, min(i.date) as first, max(i.last_seen) as last
    from pg_temp.price_islands i
    group by i.product_id
  ) h
  where p.id = h.product_id and (h.first < p.first_seen or h.last > p.last_seen);

  -- 5. Mappings.
  drop table if exists pg_temp.price_mappings;
  create temp table price_mappings on commit drop as
  select distinct on (i.id, p.id) i.id as ingredient_id, p.id as product_id, p.chain, s.preferred, s.match,
    s.reviewed_on, s.source
  from price_import.ingredient_products s
  join public.ingredients i on i.name = s.ingredient and i.user_id is null
  join public.chain_products p on p.chain = s.chain and p.sku = s.sku
  where s.batch = p_batch
  order by i.id, p.id, s.at desc;
  select count(*) into v_mapping_rows from pg_temp.price_mappings;

  update public.ingredient_products ip set preferred = false
  from pg_temp.price_mappings m
  where m.preferred and ip.ingredient_id = m.ingredient_id and ip.chain = m.chain
    and ip.product_id <> m.product_id and ip.preferred;
  get diagnostics v_n = row_count;
  v_mappings := v_n;

  insert into public.ingredient_products as ip (ingredient_id, product_id, chain, preferred, match, reviewed_on, source)
  select m.ingredient_id, m.product_id, m.chain, m.preferred, m.match, m.reviewed_on, m.source
  from pg_temp.price_mappings m
  on conflict (ingredient_id, product_id) do update set
    preferred = excluded.preferred, match = excluded.match, reviewed_on = excluded.reviewed_on,
    source = excluded.source
  where (ip.preferred, ip.match, ip.reviewed_on, ip.source)
    is distinct from (excluded.preferred, excluded.match, excluded.reviewed_on, excluded.source);
  get diagnostics v_n = row_count;
  v_mappings := v_mappings + v_n;

  -- 6. ingredient_prices for the ingredients these products price.
  select public.refresh_ingredient_prices(array(
    select distinct ip.ingredient_id from public.ingredient_products ip
    where ip.preferred
      and (ip.product_id in (select product_id from pg_temp.price_keys)
        or ip.ingredient_id in (select ingredient_id from pg_temp.price_mappings))
  )) into v_repriced;

  -- 7. The log, and the batch is done.
  update public.price_imports set
    rows_added = v_added,
    rows_unchanged = greatest(p_price_rows - v_added, 0)
      + greatest(v_product_rows - v_products_added - v_products_updated, 0)
      + greatest(v_mapping_rows - v_mappings, 0),
    rows_quarantined = v_quarantined,
    products_added = v_products_added,
    products_updated = v_products_updated,
    mappings_changed = v_mappings,
    ingredients_repriced = v_repriced
  where id = v_import
  returning pg_catalog.to_jsonb(price_imports.*) into v_log;

  perform public.discard_price_import(p_batch);
  return v_log;
end;
$$;

