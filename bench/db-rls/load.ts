import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';

/** Users in the benchmark database, each with a realistic household's rows. */
export const USERS = 10_000;

/** Bootstrap, migrations and seed, in the order the stack and scripts/test-db.sh apply them. */
export async function applySchema(client: pg.Client, root: string): Promise<void> {
  const supabase = join(root, 'supabase');
  for (const dir of ['bootstrap', 'migrations']) {
    const files = (await readdir(join(supabase, dir))).filter((f) => f.endsWith('.sql')).sort();
    for (const file of files) await client.query(await readFile(join(supabase, dir, file), 'utf8'));
  }
  await client.query(await readFile(join(supabase, 'seed.sql'), 'utf8'));
}

/**
 * Users in households of 1 to 5 (issue 17: each joins the first of its group's household and
 * works in it, keeping its own). Per user: 3 own recipes of 8 ingredient lines (the first shared
 * with the household), 10 favourites, 2 cooks, 2 meals a day from 3 days ago to a week ahead
 * (some with a cook), 12 pantry items and 8 shopping items, all in the household's lists.
 * Generated in SQL so 10,000 users load in seconds; choices are hashed from ids, so every run
 * builds the same shape of data.
 */
export const GENERATE_SQL = `
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
select '00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
  'bench' || n || '@example.test', '', now(), '{"provider":"email","providers":["email"]}',
  jsonb_build_object('full_name', 'Bench User ' || n), now(), now()
from generate_series(1, ${USERS}) n;

create temporary table bench_users as
select id, row_number() over (order by id) as n from auth.users where email like 'bench%@example.test';

-- Groups of 1, 2, 3, 4 and 5 people in turn; the first of each group hosts.
create temporary table bench_groups as
with b as (
  select id, n, ((n - 1) / 15) * 5 + case when (n - 1) % 15 < 1 then 0 when (n - 1) % 15 < 3 then 1
    when (n - 1) % 15 < 6 then 2 when (n - 1) % 15 < 10 then 3 else 4 end as g
  from bench_users
)
select id, n, first_value(id) over (partition by g order by n) as host from b;

insert into public.household_members (household_id, user_id, role)
select h.household_id, bg.id, 'member'
from bench_groups bg join public.users h on h.id = bg.host where bg.id <> bg.host;
update public.users u set household_id = h.household_id
from bench_groups bg join public.users h on h.id = bg.host where u.id = bg.id and bg.id <> bg.host;

insert into public.recipes (name, user_id, portions, duration, description, steps, meal_type)
select 'Family recipe ' || k, u.id, 1 + (u.n + k) % 6, 15 + ((u.n * k) % 8) * 10,
  'A weeknight favourite.', array['Prepare the ingredients.', 'Cook.', 'Serve.'],
  (array['breakfast', 'lunch', 'dinner', 'snack'])[1 + (u.n + k) % 4]
from bench_users u cross join generate_series(1, 3) k;

with ing as (select array_agg(id order by id) a from public.ingredients),
     mea as (select array_agg(id order by id) a from public.measurements)
insert into public.recipe_ingredients (recipe_id, ingredient_id, quantity, measurement_id, position)
select r.id,
  ing.a[1 + (abs(hashtext(r.id::text)) + k * 17) % cardinality(ing.a)],
  (array['1', '2', '1/2', '1 1/2', '½', '250', 'to taste'])[1 + (abs(hashtext(r.id::text)) + k) % 7],
  mea.a[1 + (abs(hashtext(r.id::text)) + k) % cardinality(mea.a)],
  k
from public.recipes r, ing, mea, generate_series(1, 8) k
where not r.is_default;

with d as (select array_agg(id order by id) a from public.recipes where is_default)
insert into public.favourites (user_id, recipe_id)
select u.id, d.a[1 + (u.n * 7 + k) % cardinality(d.a)]
from bench_users u, d, generate_series(1, 10) k;

insert into public.cooks (name, user_id)
select (array['Sam', 'Alex', 'Jo', 'Priya', 'Chen', 'Mia', 'Tom', 'Aroha'])[1 + (u.n + k * 3) % 8], u.id
from bench_users u cross join generate_series(0, 1) k
on conflict do nothing;

update public.recipes r set household_id = u.household_id
from public.users u where u.id = r.user_id and r.name = 'Family recipe 1';

with d as (select array_agg(id order by id) a from public.recipes where is_default)
insert into public.meal_planner (date, user_id, recipe_id, cook_id)
select current_date + day, u.id, d.a[1 + (u.n + day * 2 + slot) % cardinality(d.a)],
  case when slot = 1 then (select c.id from public.cooks c where c.user_id = u.id limit 1) end
from bench_users u, d, generate_series(-3, 7) day, generate_series(0, 1) slot;

with ing as (select array_agg(id order by id) a, array_agg(name order by id) nm from public.ingredients)
insert into public.pantry (user_id, name, ingredient_id, quantity, unit)
select u.id, ing.nm[i], ing.a[i], 1 + k % 3, (array['g', 'kg', 'mL', 'piece'])[1 + k % 4]
from bench_users u, ing, generate_series(1, 12) k,
  lateral (select 1 + (u.n * 13 + k * 7) % cardinality(ing.a) as i) pick;

with ing as (select array_agg(id order by id) a, array_agg(name order by id) nm from public.ingredients)
insert into public.shopping (user_id, name, ingredient_id, quantity, unit, checked)
select u.id, ing.nm[i], ing.a[i], 1 + k % 2, (array['g', 'kg', 'mL', 'piece'])[1 + k % 4], k % 3 = 0
from bench_users u, ing, generate_series(1, 8) k,
  lateral (select 1 + (u.n * 11 + k * 5) % cardinality(ing.a) as i) pick;

analyze;
`;
