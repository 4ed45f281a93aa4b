-- Pantry: what a user has at home, free text or linked to a known ingredient.

create table public.pantry (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (btrim(name) <> ''),
  ingredient_id bigint references public.ingredients (id) on delete set null,
  quantity numeric check (quantity >= 0),
  unit text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.pantry is
  'What a user has at home: one row per item, free text or linked to an ingredient.';
comment on column public.pantry.ingredient_id is 'The known ingredient this item is, if any; null for free text.';
comment on column public.pantry.quantity is 'Amount in unit; null when not given.';
comment on column public.pantry.unit is 'Unit of quantity (g, mL, piece, …); null when not given.';

alter table public.pantry enable row level security;

create index pantry_user_id_idx on public.pantry (user_id);
create index pantry_ingredient_id_idx on public.pantry (ingredient_id);

create trigger set_updated_at
  before update on public.pantry
  for each row execute function private.set_updated_at();

create policy "Users can view their own pantry items"
  on public.pantry for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can add their own pantry items"
  on public.pantry for insert
  to authenticated
  with check (user_id = (select auth.uid()));

create policy "Users can update their own pantry items"
  on public.pantry for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "Users can delete their own pantry items"
  on public.pantry for delete
  to authenticated
  using (user_id = (select auth.uid()));
