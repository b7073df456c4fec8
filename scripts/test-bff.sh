#!/usr/bin/env bash
# The BFF test suite on embedded PGlite, then on a throwaway PostgreSQL cluster; `pglite` or
# `postgres` as the argument runs one pass (npm test runs them in different lanes). The PostgreSQL
# pass leaves out the files whose outcome does not depend on the database
# (bff/test/database-independent.ts). Both passes run even when the first fails.
set -uo pipefail
cd "$(dirname "$0")/.."
which="${1:-both}"
status=0

if [ "$which" = both ] || [ "$which" = pglite ]; then
  echo "== bff tests on PGlite"
  (cd bff && npx vitest run) || status=1
fi

if [ "$which" = both ] || [ "$which" = postgres ]; then
  echo "== bff tests on PostgreSQL"
  bash scripts/with-postgres.sh bash -c 'cd bff && npx vitest run' || status=1
fi
exit $status
