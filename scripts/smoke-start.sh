#!/usr/bin/env bash
# Starts `npm start` as a newcomer would, with npm's registry unreachable (so nothing can be
# downloaded), and checks that the web app answers and that each Edge Function boots: any answer
# but 503 BOOT_ERROR. Used by .ci/run; stops what it started.
set -euo pipefail
cd "$(dirname "$0")/.."

log=$(mktemp)
data=$(mktemp -d)
free_port() { node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
NPM_CONFIG_REGISTRY=http://127.0.0.1:9/ setsid npm start -- --port "$(free_port)" --web-port "$(free_port)" \
  --data-dir "$data" >"$log" 2>&1 &
pid=$!
stop() {
  kill -TERM -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  rm -rf "$log" "$data"
}
trap stop EXIT

field() { sed -n "s/^ *$1: \(.*\)$/\1/p" "$log" | head -n 1; }
for _ in $(seq 1 240); do
  [ -n "$(field 'Web app')" ] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.5
done
api=$(field 'API URL')
web=$(field 'Web app')
if [ -z "$api" ] || [ -z "$web" ]; then
  echo "smoke-start: npm start did not come up:" >&2
  cat "$log" >&2
  exit 1
fi
for _ in $(seq 1 60); do curl -fsS -o /dev/null "$web" 2>/dev/null && break; sleep 0.5; done
curl -fsS -o /dev/null "$web" || { echo "smoke-start: the web app at $web does not answer" >&2; exit 1; }
service=$(field 'service_role key')
for fn in add-cook price-recipe price-basket import-recipe cleanup-meals invite-member import-prices; do
  status=$(curl -s -o /dev/null -w '%{http_code}' -X POST -H "Authorization: Bearer $service" \
    -H 'Content-Type: application/json' -d '{}' "$api/functions/v1/$fn")
  if [ "$status" = 503 ] || [ "$status" = 000 ]; then
    echo "smoke-start: $fn did not start ($status):" >&2
    grep "\[fn $fn\]" "$log" >&2 || cat "$log" >&2
    exit 1
  fi
  echo "smoke-start: $fn answers $status"
done
echo "smoke-start: npm start serves the web app and every function with no network"
