-- Shopping list: what a user means to buy, free text or linked to a known ingredient.

create table public.shopping (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (btrim(name) <> ''),
  ingredient_id bigint references public.ingredients (id) on delete set null,
  quantity numeric check (quantity >= 0),
  unit text,
  checked boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.shopping is
  'What a user means to buy: one row per item, free text or linked to an ingredient.';
comment on column public.shopping.ingredient_id is 'The known ingredient this item is, if any; null for free text.';
comment on column public.shopping.quantity is 'Amount in unit; null when not given.';
comment on column public.shopping.unit is 'Unit of quantity (g, mL, piece, …); null when not given.';
comment on column public.shopping.checked is 'Ticked off the list.';

alter table public.shopping enable row level security;

create index shopping_user_id_idx on public.shopping (user_id);
create index shopping_ingredient_id_idx on public.shopping (ingredient_id);

create trigger set_updated_at
  before update on public.shopping
  for each row execute function private.set_updated_at();

create policy "Users can view their own shopping items"
  on public.shopping for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can add their own shopping items"
  on public.shopping for insert
  to authenticated
  with check (user_id = (select auth.uid()));

create policy "Users can update their own shopping items"
  on public.shopping for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Users can delete their own shopping items"
  on public.shopping for delete
  to authenticated
  using (user_id = (select auth.uid()));
