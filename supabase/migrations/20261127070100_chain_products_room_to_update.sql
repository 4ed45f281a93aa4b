-- Room on each page of chain_products for its rows' next versions (issue 18, import performance;
-- docs/price-feed.md "Import speed"). Every import updates the last (and often first) seen day of
-- every product it lists, columns no index reads, so PostgreSQL can write the new version on the
-- same page and touch no index (a heap-only update), but only if the page has room: full pages
-- made each update write three index entries. With half of each page free an import's update of
-- 2,000 products took 23–28 ms instead of 50–80 (PostgreSQL 15). Products are few (tens of
-- thousands), so the doubled table is small. Pages written before this keep their fill until the
-- table is rewritten; new products get the room.

alter table public.chain_products set (fillfactor = 50);
