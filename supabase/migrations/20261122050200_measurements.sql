-- Units of measure that ingredient lines use (g, kg, mL, L, tsp, tbsp, cup, clove, piece, …).
-- Reference data: every signed-in user reads it, only the service role (seed, admin) writes it.

create table public.measurements (
  id bigint generated always as identity primary key,
  name text not null unique check (btrim(name) <> '')
);

comment on table public.measurements is
  'Units of measure for ingredient lines (g, kg, mL, L, tsp, tbsp, cup, clove, piece, …). Read-only to users.';
comment on column public.measurements.name is 'Unit name as shown and as the unit converter knows it, e.g. g, mL, tbsp, clove.';

alter table public.measurements enable row level security;

create policy "Signed-in users can view measurements"
  on public.measurements for select
  to authenticated
  using (true);
-- No insert, update or delete policies: writes are the service role's (which bypasses RLS).
