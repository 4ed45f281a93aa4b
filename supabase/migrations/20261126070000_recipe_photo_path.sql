-- Recipe photos on recipes (issue 20): where a recipe's photo is in the `recipe-photos` bucket.
-- The upload form resizes a photo in the browser and stores two files in the author's folder,
-- `<user id>/<recipe id>/photo-<stamp>.<ext>` (at most 1600 px) and `thumb-<stamp>.<ext>` beside it
-- (at most 480 px, for cards); this column names the large one, and the thumbnail's name follows
-- from it. The limits are LIMITS.recipePhotoPath in shared/limits.

alter table public.recipes add column photo_path text;

comment on column public.recipes.photo_path is
  'The recipe''s photo in the recipe-photos bucket, <user id>/<recipe id>/photo-<stamp>.<jpg|png|webp>; its thumbnail is thumb-<stamp> beside it. Null: no photo (the app draws a placeholder).';

-- A photo path names a file in the author's own folder, under this recipe: nobody can point
-- their recipe at someone else's files. Default recipes (no author) may name any such path.
alter table public.recipes
  add constraint recipes_photo_path_form check (
    char_length(photo_path) <= 160
    and photo_path ~ '^[0-9a-f-]{36}/[0-9a-f-]{36}/photo-[0-9a-z]{1,20}[.](jpg|png|webp)$'
    and (user_id is null or split_part(photo_path, '/', 1) = user_id::text)
    and split_part(photo_path, '/', 2) = id::text
  );
