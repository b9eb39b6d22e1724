/**
 * Clustering stage: items filed by time in fixed slots (one hour by default), so that everything older than a cutoff
 * is found in O(evicted + live slots) rather than by a scan. An item is released once its whole slot is older than
 * the cutoff, so it may outlive the cutoff by up to one slot: callers that need an exact bound check times anyway.
 * Items may arrive out of time order. Callers file an item again when its time moves on and ignore stale releases.
 */
export class TimeSlots<T> {
  readonly #slots = new Map<number, T[]>()

  constructor(readonly slotMs = 3_600_000) {}

  add(time: number, item: T): void {
    const slot = Math.floor(time / this.slotMs)
    const list = this.#slots.get(slot)
    if (list) list.push(item)
    else this.#slots.set(slot, [item])
  }

  /** Removes and returns every item filed in a slot that ends at or before `cutoff`. */
  releaseBefore(cutoff: number): T[] {
    const out: T[] = []
    for (const [slot, items] of this.#slots) {
      if ((slot + 1) * this.slotMs > cutoff) continue
      this.#slots.delete(slot)
      for (const item of items) out.push(item)
    }
    return out
  }

  get slotCount(): number {
    return this.#slots.size
  }
}
