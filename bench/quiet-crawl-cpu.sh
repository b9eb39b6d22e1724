#!/bin/bash
# CPU (user+sys seconds) of a `newsdesk crawl` that finds nothing to fetch, for two builds of the CLI, run in turn
# (A, B, A, B, …) so the machine's load moves both alike. Each build is a dist/ folder inside this checkout (its
# imports resolve node_modules from here), e.g. the parent commit's:
#
#   git stash -u; node scripts/build.mjs; cp -r dist dist-before; git stash pop; node scripts/build.mjs
#   bench/quiet-crawl-cpu.sh dist-before dist 10
#
# The store has been crawled once over an empty directory, so every pass has no due feed: what is left is the
# process's start, the crawler's modules and the pass's bookkeeping.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
a=$root/${1:?first dist folder}; b=$root/${2:?second dist folder}; rounds=${3:-5}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
echo '[]' > "$tmp/publishers.json"
export DATABASE_URL=sqlite:$tmp/newsdesk.db DATA_DIR=$tmp/data NEWSDESK_SAMPLE=off NEWSDESK_PUBLISHERS=$tmp/publishers.json SITE_URL=https://news.example.org
entry() { printf "import { main } from '%s/cli/main.js'\nmain(process.argv.slice(2), { env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }).then((c) => { process.exitCode = c })\n" "$1" > "$2"; }
entry "$a" "$tmp/a.mjs"; entry "$b" "$tmp/b.mjs"
node "$tmp/b.mjs" crawl > /dev/null 2>&1
for _ in $(seq "$rounds"); do
  for w in a b; do /usr/bin/time -f "$w %U %S" node "$tmp/$w.mjs" crawl 2>&1 > /dev/null | tail -1; done
done | awk -v a="$1" -v b="$2" '{ s[$1] += $2 + $3; n[$1]++ } END { printf "%s: %.3f CPU-s, %s: %.3f CPU-s (mean of %d each)\n", a, s["a"] / n["a"], b, s["b"] / n["b"], n["a"] }'
