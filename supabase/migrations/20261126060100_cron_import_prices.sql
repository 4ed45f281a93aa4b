-- Scheduled price imports (issue 18, part 5): every hour pg_cron calls the import-prices Edge
-- Function through pg_net, which imports the feed files waiting in the private price-feeds
-- bucket (docs/price-feed.md "Scheduled imports") and moves each under done/ or failed/. The
-- same pattern and the same two Vault secrets as cleanup-meals (20261122051300), created once
-- per project:
--   select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');
--   select vault.create_secret('<service_role key>', 'service_role_key');
--
-- Schedule '20 * * * *': twenty past every hour, UTC (pg_cron's zone), so a file dropped in the
-- bucket is in the app within the hour, and away from cleanup-meals at 14:05. pg_net gives up
-- waiting after 5 s by default; an import of a large feed runs longer, so it may wait 150 s
-- (the function stops starting new imports after 100 s and leaves the rest for the next run).
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
    raise notice 'import-prices is not scheduled here: pg_cron, pg_net or supabase_vault is not available (the local stack runs it on the same schedule).';
    return;
  end if;

  create extension if not exists pg_cron with schema pg_catalog;
  create extension if not exists pg_net with schema extensions;
  create extension if not exists supabase_vault;

  perform cron.schedule('import-prices', '20 * * * *', $job$
    select net.http_post(
      url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/import-prices',
      headers := jsonb_build_object(
        'Content-Type', 'application/json',
        'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
      ),
      body := '{}'::jsonb,
      timeout_milliseconds := 150000
    ) as request_id;
  $job$);
end
$migration$;
