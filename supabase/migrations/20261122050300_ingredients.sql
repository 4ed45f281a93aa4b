-- Ingredients with their nutrition per 100 g and where those numbers come from.
-- Reference data: every signed-in user reads it, only the service role writes it.

create table public.ingredients (
  id bigint generated always as identity primary key,
  name text not null unique check (btrim(name) <> ''),
  protein numeric not null check (protein >= 0),
  carbs numeric not null check (carbs >= 0),
  fats numeric not null check (fats >= 0),
  calories numeric not null check (calories >= 0),
  source text not null check (source in ('USDA FoodData Central', 'AFCD')),
  source_id text not null check (btrim(source_id) <> '')
);

comment on table public.ingredients is
  'Ingredients with nutrition per 100 g (protein, carbs, fats in g; calories in kcal). Read-only to users.';
comment on column public.ingredients.protein is 'Protein in grams per 100 g.';
comment on column public.ingredients.carbs is 'Carbohydrate in grams per 100 g.';
comment on column public.ingredients.fats is 'Total fat in grams per 100 g.';
comment on column public.ingredients.calories is 'Energy in kcal per 100 g.';
comment on column public.ingredients.source is 'Where the nutrition comes from: USDA FoodData Central or AFCD (Australian Food Composition Database).';
comment on column public.ingredients.source_id is 'The FDC id (USDA) or public food key (AFCD) of the source record.';

alter table public.ingredients enable row level security;

create policy "Signed-in users can view ingredients"
  on public.ingredients for select
  to authenticated
  using (true);
-- No insert, update or delete policies: writes are the service role's.
