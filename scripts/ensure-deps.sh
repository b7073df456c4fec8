#!/usr/bin/env bash
# Installs what a fresh clone on a fresh machine lacks: npm packages always (when missing),
# and with --system also Debian's Chromium, PostgreSQL and v2ray (as root, through apt-get;
# v2ray runs the BFF's real node end-to-end test, which is skipped where it is missing); with
# --browser only Chromium, and only where it can (npm start: the build draws the entry pages
# ahead with it, scripts/first-paint.mjs; without it they are drawn by the scripts alone).
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

if [ ! -d node_modules/.bin ]; then
  echo "ensure-deps: installing npm packages (npm ci: exactly the locked tree)"
  npm ci --no-audit --no-fund
elif [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "ensure-deps: the lock file changed; updating npm packages"
  npm install --no-audit --no-fund
fi

if [ "${1:-}" = "--system" ]; then
  missing=()
  [ -x /usr/bin/chromium ] || missing+=(chromium fonts-noto-cjk)
  ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql)
  [ -x /usr/bin/v2ray ] || missing+=(v2ray)
  if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" != "0" ]; then
      echo "ensure-deps: need root to install ${missing[*]}" >&2
      exit 1
    fi
    echo "ensure-deps: apt-get install ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  fi
fi

if [ "${1:-}" = "--browser" ] && [ ! -x /usr/bin/chromium ]; then
  if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
    echo "ensure-deps: apt-get install chromium (the build draws the entry pages ahead with it)"
    if ! (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium >/dev/null); then
      echo "ensure-deps: chromium could not be installed; the entry pages are drawn by the scripts alone" >&2
    fi
  else
    echo "ensure-deps: no /usr/bin/chromium (install Debian's chromium as root for the first paint); the entry pages are drawn by the scripts alone" >&2
  fi
fi
