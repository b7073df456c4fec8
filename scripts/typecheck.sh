#!/usr/bin/env bash
# Type-checks every workspace with its own tsconfig (browser and Node settings differ).
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
for project in packages/contracts packages/platform packages/ui shell mf-user mf-shop mf-tutorials mf-admin bff storybook e2e; do
  if [ -f "$project/tsconfig.json" ]; then
    echo "tsc: $project"
    npx tsc -p "$project/tsconfig.json" || status=1
  fi
done
exit $status
