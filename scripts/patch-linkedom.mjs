#!/usr/bin/env node
// Install step (package.json "postinstall"): takes linkedom's per-node WeakMap entries and class lists out of the parse,
// and repeated work out of what Readability calls on every node.
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
// Then four edits of work Readability makes linkedom repeat for every node it visits (decision "Ingest on real pages,
// fifth pass"; together about 12 % of extraction's CPU on the real pages):
//   - className reads the class attribute instead of joining the class list into a new string on every read;
//   - a selector that is only tag names ('p,div,section') is matched by name instead of compiled by css-select on
//     every call;
//   - tagName upper-cases each distinct name once instead of on every read;
//   - getElementsByTagName('p') no longer upper-cases the name of every other element to compare it with 'p'.
// DOM behaviour is unchanged, but for a detail that moves towards browsers: a parsed class attribute keeps its text
// as written (getAttributeNode('class').value, className, getAttribute('class'), serialization), where linkedom
// rewrote it with single spaces and each token once; the class list still holds each token once.
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

export const CLASS_NAME_MARKER = '/* newsdesk: className is the class attribute as written (scripts/patch-linkedom.mjs) */'

export const CLASS_NAME_EDITS = [
  {
    // className joined the class list's tokens into a new string on every read (Readability reads it for every node it
    // walks, and getAttribute('class') goes through it), building the list first. The DOM's className reflects the
    // attribute as written, as browsers and jsdom return it; the list, when something changes it, writes the attribute.
    from: '  get className() { return this.classList.value; }',
    to: `  get className() {\n    ${CLASS_NAME_MARKER}\n    const attribute = this.getAttributeNode('class');\n    return attribute ? attribute.value : '';\n  }`,
  },
]

export const SELECTOR_MARKER = '/* newsdesk: a list of tag names is matched without compiling a selector (scripts/patch-linkedom.mjs) */'

export const SELECTOR_EDITS = [
  {
    // querySelectorAll('p,div,section') (Readability's _getAllNodesWithTag, many times a page) compiled the selector
    // with css-select on every call. A list of plain tag names matches elements by name, case-insensitively in an HTML
    // document, which is what the compiled selector does there.
    from: 'prepareMatch = (element, selectors) => CSSselect.compile(',
    to: 'prepareMatch = (element, selectors) => tagListMatcher(element, selectors) || CSSselect.compile(',
  },
  {
    from: 'const isTag = ({nodeType}) => nodeType === ELEMENT_NODE;\n',
    to: `const isTag = ({nodeType}) => nodeType === ELEMENT_NODE;\n\n${SELECTOR_MARKER}\nfunction tagListMatcher(element, selectors) {\n  if (!ignoreCase(element) || !/^\\s*[a-zA-Z][a-zA-Z0-9-]*(?:\\s*,\\s*[a-zA-Z][a-zA-Z0-9-]*)*\\s*$/.test(selectors))\n    return null;\n  const names = new Set(selectors.split(',').map(name => name.trim().toLowerCase()));\n  return node => names.has(node.localName.toLowerCase());\n}\n`,
  },
]

export const TAG_NAME_MARKER = '/* newsdesk: tag names are upper-cased once, not on every read (scripts/patch-linkedom.mjs) */'

export const TAG_NAME_EDITS = [
  {
    // tagName and nodeName upper-case the local name on every read (a new string each time; Readability compares
    // tagName for every node it visits): the few distinct names are upper-cased once and remembered (at most 1,024,
    // so a page of invented element names cannot grow the table without bound).
    from: 'localCase = ({localName, ownerDocument}) => {\n  return ownerDocument[MIME].ignoreCase ? localName.toUpperCase() : localName;\n};\n',
    to: `localCase = ({localName, ownerDocument}) => {\n  return ownerDocument[MIME].ignoreCase ? upperCaseName(localName) : localName;\n};\n${TAG_NAME_MARKER}\nconst upperCaseNames = new Map;\nfunction upperCaseName(name) {\n  let upper = upperCaseNames.get(name);\n  if (upper === void 0) {\n    upper = name.toUpperCase();\n    if (upperCaseNames.size < 1024)\n      upperCaseNames.set(name, upper);\n  }\n  return upper;\n}\n`,
  },
]

export const BY_TAG_MARKER = '/* newsdesk: a lower-case name is not compared with upper-cased local names (scripts/patch-linkedom.mjs) */'

export const BY_TAG_EDITS = [
  {
    // getElementsByTagName('p') upper-cased the local name of every element that was not a <p> to compare it with
    // 'p' as well: an upper-cased name never has a lower-case ASCII letter, so for such a name that test is skipped.
    from: '    const elements = new NodeList;\n    let {[NEXT]: next, [END]: end} = this;\n    while (next !== end) {\n      if (next.nodeType === ELEMENT_NODE && (\n        next.localName === tagName ||\n        localCase(next) === tagName\n      ))',
    to: `    const elements = new NodeList;\n    ${BY_TAG_MARKER}\n    const upperCased = !/[a-z]/.test(tagName);\n    let {[NEXT]: next, [END]: end} = this;\n    while (next !== end) {\n      if (next.nodeType === ELEMENT_NODE && (\n        next.localName === tagName ||\n        (upperCased && localCase(next) === tagName)\n      ))`,
  },
]

/** Each edited file (under esm/ and cjs/), its edits and the marker that shows they are in. */
export const PATCHES = [
  { file: path.join('interface', 'event-target.js'), edits: EDITS, marker: MARKER },
  { file: path.join('interface', 'css-style-declaration.js'), edits: STYLE_EDITS, marker: STYLE_MARKER },
  { file: path.join('shared', 'parse-from-string.js'), edits: CLASS_EDITS, marker: CLASS_MARKER },
  { file: path.join('interface', 'element.js'), edits: CLASS_NAME_EDITS, marker: CLASS_NAME_MARKER },
  { file: path.join('shared', 'matches.js'), edits: SELECTOR_EDITS, marker: SELECTOR_MARKER },
  { file: path.join('shared', 'utils.js'), edits: TAG_NAME_EDITS, marker: TAG_NAME_MARKER },
  { file: path.join('mixin', 'parent-node.js'), edits: BY_TAG_EDITS, marker: BY_TAG_MARKER },
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
