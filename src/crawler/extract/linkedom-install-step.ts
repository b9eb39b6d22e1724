/**
 * Whether the installed linkedom has the install step's edits (scripts/patch-linkedom.mjs says what they are and why:
 * per-node WeakMap entries cost about a third of extraction's CPU on real pages). An install run with
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
}

let checked: LinkedomInstallStep | null = null

export function linkedomInstallStep(): LinkedomInstallStep {
  if (checked === null) {
    const { document } = parseHTML('<html><body><p>x</p></body></html>')
    // The declaration is a Proxy without an ownKeys trap: its own symbols are its target's.
    const style = (document.querySelector('p') as HTMLElement).style
    checked = {
      listenerTables: Function.prototype.toString.call(EventTarget).includes(LISTENER_MARKER),
      styleOwners: Object.getOwnPropertySymbols(style).some((s) => s.description === STYLE_OWNER),
    }
  }
  return checked
}

/** One line for benchmark headers. */
export function describeLinkedomInstallStep(): string {
  const step = linkedomInstallStep()
  if (step.listenerTables && step.styleOwners) return 'linkedom install step applied'
  if (!step.listenerTables && !step.styleOwners) return 'linkedom as shipped (the install step did not run)'
  return `linkedom install step partly applied (listener tables ${step.listenerTables ? 'lazy' : 'eager'}, style owners ${step.styleOwners ? 'as properties' : 'in a WeakMap'})`
}
