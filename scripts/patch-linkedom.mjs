#!/usr/bin/env node
// Install step (package.json "postinstall"): takes linkedom's per-node WeakMap entries and class lists out of the parse.
//
// linkedom keeps two kinds of per-node state in module-wide WeakMaps:
//   - interface/event-target.js: every node it builds (element, text, comment, attribute) gets an empty Map of
//     listeners in its constructor;
//   - interface/css-style-declaration.js: every element whose `style` is read (Readability reads it for every node it
//     walks) gets its declaration's owner recorded.
// A real news page builds a few thousand nodes (on the extraction benchmark's 88 pages, about 1,500 elements, texts
// and comments and 1,200 attributes, each an Attr node). WeakMap entries are ephemerons, which V8's collector traces
// specially, in every scavenge: on those pages the listener tables alone were 16 % of extraction's self time and most
// of its 22 % garbage collection (decision "Parsed pages get no listener tables until one is added"). jsdom and
// happy-dom made their listener tables lazy upstream; linkedom has not. This script changes the installed copy:
//   - the listener table is created by the first addEventListener, and removeEventListener tolerates a node that
//     never had one (dispatchEvent already does);
//   - a style declaration keeps its element in a symbol-keyed property of its own instead of the WeakMap.
//   - the parser no longer builds a class list for every element with a class attribute (a Set filled and joined
//     back into the attribute): the list is made from the attribute when something first reads it, as linkedom
//     already does for elements built by script.
// DOM behaviour is unchanged, but for one detail that moves towards browsers: a parsed class attribute keeps its
// text as written (getAttributeNode('class').value, serialization), where linkedom rewrote it with single spaces.
//
// It edits only the exact text of the pinned version (stack notes: linkedom is pinned at 0.18.14). If the text is not
// found (another version, or already patched) it changes nothing and says so: the install never fails because of
// it, parsing is just slower. src/crawler/extract/linkedom-install-step.ts reports at run time whether the edits are in.
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

/** The description of the symbol a patched style declaration keeps its element under (how run time tells). */
export const STYLE_OWNER = 'newsdesk: style declaration owner'
export const STYLE_MARKER = '/* newsdesk: the owner is a property, not a WeakMap entry (scripts/patch-linkedom.mjs) */'

export const STYLE_EDITS = [
  {
    from: 'const refs = new WeakMap;\n',
    // The declaration is the Proxy's target, and every read of `refs` passes the target (the handler's first argument,
    // or `this` in methods the handler calls on it), so a property of the target serves where the WeakMap did.
    to: `${STYLE_MARKER}\nconst OWNER = Symbol('${STYLE_OWNER}');\nconst refs = {\n  get: (style) => style[OWNER],\n  set: (style, element) => { style[OWNER] = element; },\n};\n`,
  },
]

export const CLASS_MARKER = '/* newsdesk: an element\'s class list is made when first read (scripts/patch-linkedom.mjs) */'

export const CLASS_EDITS = [
  {
    // The parser set className for every element with a class attribute: a DOMTokenList (a Set) built, cleared,
    // refilled, and joined back into the attribute, for each of them. Element#classList already makes the list from
    // the attribute on first read, and every reader (className, getAttribute('class'), classList, setAttribute and
    // removeAttribute) goes through it; css-select reads the attribute's value and matches class tokens by whitespace.
    from: "  knownSiblings(end[PREV], attribute, end);\n  if (attribute.name === 'class')\n    element.className = value;\n  if (active)",
    to: `  knownSiblings(end[PREV], attribute, end);\n  ${CLASS_MARKER}\n  if (active)`,
  },
]

/** Each edited file (under esm/ and cjs/), its edits and the marker that shows they are in. */
export const PATCHES = [
  { file: path.join('interface', 'event-target.js'), edits: EDITS, marker: MARKER },
  { file: path.join('interface', 'css-style-declaration.js'), edits: STYLE_EDITS, marker: STYLE_MARKER },
  { file: path.join('shared', 'parse-from-string.js'), edits: CLASS_EDITS, marker: CLASS_MARKER },
]

/** Applies the edits to one file; returns what happened, for the install log. */
export function patchFile(file, edits = EDITS, marker = MARKER) {
  const source = fs.readFileSync(file, 'utf8')
  if (source.includes(marker)) return 'already patched'
  if (!edits.every((edit) => source.split(edit.from).length === 2)) return 'left as is: not the text this patch expects'
  const patched = edits.reduce((text, edit) => text.replace(edit.from, edit.to), source)
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
    for (const patch of PATCHES) {
      for (const flavour of ['esm', 'cjs']) {
        const file = path.join(dir, flavour, patch.file)
        let outcome
        try {
          outcome = patchFile(file, patch.edits, patch.marker)
        } catch (err) {
          outcome = `left as is: ${err instanceof Error ? err.message : String(err)}`
        }
        console.log(`patch-linkedom: ${path.relative(process.cwd(), file)}: ${outcome}`)
      }
    }
  }
}
