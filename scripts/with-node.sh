#!/usr/bin/env bash
# Runs a command with Node >= 22.12 first on PATH (scripts/use-node.sh): `bash scripts/with-node.sh node scripts/dev.mjs`.
set -euo pipefail
source "$(dirname "$0")/use-node.sh"
exec "$@"
