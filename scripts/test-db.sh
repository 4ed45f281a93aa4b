#!/usr/bin/env bash
# The database suite (npm run test:db, under scripts/with-postgres.sh, which sets DATABASE_URL to a
# throwaway PostgreSQL 15). On that database, in order:
#   1. the bootstrap (supabase/bootstrap/*.sql: what Supabase's image provides),
#   2. the migrations, applied by the Supabase CLI exactly as `supabase migration up` would,
#   3. the seed (supabase/seed.sql) when it exists,
#   4. Supabase's advisors (security + performance lints) at level info, with every finding we
#      accept filtered below with its reason,
#   5. a check that supabase/database.types.ts matches `supabase gen types` for this schema,
#   6. the pgTAP suite (supabase/tests/000-setup.sql, then every *.test.sql) with pg_prove.
# Advisors and types run before the test helpers are installed, so they see only the app's schema.
set -euo pipefail
cd "$(dirname "$0")/.."

: "${DATABASE_URL:?run under scripts/with-postgres.sh (or set DATABASE_URL)}"
export PGSSLMODE="${PGSSLMODE:-disable}"
psql_run() { psql "$DATABASE_URL" -X -q -v ON_ERROR_STOP=1 "$@"; }
step() { printf '\n== %s\n' "$*"; }

step "bootstrap"
for f in supabase/bootstrap/*.sql; do psql_run -f "$f"; done

step "migrations (supabase migration up)"
npx --no-install supabase migration up --remote="$DATABASE_URL" --yes 2>&1 | grep -Ev '^(npm warn|Applying migration)' || true
pending=$(psql_run -At -c "select count(*) from supabase_migrations.schema_migrations")
expected=$(find supabase/migrations -name '*.sql' | wc -l)
if [ "$pending" -ne "$expected" ]; then
  echo "test-db: $pending of $expected migrations applied" >&2
  exit 1
fi

if [ -f supabase/seed.sql ]; then
  step "seed"
  psql_run -f supabase/seed.sql
fi

step "advisors (supabase db advisors --level info)"
advisors_json=$(mktemp)
trap 'rm -f "$advisors_json"' EXIT
npx --no-install supabase db advisors --remote="$DATABASE_URL" --level info --output-format json 2>/dev/null >"$advisors_json"
# Accepted findings, each with its reason:
# - unused_index: a fresh database has run no queries, so every index is "unused". Each one backs a
#   policy column or a foreign key (01-schema.test.sql checks the foreign keys) and
#   bench/db-rls.bench.ts shows the app's queries using them.
node -e '
  const report = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const accepted = new Set(["unused_index"]);
  const findings = (report.results ?? []).filter((r) => !accepted.has(r.name));
  for (const f of findings) console.error(`${f.level} ${f.name}: ${f.detail}\n  ${f.remediation}`);
  const skipped = (report.results ?? []).length - findings.length;
  console.log(`advisors: ${findings.length} finding(s), ${skipped} accepted (unused_index on a fresh database)`);
  process.exit(findings.length === 0 ? 0 : 1);
' "$advisors_json"

step "generated types (supabase/database.types.ts)"
if ! bash scripts/gen-types.sh --check; then
  echo "test-db: supabase/database.types.ts is stale; run: npm run gen:types" >&2
  exit 1
fi

step "pgTAP"
psql_run -f supabase/tests/000-setup.sql
pg_prove --dbname "$DATABASE_URL" --failures supabase/tests/*.test.sql
