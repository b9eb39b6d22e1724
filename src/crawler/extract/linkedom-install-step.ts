/**
 * Whether the installed linkedom has the install step's edits (scripts/patch-linkedom.mjs says what they are and why:
 * per-node WeakMap entries cost about a third of extraction's CPU on real pages, eager class lists about 5 %). An install run with
 * --ignore-scripts, or a linkedom other than the pinned one, leaves linkedom as shipped, which is correct and only
 * slower. The ingest benchmark prints this, so a slow run says why, and a test keeps the install step honest.
 */
import { EventTarget, parseHTML } from 'linkedom'

const LISTENER_MARKER = 'newsdesk: listener tables are created on first use'
const STYLE_OWNER = 'newsdesk: style declaration owner'

export interface LinkedomInstallStep {
  /** A node's listener table is made by its first addEventListener, not by its constructor. */
  listenerTables: boolean
  /** A style declaration keeps its element in a property of its own, not in a WeakMap. */
  styleOwners: boolean
  /** The parser leaves an element's class list to be made when first read. */
  classLists: boolean
}

let checked: LinkedomInstallStep | null = null

export function linkedomInstallStep(): LinkedomInstallStep {
  if (checked === null) {
    const { document } = parseHTML('<html><body><p class="a  b">x</p></body></html>')
    const p = document.querySelector('p') as HTMLElement
    // Read before anything builds the class list: the shipped parser rewrote the attribute through it, with one space.
    const classText = p.getAttributeNode('class')?.value
    // The declaration is a Proxy without an ownKeys trap: its own symbols are its target's.
    checked = {
      listenerTables: Function.prototype.toString.call(EventTarget).includes(LISTENER_MARKER),
      styleOwners: Object.getOwnPropertySymbols(p.style).some((s) => s.description === STYLE_OWNER),
      classLists: classText === 'a  b',
    }
  }
  return checked
}

/** One line for benchmark headers. */
export function describeLinkedomInstallStep(): string {
  const step = linkedomInstallStep()
  const edits = Object.values(step)
  if (edits.every(Boolean)) return 'linkedom install step applied'
  if (!edits.some(Boolean)) return 'linkedom as shipped (the install step did not run)'
  return `linkedom install step partly applied (listener tables ${step.listenerTables ? 'lazy' : 'eager'}, style owners ${step.styleOwners ? 'as properties' : 'in a WeakMap'}, ` +
    `class lists ${step.classLists ? 'lazy' : 'eager'})`
}
