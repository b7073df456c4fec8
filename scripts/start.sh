#!/usr/bin/env bash
# All-in-one portal: installs and builds what is missing, then serves the shell, the remotes
# and the API on PORT (default 8080) with the embedded database in DATA_DIR (default ./data).
set -euo pipefail
cd "$(dirname "$0")/.."
# Node >= 22.12 first on PATH (Node 24 fetched into .tools/node where the machine's is older).
source scripts/use-node.sh
bash scripts/ensure-deps.sh
for app in shell mf-user mf-shop mf-tutorials mf-admin; do
  if [ ! -f "$app/dist/mf-manifest.json" ]; then
    bash scripts/ensure-deps.sh --browser
    bash scripts/build.sh
    break
  fi
done
export DATA_DIR="${DATA_DIR:-$PWD/data}"
# Demo notices, announcement and a trial coupon (code in the log) on the first start; DEMO_DATA=false to skip.
export DEMO_DATA="${DEMO_DATA:-true}"
# The BFF runs compiled (bff/dist, about a second to build, so never stale), not through tsx.
node bff/scripts/build.mjs
cd bff
# A young generation of 8 MB: Node's default sizes it for throughput (the instance idled at
# ~310 MB RSS on PostgreSQL); 8 MB keeps it near 180 MB at a small cost in scavenges (docs/operations.md).
exec node --max-semi-space-size=8 dist/server.js
