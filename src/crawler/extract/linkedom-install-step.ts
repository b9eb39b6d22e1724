/**
 * Whether the installed linkedom has our patch (patches/linkedom+0.18.14.patch, applied by patch-package as npm's
 * `postinstall`; patches/README.md says what each edit is and why). An install run with --ignore-scripts gets
 * linkedom as shipped, which is correct and only slower; any other mismatch fails the install. The ingest benchmark
 * prints this, so a slow run says why, and test/linkedom-patch.test.ts fails without the patch.
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { EventTarget, parseHTML } from 'linkedom'

const LISTENER_MARKER = 'newsdesk: listener tables are created on first use'
const STYLE_OWNER = 'newsdesk: style declaration owner'
/** Edits that change no behaviour, only cost: told by their marker in the module linkedom's ESM entry loads. */
const MARKED_EDITS = {
  tagListSelectors: ['shared/matches.js', 'newsdesk: a list of tag names is matched without compiling a selector'],
  upperCaseNames: ['shared/utils.js', 'newsdesk: tag names are upper-cased once'],
  lowerCaseByTag: ['mixin/parent-node.js', 'newsdesk: a lower-case name is not compared with upper-cased local names'],
} as const

export interface LinkedomInstallStep {
  /** A node's listener table is made by its first addEventListener, not by its constructor. */
  listenerTables: boolean
  /** A style declaration keeps its element in a property of its own, not in a WeakMap. */
  styleOwners: boolean
  /** The parser leaves an element's class list to be made when first read. */
  classLists: boolean
  /** className is the class attribute as written, not the class list joined anew on every read. */
  classNames: boolean
  /** A selector that is only tag names is matched by name, not compiled by css-select on every call. */
  tagListSelectors: boolean
  /** Upper-cased tag names (tagName, nodeName) are remembered, not made anew on every read. */
  upperCaseNames: boolean
  /** getElementsByTagName with a lower-case name does not upper-case every other element's name. */
  lowerCaseByTag: boolean
}

let checked: LinkedomInstallStep | null = null

function hasMarker(file: string, marker: string): boolean {
  try {
    // The "main" entry is cjs/index.js: the package root is one level up; the ESM build is what `import` loads.
    const root = path.dirname(path.dirname(createRequire(import.meta.url).resolve('linkedom')))
    return fs.readFileSync(path.join(root, 'esm', file), 'utf8').includes(marker)
  } catch {
    return false
  }
}

export function linkedomInstallStep(): LinkedomInstallStep {
  if (checked === null) {
    const { document } = parseHTML('<html><body><p class="a  b">x</p></body></html>')
    const p = document.querySelector('p') as HTMLElement
    // Read before anything builds the class list: the shipped parser rewrote the attribute through it, with one space,
    // and the shipped className joins the list's tokens with one space.
    const classText = p.getAttributeNode('class')?.value
    const className = p.className
    // The declaration is a Proxy without an ownKeys trap: its own symbols are its target's.
    checked = {
      listenerTables: Function.prototype.toString.call(EventTarget).includes(LISTENER_MARKER),
      styleOwners: Object.getOwnPropertySymbols(p.style).some((s) => s.description === STYLE_OWNER),
      classLists: classText === 'a  b',
      classNames: className === 'a  b',
      tagListSelectors: hasMarker(...MARKED_EDITS.tagListSelectors),
      upperCaseNames: hasMarker(...MARKED_EDITS.upperCaseNames),
      lowerCaseByTag: hasMarker(...MARKED_EDITS.lowerCaseByTag),
    }
  }
  return checked
}

/** One line for benchmark headers. */
export function describeLinkedomInstallStep(): string {
  const step = linkedomInstallStep()
  const entries = Object.entries(step)
  if (entries.every(([, applied]) => applied)) return 'linkedom patch applied'
  if (!entries.some(([, applied]) => applied)) return 'linkedom as shipped (patches/linkedom+0.18.14.patch not applied: installed with --ignore-scripts?)'
  return `linkedom patch partly applied (missing: ${entries.filter(([, applied]) => !applied).map(([edit]) => edit).join(', ')})`
}
