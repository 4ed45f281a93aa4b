-- Shop the week, the web's side (issue 19): a plan line remembers how much the plan needs, so the
-- list can say "need 600 g, have 200 g, buy 400 g"; and the price import log is published, so
-- open baskets and week overviews price again when prices change.

alter table public.shopping
  add column plan_need numeric
    check (plan_need > 0 and plan_need <= 1000000 and plan_need = round(plan_need, 3));

comment on column public.shopping.plan_need is
  'On a line the plan wrote: what the planned meals need, in the line''s unit, before the pantry; what the pantry held is plan_need − plan_quantity.';

/**
 * Writes the plan's lines as `apply_plan_lines` does (same rules, same answer), and records on
 * each line it wrote what the plan needs before the pantry: `lines` items may carry `need`
 * (at least their quantity; at most 1,000,000). All or nothing: a bad `need` refuses the whole
 * list with 23514 and nothing is written.
 *
 * The lines written are the plan's own (unticked, quantity as the plan wrote it) that
 * `apply_plan_lines` inserted or updated in this transaction (`updated_at` is `now()`, the
 * transaction's start, by column default and the `set_updated_at` trigger). Lines it left alone
 * (ticked, edited, added by hand) keep theirs.
 * Runs as the caller, so row-level security scopes every write exactly as `apply_plan_lines`.
 */
create function public.write_plan_lines(lines jsonb)
returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  result jsonb := public.apply_plan_lines(lines);
begin
  update public.shopping s
  set plan_need = greatest(round(w.need, 3), s.plan_quantity)
  from jsonb_to_recordset(lines) as w(key text, need numeric)
  where s.plan_key = w.key and w.need is not null
    and not s.checked and s.quantity = s.plan_quantity and s.updated_at = pg_catalog.now();
  return result;
end;
$$;

comment on function public.write_plan_lines(jsonb) is
  'apply_plan_lines, plus what the plan needs before the pantry on each line it wrote (need, have and buy on the list).';

revoke execute on function public.write_plan_lines(jsonb) from public, anon;
grant execute on function public.write_plan_lines(jsonb) to authenticated;

-- One row per import (and its closing update): a cheap "prices changed" signal for open screens,
-- where publishing ingredient_prices would send every subscriber a change per ingredient.
alter publication supabase_realtime add table public.price_imports;
alter table public.price_imports replica identity full;
