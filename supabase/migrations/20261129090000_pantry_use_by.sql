-- What is in the pantry can say when it should be used by (a carton's "use by" or "best before"),
-- so the pantry and "What can I cook?" can put what goes off first: the date Grocy's users keep.
-- Optional; a day of this century like a meal's date (LIMITS.useBy in shared/limits).

alter table public.pantry
  add column use_by date,
  add constraint pantry_use_by_plausible check (use_by between '2000-01-01' and '2099-12-31');

comment on column public.pantry.use_by is
  'The day it should be used by (use by or best before), or null when not given.';
