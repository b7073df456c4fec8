#!/usr/bin/env bash
# The BFF test suite twice: on embedded PGlite, then on a throwaway PostgreSQL cluster. The second
# pass leaves out the files whose outcome does not depend on the database (bff/test/database-independent.ts).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== bff tests on PGlite"
(cd bff && npx vitest run)

echo "== bff tests on PostgreSQL"
bash scripts/with-postgres.sh bash -c 'cd bff && npx vitest run'
