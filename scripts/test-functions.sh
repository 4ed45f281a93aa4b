#!/usr/bin/env bash
# npm run test:functions: `deno check` and `deno lint` of every Edge Function, then the functions'
# Deno tests against a real local stack (PGlite in memory, or DATABASE_URL's PostgreSQL) started
# for the run on a free port and stopped afterwards.
# Nothing is downloaded: `--node-modules-dir=manual` resolves the functions' npm imports from the
# node_modules that `npm install` filled, as the stack does when it runs them. The tests take
# their deno.json as an import map so that the repository root stays Deno's root, where
# node_modules (and the @types/node their `node:` imports need) is.
set -euo pipefail
cd "$(dirname "$0")/.."
deno=node_modules/.bin/deno
export DENO_TLS_CA_STORE="${DENO_TLS_CA_STORE:-system,mozilla}"
functions=(add-cook price-recipe price-basket import-recipe cleanup-meals invite-member import-prices)

for fn in "${functions[@]}"; do
  "$deno" check --quiet --node-modules-dir=manual --config "supabase/functions/$fn/deno.json" "supabase/functions/$fn/index.ts"
done
"$deno" check --quiet --node-modules-dir=manual --import-map supabase/functions/tests/deno.json supabase/functions/tests/
"$deno" lint --quiet supabase/functions

log=$(mktemp)
# import-recipe refuses loopback addresses; the tests' fixture pages are served on this one port,
# which the functions' secrets (as `supabase functions serve --env-file`) let through.
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
FIXTURE_PORT=$(free_port)
export FIXTURE_PORT
env_file=$(mktemp)
printf 'IMPORT_ALLOW_HOSTS=127.0.0.1:%s\nIMPORT_TIMEOUT_MS=2000\n' "$FIXTURE_PORT" >"$env_file"
# setsid gives the stack its own process group, so stopping it stops tsx's node child too.
setsid node_modules/.bin/tsx stack/src/main.ts --memory --port 0 --env-file "$env_file" >"$log" 2>&1 &
stack_pid=$!
stop_stack() {
  kill -TERM -- "-$stack_pid" 2>/dev/null || true
  wait "$stack_pid" 2>/dev/null || true
  rm -f "$log" "$env_file"
}
trap stop_stack EXIT

url=""
for _ in $(seq 1 480); do
  url=$(sed -n 's/^ *API URL: \(http[^ ]*\)$/\1/p' "$log" | head -n 1)
  [ -n "$url" ] && break
  if ! kill -0 "$stack_pid" 2>/dev/null; then break; fi
  sleep 0.25
done
if [ -z "$url" ]; then
  echo "The local stack did not start:" >&2
  cat "$log" >&2
  exit 1
fi
key() { sed -n "s/^ *$1: \(.*\)$/\1/p" "$log" | head -n 1; }

status=0
SUPABASE_URL="$url" \
  SUPABASE_ANON_KEY="$(key 'anon key')" \
  SUPABASE_SERVICE_ROLE_KEY="$(key 'service_role key')" \
  SUPABASE_JWT_SECRET="$(key 'JWT secret')" \
  "$deno" test --quiet --node-modules-dir=manual --allow-net --allow-env --allow-read --allow-run \
  --import-map supabase/functions/tests/deno.json supabase/functions/tests/ "$@" || status=$?
if [ "$status" -ne 0 ]; then
  echo "--- local stack log ---" >&2
  tail -n 200 "$log" >&2
fi
exit "$status"
