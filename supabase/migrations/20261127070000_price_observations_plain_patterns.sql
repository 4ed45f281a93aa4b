-- The same checks of a price's store and source, written so PostgreSQL checks them about five
-- times faster (issue 18, import performance; docs/price-feed.md "Import speed"). A bounded
-- repeat such as `{0,39}` makes PostgreSQL's regular expression engine track up to 40 states per
-- character: on an import adding 33,500 spans these two checks took about 180 ms of the
-- insert's 620 ms (PostgreSQL 15, EXPLAIN ANALYZE of the insert with and without them). An
-- unbounded pattern and a length limit accept exactly the same text (one character of the first
-- set, then up to 39 of the second) at about 40 ms. The names, and so the error messages, stay.

-- Added NOT VALID and validated after: the swap itself then scans nothing under its exclusive
-- lock, and the validation (of millions of rows on a real feed) lets reads and imports go on.

alter table public.price_observations
  drop constraint price_observations_store_check,
  add constraint price_observations_store_check
    check (char_length(store) <= 40 and store ~ '^[a-z0-9][a-z0-9-]*$') not valid,
  drop constraint price_observations_source_check,
  add constraint price_observations_source_check
    check (char_length(source) <= 40 and source ~ '^[a-z0-9][a-z0-9._:-]*$') not valid;

alter table public.price_observations validate constraint price_observations_store_check;
alter table public.price_observations validate constraint price_observations_source_check;
