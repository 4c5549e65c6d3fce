#!/usr/bin/env bash
# Runs the given command on Node.js 24 (the product's runtime, `.nvmrc`). When the `node` on PATH
# is older, Node 24 comes from the npm registry (the `node-<platform>-<arch>` package the `node`
# package itself installs), once, into a cache outside the project, and leads PATH for the command
# and everything it starts (npm, the server, the test runners).
set -euo pipefail

major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$major" -lt 24 ]; then
  platform="$(node -p 'process.platform + "-" + process.arch' 2>/dev/null || echo linux-x64)"
  cache="${SEGURIDAD_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/seguridad/node-24}"
  bin="$cache/node_modules/node-$platform/bin"
  if [ ! -x "$bin/node" ]; then
    echo "Node.js $(node -v 2>/dev/null || echo '(none)') found; this product runs on Node.js 24." >&2
    echo "Installing Node.js 24 from the npm registry (node-$platform@24) into $cache …" >&2
    mkdir -p "$cache"
    npm install --prefix "$cache" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      "node-$platform@24" >&2 || {
      echo "Could not install Node.js 24. Install Node.js 24 (see .nvmrc) and run the command again." >&2
      exit 1
    }
  fi
  export PATH="$bin:$PATH"
  echo "Using Node.js $("$bin/node" -v) from $cache (the node on PATH is older)." >&2
fi
exec "$@"
