#!/usr/bin/env bash
# Every test: lint, typecheck, unit, BFF integration on PGlite and on a throwaway PostgreSQL,
# the production build, the Storybook build with every story and its play function, Playwright in
# Debian's Chromium, and the development-mode check (npm run dev with hot reload). Installs npm
# packages, chromium and postgresql when they are missing.
#
# The steps run in two lanes side by side (see below); each step's output is shown once all have
# ended. Ends with a table of the steps and their times, and the line `steps: N passed, N failed`.
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

# A lane runs its steps one after another, in the background: lane name1 'command 1' name2 'command 2' ...
# Lanes run side by side (their steps use different ports and folders). A line says when each
# step ends; its whole output is shown, in order, once every lane has ended (finish_lanes).
lane_steps=()
lane() {
  local i
  for ((i = 1; i <= $#; i += 2)); do lane_steps+=("${!i}"); done
  (
    while [ $# -gt 0 ]; do
      name="$1" command="$2"
      shift 2
      started=$SECONDS
      # STEP_NAME lets a sampler attribute CPU time to the step (every process inherits it).
      STEP_NAME="$name" bash -c "$command" >"$logs/$name.log" 2>&1
      status=$?
      echo "$status $((SECONDS - started))" >"$logs/$name.status"
      echo "=== $name: $([ $status -eq 0 ] && echo ok || echo FAILED) ($((SECONDS - started)) s, at $((SECONDS - run_started)) s); output below"
    done
  ) &
}

# The steps that failed are shown last, nearest the summary: a reader of the run's tail (CI keeps
# only the end of a long output) sees why it failed.
finish_lanes() {
  wait
  local name status seconds pass
  for pass in ok failed; do
    for name in "${lane_steps[@]}"; do
      read -r status seconds <"$logs/$name.status"
      if [ "$pass" = ok ] && [ "$status" -ne 0 ]; then continue; fi
      if [ "$pass" = failed ] && [ "$status" -eq 0 ]; then continue; fi
      echo
      echo "=== $name"
      cat "$logs/$name.log"
      echo "=== $name: $([ "$status" -eq 0 ] && echo ok || echo FAILED) ($seconds s)"
    done
  done
  for name in "${lane_steps[@]}"; do
    read -r status seconds <"$logs/$name.status"
    record "$name" "$status" "$seconds"
  done
  lane_steps=()
}

# The BFF is compiled once, here: steps that start it (BFF tests, e2e) run side by side, and a
# rebuild in one must not delete the file another is starting from (bff/scripts/build.mjs).
node bff/scripts/build.mjs || exit 1
export BFF_DIST_READY=1

# Two lanes keep both cores busy: steps that leave a core idle part of the time (lint, the build,
# dev mode) run beside ones that do not, and the lanes take about as long as each other (the BFF
# suite's PostgreSQL pass ends the first). e2e needs the build, which comes before it in its lane.
# The size figures of a throttled phone are a measurement (npm run size), not a test.
# A third e2e worker (e2e waits about half the time) was measured: 694 s for 88 tests against
# 596 s for 81 with two, and the PGlite suite beside it slowed 795 → 941 s; a third story-smoke
# page gained 39 s and upset a story's timing. Both stay at two.
lane lint 'npx eslint . --max-warnings=0 && npx prettier --check . --log-level warn' \
  unit 'npx vitest run' \
  build 'env PORTAL_SIZE_RUNS=0 bash scripts/build.sh' \
  e2e 'npx playwright test -c e2e/playwright.config.ts' \
  dev 'npx playwright test -c e2e/dev/playwright.config.ts' \
  bff-pg 'bash scripts/test-bff.sh postgres'
lane typecheck 'bash scripts/typecheck.sh' \
  storybook 'npm run build --silent -w @portal/storybook && npm run smoke --silent -w @portal/storybook' \
  bff 'bash scripts/test-bff.sh pglite'
finish_lanes

echo
echo "step       result   time"
printf '%s\n' "${table[@]}"
printf '%-18s %5d s\n' "wall clock" $((SECONDS - run_started))
[ ${#failures[@]} -gt 0 ] && echo "failed steps: ${failures[*]}"
echo "steps: ${passed} passed, ${failed} failed"
[ "$failed" -eq 0 ]
