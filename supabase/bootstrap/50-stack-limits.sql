-- Bootstrap for the local stack only (never hosted Supabase): the two checks its REST API puts
-- into the SQL it builds, so that one request cannot monopolise the database
-- (docs/architecture.md, "Limits on one request"). Idempotent.
create schema if not exists _stack;
comment on schema _stack is 'Local stack internals: limits the REST API applies to every request.';
grant usage on schema _stack to anon, authenticated, service_role;

-- PGlite runs in one thread with no timer signals, so statement_timeout never fires there.
-- The REST API calls this for every parent row of an embed; it raises what PostgreSQL raises
-- when the request's statement_timeout (the role's setting, applied per request) has passed.
create or replace function _stack.on_time() returns boolean
language plpgsql volatile set search_path = '' as $$
declare
  limit_text text := pg_catalog.current_setting('statement_timeout');
begin
  if limit_text not in ('0', '0ms')
    and pg_catalog.clock_timestamp() - pg_catalog.statement_timestamp() > limit_text::interval then
    raise exception 'canceling statement due to statement timeout' using errcode = '57014';
  end if;
  return true;
end
$$;
comment on function _stack.on_time() is
  'True while the current statement is within statement_timeout; raises 57014 once it is not.';

-- The response of one request is built in SQL; past the cap it is refused before it reaches
-- the stack's memory (a Node string cannot exceed about 512 MB).
create or replace function _stack.within_size(body text, cap_bytes bigint) returns text
language plpgsql immutable set search_path = '' as $$
begin
  if pg_catalog.octet_length(body) > cap_bytes then
    raise exception 'response too large: % bytes, over the limit of % bytes',
      pg_catalog.octet_length(body), cap_bytes
      using errcode = '54000',
        hint = 'Ask for fewer rows (limit, Range) or fewer columns and embedded resources.';
  end if;
  return body;
end
$$;
comment on function _stack.within_size(text, bigint) is
  'Returns body unchanged, or raises 54000 when it is longer than cap_bytes.';

grant execute on function _stack.on_time() to anon, authenticated, service_role;
grant execute on function _stack.within_size(text, bigint) to anon, authenticated, service_role;
