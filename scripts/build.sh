#!/usr/bin/env bash
# Production builds of the shell and the four remotes, each into its own dist/.
set -euo pipefail
cd "$(dirname "$0")/.."
for app in shell mf-user mf-shop mf-tutorials mf-admin; do
  echo "build: $app"
  npm run build --silent -w "$app" > ".build-$app.log" 2>&1 || { cat ".build-$app.log"; exit 1; }
  rm -f ".build-$app.log"
done
node scripts/first-page-size.mjs
