-- Meal planner housekeeping (spec 4): every day, pg_cron calls the cleanup-meals edge function
-- through pg_net, which deletes meal rows dated before today in Australia/Sydney. This is the
-- pattern Supabase documents for scheduling edge functions: the project URL and the service role
-- key come from Vault, never from the migration. Create them once per project:
--   select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');
--   select vault.create_secret('<service_role key>', 'service_role_key');
--
-- Schedule '5 14 * * *' is 14:05 UTC (pg_cron runs in UTC): 01:05 in Sydney during daylight
-- saving, 00:05 otherwise, so "yesterday" is always over in Australia/Sydney.
-- This cron.schedule call is the ONE definition of the schedule: the local stack (which has no
-- pg_cron) reads the job name and expression from this file (docs/decisions.md, "Cron").
--
-- Where pg_cron, pg_net or Vault is not available (PGlite, a plain PostgreSQL) the migration
-- does nothing but say so.

do $migration$
begin
  if (
    select count(*) from pg_catalog.pg_available_extensions
    where name in ('pg_cron', 'pg_net', 'supabase_vault')
  ) < 3 then
    raise notice 'cleanup-meals is not scheduled here: pg_cron, pg_net or supabase_vault is not available (the local stack runs it on the same schedule).';
    return;
  end if;

  create extension if not exists pg_cron with schema pg_catalog;
  create extension if not exists pg_net with schema extensions;
  create extension if not exists supabase_vault;

  perform cron.schedule('cleanup-meals', '5 14 * * *', $job$
    select net.http_post(
      url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/cleanup-meals',
      headers := jsonb_build_object(
        'Content-Type', 'application/json',
        'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
      ),
      body := '{}'::jsonb
    ) as request_id;
  $job$);
end
$migration$;
