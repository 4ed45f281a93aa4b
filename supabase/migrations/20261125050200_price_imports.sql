-- The import log (issue 18): one row per applied price import, so the app can show where the
-- prices come from and when they were last refreshed. Written by public.apply_price_import
-- (service role); read by every signed-in user; anon reads nothing.

create table public.price_imports (
  id bigint generated always as identity primary key,
  checksum text not null check (checksum ~ '^[0-9a-f]{64}$'),
  files text[] not null check (cardinality(files) between 1 and 100),
  formats text[] not null check (
    formats <@ array['larder-csv', 'larder-json', 'hotprices-au', 'aldi-search', 'sample']::text[]
  ),
  rows_read integer not null check (rows_read >= 0),
  rows_added integer not null default 0 check (rows_added >= 0),
  rows_unchanged integer not null default 0 check (rows_unchanged >= 0),
  rows_quarantined integer not null default 0 check (rows_quarantined >= 0),
  products_added integer not null default 0 check (products_added >= 0),
  products_updated integer not null default 0 check (products_updated >= 0),
  mappings_changed integer not null default 0 check (mappings_changed >= 0),
  ingredients_repriced integer not null default 0 check (ingredients_repriced >= 0),
  imported_by text not null check (char_length(btrim(imported_by)) between 1 and 120),
  imported_at timestamptz not null default now()
);

comment on table public.price_imports is
  'One row per applied price import: its files, their checksum and what it changed. Written by the import (service role); read-only to users.';
comment on column public.price_imports.checksum is
  'SHA-256 (hex) of the import''s files: the hashes of each file''s bytes, sorted and hashed again. The import skips a checksum it already applied.';
comment on column public.price_imports.files is 'The files as named on the command line.';
comment on column public.price_imports.formats is 'Formats read: larder-csv, larder-json, hotprices-au, aldi-search, sample.';
comment on column public.price_imports.rows_read is 'Data rows read from the files (products, prices and mappings).';
comment on column public.price_imports.rows_added is 'New price spans stored (a price change, or a product''s first price).';
comment on column public.price_imports.rows_unchanged is 'Rows that changed nothing: prices already known (or only seen again), unchanged products and mappings.';
comment on column public.price_imports.rows_quarantined is 'Of the prices added, those kept but flagged: at least 3x or at most 1/3 of the product''s 12-week median.';
comment on column public.price_imports.ingredients_repriced is 'ingredient_prices rows written from the new observations.';
comment on column public.price_imports.imported_by is 'Who ran the import (the --by option of npm run prices:import, or the user name of the machine).';

create index price_imports_checksum_idx on public.price_imports (checksum);

alter table public.price_imports enable row level security;

create policy "Signed-in users can view the price import log"
  on public.price_imports for select
  to authenticated
  using (true);
-- No insert, update or delete policies: the import (service role) writes the log.
