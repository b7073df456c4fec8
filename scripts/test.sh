#!/usr/bin/env bash
# Every test: lint, typecheck, unit, BFF integration on PGlite and on a throwaway PostgreSQL,
# the production build with its first-page size, the Storybook build, Playwright in Debian's
# Chromium, and the development-mode check (npm run dev with hot reload). Installs npm
# packages, chromium and postgresql when they are missing.
set -uo pipefail
cd "$(dirname "$0")/.."
# Node >= 22.12 first on PATH for every step (Node 24 fetched into .tools/node where the machine's is older).
source scripts/use-node.sh || exit 1
echo "node: $(node --version) ($(command -v node))"
bash scripts/ensure-deps.sh --system || exit 1

passed=0
failed=0
failures=()
step() {
  local name="$1"
  shift
  echo
  echo "=== $name"
  local started=$SECONDS
  if "$@"; then
    passed=$((passed + 1))
    echo "=== $name: ok ($((SECONDS - started)) s)"
  else
    failed=$((failed + 1))
    failures+=("$name")
    echo "=== $name: FAILED ($((SECONDS - started)) s)"
  fi
}

step lint npx eslint . --max-warnings=0
step typecheck bash scripts/typecheck.sh
step unit npx vitest run
step bff bash scripts/test-bff.sh
step build bash scripts/build.sh
step storybook bash -c "npm run build --silent -w @portal/storybook && npm run smoke --silent -w @portal/storybook"
step e2e npx playwright test -c e2e/playwright.config.ts
step dev npx playwright test -c e2e/dev/playwright.config.ts

echo
[ ${#failures[@]} -gt 0 ] && echo "failed steps: ${failures[*]}"
echo "steps: ${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
