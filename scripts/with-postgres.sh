#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a real PostgreSQL 15.
# If DATABASE_URL is already set it is used as it is; otherwise a throwaway cluster is made
# with Debian's pg_virtualenv (temporary directory, free port, dropped afterwards).
# wal_level=logical so the realtime tests can use logical decoding if they want to.
set -euo pipefail
if [ -n "${DATABASE_URL:-}" ]; then
  exec "$@"
fi
if ! command -v pg_virtualenv >/dev/null; then
  echo "with-postgres: pg_virtualenv not found. Install postgresql-15 (see .ci/run) or set DATABASE_URL." >&2
  exit 1
fi
exec pg_virtualenv -v 15 -o wal_level=logical -o max_connections=300 -o fsync=off \
  bash -c 'export DATABASE_URL="postgres://${PGUSER}:${PGPASSWORD}@${PGHOST}:${PGPORT}/${PGDATABASE}"; exec "$@"' with-postgres "$@"
