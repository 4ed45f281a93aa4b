-- Storage: the recipe-photos bucket (public read by URL, each user writes under their own
-- folder) and the private price-feeds bucket (service role only), through RLS on storage.objects.
begin;
set local search_path = tests, public;
select plan(17);

select tests.create_user('alice');
select tests.create_user('bob');

select results_eq(
  $$ select id, public, file_size_limit, allowed_mime_types from storage.buckets order by id $$,
  $$ values ('price-feeds'::text, false, 52428800::bigint, null::text[]),
            ('recipe-photos'::text, true, 5242880::bigint, array['image/jpeg', 'image/png', 'image/webp']) $$,
  'the migrations declare recipe-photos (public, 5 MiB of images) and price-feeds (private)');

insert into storage.objects (bucket_id, name, owner_id)
values ('recipe-photos', tests.get_user_id('bob')::text || '/bob.png', tests.get_user_id('bob')::text),
       ('price-feeds', 'incoming/feed.json', null);

select tests.authenticate_as('alice');
select lives_ok(
  $$ insert into storage.objects (bucket_id, name) values ('recipe-photos', tests.get_user_id('alice')::text || '/a.png') $$,
  'a user can add a photo under the folder named by their id');
select lives_ok(
  $$ insert into storage.objects (bucket_id, name) values ('recipe-photos', tests.get_user_id('alice')::text || '/sub/b.png') $$,
  'and deeper under it');
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('recipe-photos', tests.get_user_id('bob')::text || '/x.png') $$,
  '42501', 'new row violates row-level security policy for table "objects"',
  'a user cannot add a photo under someone else''s folder');
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('recipe-photos', 'loose.png') $$,
  '42501', 'new row violates row-level security policy for table "objects"',
  'a user cannot add a photo outside any folder');
select results_eq(
  $$ select name from storage.objects order by name $$,
  $$ values (tests.get_user_id('alice')::text || '/a.png'), (tests.get_user_id('alice')::text || '/sub/b.png') $$,
  'a user lists only their own photos');
select is_empty(
  $$ update storage.objects set metadata = '{}' where name like tests.get_user_id('bob')::text || '/%' returning id $$,
  'a user cannot replace someone else''s photo');
select isnt_empty(
  $$ update storage.objects set metadata = '{"size": 1}' where name = tests.get_user_id('alice')::text || '/a.png' returning id $$,
  'a user can replace their own photo');
select throws_ok(
  $$ update storage.objects set name = tests.get_user_id('bob')::text || '/a.png' where name = tests.get_user_id('alice')::text || '/a.png' $$,
  '42501', 'new row violates row-level security policy for table "objects"',
  'a user cannot move their photo into someone else''s folder');
select is_empty(
  $$ delete from storage.objects where name like tests.get_user_id('bob')::text || '/%' returning id $$,
  'a user cannot delete someone else''s photo');
select isnt_empty(
  $$ delete from storage.objects where name = tests.get_user_id('alice')::text || '/sub/b.png' returning id $$,
  'a user can delete their own photo');
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('price-feeds', tests.get_user_id('alice')::text || '/feed.json') $$,
  '42501', 'new row violates row-level security policy for table "objects"',
  'a user cannot write to price-feeds, even under their own folder');
select is_empty($$ select id from storage.buckets $$, 'a user sees no bucket rows (no policy on storage.buckets)');

select tests.authenticate_as_anon();
select is_empty($$ select id from storage.objects $$, 'anon lists nothing (public photos are read by URL)');
select throws_ok(
  $$ insert into storage.objects (bucket_id, name) values ('recipe-photos', 'anon.png') $$,
  '42501', 'new row violates row-level security policy for table "objects"', 'anon cannot upload');

select tests.authenticate_as_service_role();
select results_eq($$ select name from storage.objects where bucket_id = 'price-feeds' $$,
  $$ values ('incoming/feed.json'::text) $$, 'the service role reads price-feeds');

select tests.clear_authentication();
select is(storage.foldername('a/b/c.png'), array['a', 'b'], 'storage.foldername gives the folders of a path');

select * from finish();
rollback;
