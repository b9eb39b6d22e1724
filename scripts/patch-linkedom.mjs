#!/usr/bin/env node
// Install step (package.json "postinstall"): makes linkedom's per-node listener tables lazy.
//
// linkedom's EventTarget constructor gives every node it builds (element, text, comment, attribute) an empty Map of
// listeners, kept in a module-wide WeakMap. A real news page builds a few thousand nodes (about 1,500 elements, texts and comments, and 1,200 attributes, each an Attr node); the WeakMap entries
// are ephemerons that V8's collector traces specially, and on the extraction benchmark's real pages they cost about a
// third of extraction's CPU (decision "Parsed pages get no listener tables"). jsdom and happy-dom made the same tables
// lazy upstream; linkedom has not. This script makes the same change to the installed copy: the table is created by
// the first addEventListener, and removeEventListener tolerates a node that never had one (dispatchEvent already
// does). Event behaviour is unchanged.
//
// It edits only the exact text of the pinned version (stack notes: linkedom is pinned at 0.18.14). If the text is not
// found (another version, or already patched) it changes nothing and says so: the install never fails because of
// it, parsing is just slower. src/crawler/extract/linkedom-listeners.ts reports at run time whether the edit is in.
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

export const MARKER = '/* newsdesk: listener tables are created on first use (scripts/patch-linkedom.mjs) */'

export const EDITS = [
  {
    from: '  constructor() {\n    wm.set(this, new Map);\n  }',
    to: `  constructor() {\n    ${MARKER}\n  }`,
  },
  {
    from: '  addEventListener(type, listener, options) {\n    const map = wm.get(this);\n',
    to: '  addEventListener(type, listener, options) {\n    let map = wm.get(this);\n    if (!map) wm.set(this, map = new Map);\n',
  },
  {
    from: '  removeEventListener(type, listener) {\n    const map = wm.get(this);\n    if (map.has(type)) {',
    to: '  removeEventListener(type, listener) {\n    const map = wm.get(this);\n    if (map && map.has(type)) {',
  },
]

/** Applies the edits to one file; returns what happened, for the install log. */
export function patchFile(file) {
  const source = fs.readFileSync(file, 'utf8')
  if (source.includes(MARKER)) return 'already patched'
  if (!EDITS.every((edit) => source.split(edit.from).length === 2)) return 'left as is: not the text this patch expects'
  const patched = EDITS.reduce((text, edit) => text.replace(edit.from, edit.to), source)
  // A new file renamed over the old one: an interrupted install never leaves half a file, and a copy of
  // node_modules made with hard links (cp -al) keeps its own, unpatched file.
  const next = `${file}.newsdesk-${process.pid}`
  fs.writeFileSync(next, patched)
  fs.renameSync(next, file)
  return 'patched'
}

function linkedomDir() {
  const require = createRequire(import.meta.url)
  try {
    // The "main" entry is cjs/index.js: the package root is one level up.
    return path.dirname(path.dirname(require.resolve('linkedom')))
  } catch {
    return null
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const dir = linkedomDir()
  if (dir === null) {
    console.log('patch-linkedom: linkedom is not installed; nothing to do')
  } else {
    for (const flavour of ['esm', 'cjs']) {
      const file = path.join(dir, flavour, 'interface', 'event-target.js')
      let outcome
      try {
        outcome = patchFile(file)
      } catch (err) {
        outcome = `left as is: ${err instanceof Error ? err.message : String(err)}`
      }
      console.log(`patch-linkedom: ${path.relative(process.cwd(), file)}: ${outcome}`)
    }
  }
}
