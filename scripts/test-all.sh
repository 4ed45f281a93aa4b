#!/usr/bin/env bash
# The README's test command: every suite in turn, then one summary line.
# A suite that fails does not stop the others, so one run shows everything that is red.
set -uo pipefail
cd "$(dirname "$0")/.."
bash scripts/check-test-prereqs.sh || exit 1
suites=(lint typecheck test:unit test:db test:stack test:functions test:faults test:e2e)
passed=0; failed=0; failures=()
for s in "${suites[@]}"; do
  echo "::group:: npm run $s"
  start=$SECONDS
  if npm run --silent "$s"; then passed=$((passed+1)); status=ok; else failed=$((failed+1)); failures+=("$s"); status=FAILED; fi
  echo "::endgroup:: $s $status in $((SECONDS-start)) s"
done
[ ${#failures[@]} -gt 0 ] && echo "failed suites: ${failures[*]}"
echo "suites: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
