#!/usr/bin/env bash
# Every test: lint, typecheck, unit, BFF integration on PGlite and on a throwaway PostgreSQL,
# the production build, the Storybook build with every story and its play function, Playwright in
# Debian's Chromium, and the development-mode check (npm run dev with hot reload). Installs npm
# packages, chromium and postgresql when they are missing.
#
# Steps in one group run side by side (they use different ports and folders; each one's output is
# shown when it ends); groups run in turn. Ends with a table of the steps and their times, and
# the line `steps: N passed, N failed`.
set -uo pipefail
cd "$(dirname "$0")/.."
# Node >= 22.12 first on PATH for every step (Node 24 fetched into .tools/node where the machine's is older).
source scripts/use-node.sh || exit 1
echo "node: $(node --version) ($(command -v node))"
bash scripts/ensure-deps.sh --system || exit 1
# A real-client test that cannot run here (v2ray missing) fails instead of skipping.
export REQUIRE_V2RAY=1

logs=.tmp/test-steps
rm -rf "$logs"
mkdir -p "$logs"
run_started=$SECONDS
table=()
passed=0
failed=0
failures=()

record() {
  local name="$1" status="$2" seconds="$3"
  if [ "$status" -eq 0 ]; then
    passed=$((passed + 1))
    table+=("$(printf '%-10s %-7s %5d s' "$name" ok "$seconds")")
  else
    failed=$((failed + 1))
    failures+=("$name")
    table+=("$(printf '%-10s %-7s %5d s' "$name" FAILED "$seconds")")
  fi
}

# One step alone, its output live.
step() {
  local name="$1"
  shift
  echo
  echo "=== $name"
  local started=$SECONDS
  "$@"
  local status=$?
  echo "=== $name: $([ $status -eq 0 ] && echo ok || echo FAILED) ($((SECONDS - started)) s)"
  record "$name" "$status" $((SECONDS - started))
}

# Several steps side by side: together name1 'command 1' name2 'command 2' ...
together() {
  local names=()
  echo
  while [ $# -gt 0 ]; do
    local name="$1" command="$2"
    shift 2
    names+=("$name")
    echo "=== $name (started, side by side; output below when it ends)"
    (
      started=$SECONDS
      bash -c "$command" >"$logs/$name.log" 2>&1
      echo "$? $((SECONDS - started))" >"$logs/$name.status"
    ) &
  done
  wait
  local name status seconds
  for name in "${names[@]}"; do
    read -r status seconds <"$logs/$name.status"
    echo
    echo "=== $name"
    cat "$logs/$name.log"
    echo "=== $name: $([ "$status" -eq 0 ] && echo ok || echo FAILED) ($seconds s)"
    record "$name" "$status" "$seconds"
  done
}

together lint 'npx eslint . --max-warnings=0' typecheck 'bash scripts/typecheck.sh'
step unit npx vitest run
# The size figures of a throttled phone are a measurement (npm run size), not a test.
step build env PORTAL_SIZE_RUNS=0 bash scripts/build.sh
together bff 'bash scripts/test-bff.sh' \
  storybook 'npm run build --silent -w @portal/storybook && npm run smoke --silent -w @portal/storybook'
step e2e npx playwright test -c e2e/playwright.config.ts
step dev npx playwright test -c e2e/dev/playwright.config.ts

echo
echo "step       result   time"
printf '%s\n' "${table[@]}"
printf '%-18s %5d s\n' "wall clock" $((SECONDS - run_started))
[ ${#failures[@]} -gt 0 ] && echo "failed steps: ${failures[*]}"
echo "steps: ${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
