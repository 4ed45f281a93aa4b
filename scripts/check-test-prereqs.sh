#!/usr/bin/env bash
# Run first by `npm test`: checks in a second what the suites need beyond `npm install`, so a
# missing program stops the run at once, with the command that installs it, instead of minutes
# later inside a suite.
set -uo pipefail
cd "$(dirname "$0")/.."

missing=()
need() { missing+=("$1"); }

if ! { [ -x node_modules/.bin/deno ] && node_modules/.bin/deno --version >/dev/null 2>&1; }; then
  echo "npm test needs the packages of npm install (Deno from node_modules is missing): run npm install" >&2
  exit 1
fi

if [ -n "${DATABASE_URL:-}" ]; then
  command -v psql >/dev/null || need "psql (PostgreSQL 15 client)"
  pgtap=$(psql "$DATABASE_URL" -XAtc "select count(*) from pg_available_extensions where name = 'pgtap'" 2>/dev/null)
  [ "$pgtap" = 1 ] || need "the pgTAP extension on the server of DATABASE_URL"
else
  command -v pg_virtualenv >/dev/null && [ -x /usr/lib/postgresql/15/bin/postgres ] ||
    need "PostgreSQL 15 (or set DATABASE_URL to a PostgreSQL 15 server)"
  [ -f /usr/share/postgresql/15/extension/pgtap.control ] || need "pgTAP for PostgreSQL 15"
fi
command -v pg_prove >/dev/null || need "pg_prove"
chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
[ -x "$chromium" ] || need "Chromium at $chromium (or set CHROMIUM_PATH)"

if [ ${#missing[@]} -gt 0 ]; then
  joined=$(printf '%s, ' "${missing[@]}")
  echo "npm test needs ${joined%, }: run npm run setup:test" >&2
  exit 1
fi
