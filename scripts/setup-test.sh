#!/usr/bin/env bash
# npm run setup:test: installs the system programs the test suites need beyond `npm install`
# (PostgreSQL 15 with pgTAP and pg_prove for the database suites, Chromium for the browser tests).
# .ci/run calls this same script, so this is the one list of them.
set -euo pipefail

debian_packages=(
  postgresql-15 postgresql-15-pgtap libtap-parser-sourcehandler-pgtap-perl # test:db, test:stack
  chromium fonts-dejavu-core                                                # test:e2e, bench
)

if command -v apt-get >/dev/null; then
  missing=()
  for p in "${debian_packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    echo "setup:test: everything is installed already."
    exit 0
  fi
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  echo "setup:test: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -qq
  "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  echo "setup:test: done."
elif [ "$(uname -s)" = Darwin ] && command -v brew >/dev/null; then
  brew install postgresql@15 pgtap
  brew install --cask chromium
  cat <<'TXT'
setup:test: done. Homebrew has no pg_virtualenv (Debian's throwaway clusters), so the database
suites use a server you start, and the browser tests need Chromium's path:
  brew services start postgresql@15
  export DATABASE_URL=postgres://$USER@127.0.0.1:5432/postgres
  export CHROMIUM_PATH=/Applications/Chromium.app/Contents/MacOS/Chromium
TXT
else
  cat >&2 <<'TXT'
setup:test: this machine has neither apt-get nor Homebrew. Install by hand:
  PostgreSQL 15 with the pgTAP extension and pg_prove, then set DATABASE_URL to a superuser URL;
  Chromium, then set CHROMIUM_PATH to its executable.
TXT
  exit 1
fi
