/**
 * A map that forgets its least recently used entries once their total weight or their number passes a cap, so a
 * long-running process can remember derived values without its memory growing with what it has seen. A Map keeps
 * insertion order; a read moves the entry to the end, so the first key is always the least recently used.
 */
export class BoundedLru<K, V> {
  readonly #entries = new Map<K, { value: V; weight: number }>()
  #weight = 0

  constructor(readonly maxWeight: number, readonly maxEntries: number) {
    if (!(maxWeight > 0) || !(maxEntries > 0)) throw new RangeError('BoundedLru: caps must be positive')
  }

  get size(): number {
    return this.#entries.size
  }

  /** The sum of the remembered entries' weights. */
  get weight(): number {
    return this.#weight
  }

  get(key: K): V | undefined {
    const entry = this.#entries.get(key)
    if (entry === undefined) return undefined
    this.#entries.delete(key)
    this.#entries.set(key, entry)
    return entry.value
  }

  /** Remembers `value` as the most recently used entry; an entry heavier than the whole cap is not kept. */
  set(key: K, value: V, weight: number): void {
    const old = this.#entries.get(key)
    if (old !== undefined) {
      this.#entries.delete(key)
      this.#weight -= old.weight
    }
    if (weight > this.maxWeight) return
    this.#entries.set(key, { value, weight })
    this.#weight += weight
    for (const [k, e] of this.#entries) {
      if (this.#weight <= this.maxWeight && this.#entries.size <= this.maxEntries) break
      this.#entries.delete(k)
      this.#weight -= e.weight
    }
  }

  clear(): void {
    this.#entries.clear()
    this.#weight = 0
  }
}
