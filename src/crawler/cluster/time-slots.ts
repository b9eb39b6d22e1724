/**
 * Clustering stage: items filed by time in fixed slots (one hour by default), so that everything older than a cutoff
 * is found in O(evicted + live slots) rather than by a scan. An item is released once its whole slot is older than
 * the cutoff, so it may outlive the cutoff by up to one slot: callers that need an exact bound check times anyway.
 * Items may arrive out of time order. Callers file an item again when its time moves on and ignore stale releases.
 *
 * The window evicts before every article it clusters, and almost always nothing is due: the oldest slot is kept, so
 * that case returns at once instead of walking every slot (a Map iteration allocates an entry per slot: with four
 * slot tables of 60+ hours each, that was 15 kB of garbage per article clustered).
 */
const NOTHING: never[] = []

export class TimeSlots<T> {
  readonly #slots = new Map<number, T[]>()
  /** The smallest slot number filed, or Infinity when empty (never larger than the true smallest). */
  #oldest = Infinity

  constructor(readonly slotMs = 3_600_000) {}

  add(time: number, item: T): void {
    const slot = Math.floor(time / this.slotMs)
    const list = this.#slots.get(slot)
    if (list) list.push(item)
    else this.#slots.set(slot, [item])
    if (slot < this.#oldest) this.#oldest = slot
  }

  /** Removes and returns every item filed in a slot that ends at or before `cutoff` (callers never keep the list). */
  releaseBefore(cutoff: number): readonly T[] {
    if ((this.#oldest + 1) * this.slotMs > cutoff) return NOTHING
    const out: T[] = []
    let oldest = Infinity
    for (const [slot, items] of this.#slots) {
      if ((slot + 1) * this.slotMs > cutoff) {
        if (slot < oldest) oldest = slot
        continue
      }
      this.#slots.delete(slot)
      for (const item of items) out.push(item)
    }
    this.#oldest = oldest
    return out
  }

  get slotCount(): number {
    return this.#slots.size
  }
}
