#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a real PostgreSQL 15.
# If DATABASE_URL is already set it is used as it is; otherwise a throwaway cluster is made
# with Debian's pg_virtualenv (-t: a temporary directory even as root, so several runs at once
# never collide on the shared 15/regress cluster; free port; dropped afterwards).
# wal_level=logical so the realtime tests can use logical decoding if they want to.
set -euo pipefail
if [ -n "${DATABASE_URL:-}" ]; then
  exec "$@"
fi
if ! command -v pg_virtualenv >/dev/null; then
  echo "with-postgres: pg_virtualenv not found. Install postgresql-15 (see .ci/run) or set DATABASE_URL." >&2
  exit 1
fi
# pg_createcluster picks "the next free port" from its own (here private) list of clusters, so
# two runs would pick the same one: ask the kernel for a free port instead.
port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
exec pg_virtualenv -t -v 15 -c "-p $port" -o wal_level=logical -o max_connections=300 -o fsync=off \
  bash -c 'export DATABASE_URL="postgres://${PGUSER}:${PGPASSWORD}@${PGHOST}:${PGPORT}/${PGDATABASE}"; exec "$@"' with-postgres "$@"
