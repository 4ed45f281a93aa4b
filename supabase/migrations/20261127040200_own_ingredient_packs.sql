-- Pack sizes on own ingredients (issue 20 part 4): the pack a person buys an ingredient of their
-- own in ("500 g bag", "6 each"), so putting the shopping away can default to whole packs as it
-- does for a chain's product. Built-in ingredients take their packs from the chains' products
-- (issue 18), so only own ones carry one. Limits: LIMITS.packSize in shared/limits.

alter table public.ingredients
  add column pack_size numeric,
  add column pack_unit text,
  add constraint ingredients_pack_size_range check (pack_size > 0 and pack_size <= 25000),
  add constraint ingredients_pack_unit_check check (pack_unit in ('g', 'mL', 'each')),
  add constraint ingredients_pack_pair check ((pack_size is null) = (pack_unit is null)),
  add constraint ingredients_pack_own check (pack_size is null or user_id is not null);

comment on column public.ingredients.pack_size is 'An own ingredient''s pack, in pack_unit; null: none given (built-in ingredients use the chains'' products).';
comment on column public.ingredients.pack_unit is 'g, mL or each: the unit of pack_size.';
