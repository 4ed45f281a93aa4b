-- The store a household shops at (issue 25): which chain (its default aisle order, and whose
-- packs putting the shopping away counts), the household's own aisle order, and whether marking
-- a meal cooked takes its ingredients from the pantry (on by default). One row per household,
-- written by any member; a household without a row has the defaults.

create table public.household_shops (
  household_id uuid primary key references public.households (id) on delete cascade,
  chain text check (chain in ('coles', 'woolworths', 'aldi')),
  -- Each category at most once; shared/aisles aisleOrder completes a partial order.
  aisle_order text[] check (
    aisle_order <@ private.shop_categories()
    and cardinality(aisle_order) <= 8
  ),
  subtract_when_cooked boolean not null default true,
  updated_at timestamptz not null default now()
);

comment on table public.household_shops is
  'A household''s store: its chain, its aisle order for the shopping list, and whether cooking a meal takes from the pantry.';
comment on column public.household_shops.chain is 'The chain the household shops at; null: the basket''s cheapest.';
comment on column public.household_shops.aisle_order is 'Shop categories in walking order; null: the chain''s default (shared/aisles).';
comment on column public.household_shops.subtract_when_cooked is 'Marking a planned meal cooked takes its ingredients from the pantry.';

/** Trigger: an aisle order names each category at most once (a check cannot hold a subquery). */
create function private.check_aisle_order()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.aisle_order is not null
    and cardinality(new.aisle_order) <> (select count(distinct a) from unnest(new.aisle_order) a) then
    raise exception 'aisle_order names a category twice.' using errcode = '23514';
  end if;
  return new;
end;
$$;

revoke all on function private.check_aisle_order() from public;

create trigger check_aisle_order before insert or update of aisle_order on public.household_shops
  for each row execute function private.check_aisle_order();

create trigger set_updated_at before update on public.household_shops
  for each row execute function private.set_updated_at();

alter table public.household_shops enable row level security;

-- The primary key is the index behind every policy's household_id.
create policy "Members can view their household's store"
  on public.household_shops for select to authenticated
  using ((select private.is_household_member(household_id)));
create policy "Members can set up their household's store"
  on public.household_shops for insert to authenticated
  with check ((select private.is_household_member(household_id)));
create policy "Members can change their household's store"
  on public.household_shops for update to authenticated
  using ((select private.is_household_member(household_id)))
  with check ((select private.is_household_member(household_id)));

-- Live on the household's topic, as the list it orders.
create trigger broadcast_change after insert or update or delete on public.household_shops
  for each row execute function private.broadcast_household_row();
