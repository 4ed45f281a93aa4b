-- The price import log on a private topic too (issue 26: every live update of the app travels
-- through private topics). An applied import means shelf prices changed; the basket and the
-- week's costs fetch them again. The log is reference data every signed-in person reads, so the
-- topic is one for everyone: `prices`. Imports are rare (hourly at most), so one broadcast to
-- every open basket is cheap, and no subscriber's access is checked per message.

create function private.broadcast_price_import()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.broadcast_changes('prices', tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
  return null;
end;
$$;

revoke all on function private.broadcast_price_import() from public;

create trigger broadcast_change after insert or update or delete on public.price_imports
  for each row execute function private.broadcast_price_import();

create policy "Signed-in people hear price imports"
  on realtime.messages for select
  to authenticated
  using (extension = 'broadcast' and (select realtime.topic()) = 'prices');

-- Only the database sends to it, as to the household and personal topics.
alter policy "No client sends to household or personal topics"
  on realtime.messages
  with check (topic not like 'household:%' and topic not like 'user:%' and topic <> 'prices');
