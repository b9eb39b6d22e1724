/**
 * Clustering stage: a hash table from non-negative 31-bit integers to 32-bit integers, in one typed array (open
 * addressing, linear probing, keys and values side by side), for the LSH index's tables (lsh-index.ts).
 *
 * Why not a Map: a window of 100,000 articles files millions of keys, and each article clustered reads and writes
 * about a hundred of them at random places. A V8 Map finds a key through a bucket array and then its entry in another
 * (two places in memory, each likely a cache miss in a table that large); here the key and its value share a cache
 * line, found at the first probe or a few words further. Nothing in it is a pointer, so the garbage collector never
 * visits its contents.
 *
 * Deletion shifts the following entries of a probe run back (no tombstones), so a table of steady size never fills up
 * with dead slots however long the window slides. It grows at half full and shrinks at an eighth.
 */
const EMPTY = -1
const MIN_SLOTS = 16

export class IntTable {
  /** Slot i: key at 2i (EMPTY when free), value at 2i + 1. */
  #cells = new Int32Array(2 * MIN_SLOTS).fill(EMPTY)
  #mask = MIN_SLOTS - 1
  #size = 0

  get size(): number {
    return this.#size
  }

  /** The value filed under `key`, or undefined. */
  get(key: number): number | undefined {
    const cells = this.#cells
    for (let i = home(key, this.#mask); ; i = (i + 1) & this.#mask) {
      const k = cells[2 * i]!
      if (k === key) return cells[2 * i + 1]!
      if (k === EMPTY) return undefined
    }
  }

  set(key: number, value: number): void {
    if (key < 0 || key > 0x7fffffff || !Number.isInteger(key)) throw new RangeError(`int-table: key ${key} is not a 31-bit integer`)
    const cells = this.#cells
    for (let i = home(key, this.#mask); ; i = (i + 1) & this.#mask) {
      const k = cells[2 * i]!
      if (k === key) {
        cells[2 * i + 1] = value
        return
      }
      if (k === EMPTY) {
        cells[2 * i] = key
        cells[2 * i + 1] = value
        if (++this.#size * 2 > this.#mask + 1) this.#resize((this.#mask + 1) * 2)
        return
      }
    }
  }

  delete(key: number): boolean {
    const cells = this.#cells
    const mask = this.#mask
    let i = home(key, mask)
    for (; ; i = (i + 1) & mask) {
      const k = cells[2 * i]!
      if (k === key) break
      if (k === EMPTY) return false
    }
    // Backward shift: an entry further along the run moves into the hole unless its home lies cyclically in (hole, j],
    // where the hole does not stand between it and its home.
    for (let j = (i + 1) & mask; cells[2 * j] !== EMPTY; j = (j + 1) & mask) {
      const h = home(cells[2 * j]!, mask)
      const stays = i <= j ? i < h && h <= j : i < h || h <= j
      if (stays) continue
      cells[2 * i] = cells[2 * j]!
      cells[2 * i + 1] = cells[2 * j + 1]!
      i = j
    }
    cells[2 * i] = EMPTY
    this.#size--
    if (this.#size * 8 < mask + 1 && mask + 1 > MIN_SLOTS) this.#resize((mask + 1) / 2)
    return true
  }

  #resize(slots: number): void {
    const old = this.#cells
    this.#cells = new Int32Array(2 * slots).fill(EMPTY)
    this.#mask = slots - 1
    const cells = this.#cells
    for (let s = 0; s < old.length; s += 2) {
      const key = old[s]!
      if (key === EMPTY) continue
      let i = home(key, this.#mask)
      while (cells[2 * i] !== EMPTY) i = (i + 1) & this.#mask
      cells[2 * i] = key
      cells[2 * i + 1] = old[s + 1]!
    }
  }
}

/** A key's first slot: the keys are hashes already, but a multiply spreads keys that differ only in high bits. */
function home(key: number, mask: number): number {
  return (Math.imul(key, 0x9e3779b1) >>> 16 ^ key) & mask
}
