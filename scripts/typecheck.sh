#!/usr/bin/env bash
# Type-checks every workspace, two programs at a time (TYPECHECK_JOBS); each program's errors are
# printed together, after its name. The browser workspaces (packages, shell, remotes) share their
# settings and are one program (tsconfig.typecheck-web.json): checked apart, each of the eight
# loaded Chakra's types again (measured: 8 programs ≈ 4× the CPU of one). Storybook, e2e and the
# BFF have settings of their own (Node types) and are checked with their own tsconfig.
set -uo pipefail
cd "$(dirname "$0")/.."
projects=(tsconfig.typecheck-web.json)
for project in storybook e2e bff; do
  [ -f "$project/tsconfig.json" ] && projects+=("$project/tsconfig.json")
done
printf '%s\n' "${projects[@]}" | xargs -P "${TYPECHECK_JOBS:-2}" -I{} bash -c \
  'out="$(npx tsc -p "$1" 2>&1)"; status=$?; echo "tsc: $1"; [ -n "$out" ] && echo "$out"; exit $status' _ {}
