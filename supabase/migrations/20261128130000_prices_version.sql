-- price-basket keeps what it has read of built-in ingredients (name and price row) from one call
-- to the next (issue 19: a basket within 2× the REST read of its price rows). It may: every
-- signed-in caller sees every built-in ingredient and every row of ingredient_prices, so what is
-- read for one caller is what any would read; and it changes only when ingredient_prices or a
-- built-in ingredient does. prices_version counts those changes: a call reads it (on its own, or
-- on the basket_prices rows of the ingredients it must read anyway: a user's own ones, under
-- their row-level security) and reads again only what it has not kept at that version.

create table public.prices_version (
  only_row boolean primary key default true,
  version bigint not null default 1,
  constraint prices_version_one_row check (only_row)
);

comment on table public.prices_version is
  'How many times ingredient_prices or a built-in ingredient has changed (one row): what price-basket kept is current while it is the same.';

insert into public.prices_version default values;

alter table public.prices_version enable row level security;

create policy "Signed-in users can read the prices version"
  on public.prices_version for select
  to authenticated
  using (true);
-- No insert, update or delete policies: only the trigger below changes it.

revoke all on public.prices_version from public, anon, authenticated;
grant select on public.prices_version to authenticated;

-- Statement-level on ingredient_prices: an import that writes a thousand rows counts once. The
-- functions run as their owner, so the writers (the import, the service role, a user adding an
-- own ingredient) need no rights on prices_version.
create function private.count_price_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.prices_version set version = version + 1;
  return null;
end;
$$;

revoke execute on function private.count_price_change() from public, anon, authenticated;

create trigger count_price_changes
  after insert or update or delete or truncate on public.ingredient_prices
  for each statement execute function private.count_price_change();

-- On ingredients, only a change to a built-in one counts: users' own ingredients are read on
-- every call, never kept.
create function private.count_built_in_ingredient_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if (tg_op <> 'INSERT' and old.user_id is null) or (tg_op <> 'DELETE' and new.user_id is null) then
    update public.prices_version set version = version + 1;
  end if;
  return null;
end;
$$;

revoke execute on function private.count_built_in_ingredient_change() from public, anon, authenticated;

create trigger count_built_in_changes
  after insert or update or delete on public.ingredients
  for each row execute function private.count_built_in_ingredient_change();

create trigger count_ingredients_truncate
  after truncate on public.ingredients
  for each statement execute function private.count_price_change();

create or replace view public.basket_prices
with (security_invoker = true)
as
select i.id as ingredient_id, i.name,
  p.coles_measure, p.woolworths_measure, p.aldi_measure,
  p.coles_unit_price_current, p.woolworths_unit_price_current, p.aldi_unit_price_current,
  p.ingredient_id is not null as priced,
  p.coles_loose, p.woolworths_loose, p.aldi_loose,
  v.version as prices_version,
  i.user_id is null as built_in
from public.ingredients i
left join public.ingredient_prices p on p.ingredient_id = i.id
-- A join that keeps every ingredient even without the version row (then null: nothing is kept).
left join public.prices_version v on true;

comment on column public.basket_prices.prices_version is
  'prices_version.version when read: a built-in ingredient''s row kept from a read at the same version is still current.';
comment on column public.basket_prices.built_in is
  'A built-in ingredient (every signed-in user sees it), which price-basket may keep between calls.';
