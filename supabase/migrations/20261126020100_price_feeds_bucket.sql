-- Price feeds (issue 18, part 5): a private Storage bucket where feed files (docs/price-feed.md)
-- are placed for the import-prices Edge Function, which reads them with the service role and
-- moves each processed file under done/. No policy names this bucket, so only the service role
-- (which bypasses row-level security) lists, reads or writes it; to signed-in users and anon it
-- does not exist. 50 MiB: a year of hotprices-au history for one chain, compressed, fits.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('price-feeds', 'price-feeds', false, 52428800, null)
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;
