-- Recipe photos (issue 20): a public-read Storage bucket of images, at most 5 MiB each, in which
-- a signed-in user writes only under a folder named by their user id
-- ('<user id>/<recipe id>.jpg'). Anyone may fetch a photo by its public URL
-- (/storage/v1/object/public/recipe-photos/...), as the app shows photos of default recipes to
-- everyone; listing, uploading, replacing and removing go through these policies.
-- The limits are LIMITS.recipePhoto in shared/limits/limits.ts (the upload form reads them);
-- stack/tests/storage-buckets.test.ts proves the two agree.
--
-- storage.buckets and storage.objects are Supabase Storage's own tables (on the local stack,
-- supabase/bootstrap/25-storage.sql); inserting the bucket here is how a Supabase project
-- declares it, so `supabase db push` creates it on hosted Supabase too.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('recipe-photos', 'recipe-photos', true, 5242880, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- One policy per operation, each naming the bucket and the owner's folder. bucket_id and name
-- are behind the unique index storage.objects (bucket_id, name).
create policy "Users can view their own recipe photos"
  on storage.objects for select
  to authenticated
  using (bucket_id = 'recipe-photos' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "Users can upload recipe photos to their own folder"
  on storage.objects for insert
  to authenticated
  with check (bucket_id = 'recipe-photos' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "Users can replace their own recipe photos"
  on storage.objects for update
  to authenticated
  using (bucket_id = 'recipe-photos' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'recipe-photos' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "Users can delete their own recipe photos"
  on storage.objects for delete
  to authenticated
  using (bucket_id = 'recipe-photos' and (storage.foldername(name))[1] = (select auth.uid())::text);
