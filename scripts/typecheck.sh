#!/usr/bin/env bash
# Type-checks every workspace with its own tsconfig (browser and Node settings differ), two at a
# time (TYPECHECK_JOBS); each workspace's errors are printed together, after its name.
set -uo pipefail
cd "$(dirname "$0")/.."
projects=()
for project in packages/contracts packages/platform packages/ui shell mf-user mf-shop mf-tutorials mf-admin bff storybook e2e; do
  [ -f "$project/tsconfig.json" ] && projects+=("$project")
done
printf '%s\n' "${projects[@]}" | xargs -P "${TYPECHECK_JOBS:-2}" -I{} bash -c \
  'out="$(npx tsc -p "$1/tsconfig.json" 2>&1)"; status=$?; echo "tsc: $1"; [ -n "$out" ] && echo "$out"; exit $status' _ {}
