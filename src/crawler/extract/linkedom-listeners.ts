/**
 * Whether the installed linkedom creates a node's listener table only when a listener is added. The install step
 * scripts/patch-linkedom.mjs makes it so (it says why: about a third of extraction's CPU on real pages); an install
 * run with --ignore-scripts, or a linkedom other than the pinned one, leaves linkedom as shipped, which is correct and
 * only slower. The ingest benchmark prints this, so a slow run says why, and a test keeps the install step honest.
 */
import { EventTarget } from 'linkedom'

const PATCH_MARKER = 'newsdesk: listener tables are created on first use'

export function linkedomListenerTablesLazy(): boolean {
  return Function.prototype.toString.call(EventTarget).includes(PATCH_MARKER)
}
