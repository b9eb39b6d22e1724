/**
 * Clustering stage: a banded LSH index over MinHash signatures, plus name keys, mapping a key to the clusters whose
 * recent articles produced it.
 *
 * Bands: b = 16 bands of r = 2 rows, the first 32 of the K = 128 positions. Two articles of Jaccard similarity J share
 * at least one band with probability 1 − (1 − J²)^16; the S-curve's threshold (1/b)^(1/r) is 0.25:
 *
 *   J       0.05   0.10   0.20   0.30   0.40   0.50   0.60
 *   P(hit)  0.04   0.15   0.48   0.78   0.94   0.99   1.00
 *
 * Bands find rewrites and syndicated copies (J ≥ 0.3 on 1+2-gram shingles). Different publishers' headlines and
 * leads about one event share only 0.05–0.30, and those are found through what they name: an article is filed under
 * each of its names, figures and headline terms, and looks up its title's names, its figures and its headline's
 * rarest terms (cluster-state.ts). Bands were 64 until December 2026: the names, figures and terms found all but one
 * of the true stories the 48 extra bands did (`npm run fit:clustering`: the index found the true story for 520 of
 * 531 real-news articles joining one with 64 bands, 519 with 16; 109 of 109 in the project's corpus either way;
 * held-out folds 0.932 / 0.849 / 0.888 → 0.944 / 0.852 / 0.895), while each band is one more entry per article in a
 * window-sized table: the window holds 9.1 kB per article with 16 bands, 11.4 kB with 64 (`npm run bench:clustering
 * -- --bands 64`; docs/bench-log.md, 2026-12-01). Each article of a cluster adds its own bands, so a cluster of n
 * articles is found with probability 1 − Π(1 − P(J_i)).
 *
 * Cost per article is bounded whatever the corpus size: a lookup reads b + (at most 18) buckets, a band bucket holds at
 * most `bandCap` = 4 clusters and a name bucket `nameCap` = 12, the most recent by publication time whatever order
 * they were filed in (a cluster already in a bucket keeps its newest entry rather than being added twice): at most
 * 16 × 4 + 18 × 12 = 280 entries. A band bucket that is full is
 * skipped: 4 distinct stories sharing two exact min-hashes within the window is a pair of common words, not an
 * event. What remains grows with the corpus only through chance band collisions of unrelated articles (background
 * similarity J ≈ 0.01–0.05 gives 16·J² per pair), each rejected by a 128-integer comparison (similarity.mayMatch).
 *
 * Memory: one table per band (plus one for names) keyed by 30-bit hashes, each one typed array (int-table.ts); a
 * bucket holds article handles, small integers (a bucket of one is the handle itself), and the cluster, its id and
 * the time of a handle sit in arrays beside the tables: filing an article writes no pointer into the window's tables
 * (see Bucket), and a lookup returns the clusters themselves, not ids to find them by (cluster-state.ts). A 30-bit key
 * shared by chance with another key of the same band costs one wasted comparison (probability ≈ live keys / 2^30 per
 * lookup).
 * Entries expire with the window: `evictBefore(cutoff)` releases whole time slots of articles, O(evicted × keys).
 */
import { fmix32, fnv1a, NUM_HASHES } from './minhash.ts'
import { IntTable } from './int-table.ts'
import { TimeSlots } from './time-slots.ts'

export interface LshParams {
  bands: number
  rows: number
  /**
   * Most clusters kept per band bucket. A full band bucket is skipped by lookups: that many distinct stories sharing
   * two exact min-hashes within the window means a pair of common words, not an event.
   */
  bandCap: number
  /** Most clusters kept per name bucket (the most recent ones naming it). */
  nameCap: number
}

export const LSH_PARAMS: LshParams = { bands: 16, rows: 2, bandCap: 4, nameCap: 12 }

/** An article as filed: `cluster` is what lookups return for it (cluster-state.ts files its cluster's record). */
export interface IndexEntry<C = string> {
  cluster: C
  /** The cluster's id: a bucket keeps one entry per id, and of two stories of one time the smaller id stays. */
  clusterId: string
  /** Epoch ms: the article's time. */
  time: number
}

const KEY_MASK = 0x3fffffff

/** One key per band (the band's table is its position in the array). */
export function bandKeys(sig: Uint32Array, params: LshParams = LSH_PARAMS): number[] {
  const keys: number[] = []
  for (let b = 0; b < params.bands; b++) {
    let h = 0x51ed270b
    for (let r = 0; r < params.rows; r++) h = fmix32(Math.imul(h ^ sig[b * params.rows + r]!, 0x9e3779b1))
    keys.push(h & KEY_MASK)
  }
  return keys
}

/** One key per name (at most `limit`); names compare across languages. */
export function nameKeys(names: readonly string[], limit: number): number[] {
  return names.slice(0, limit).map((n) => fnv1a(n) & KEY_MASK)
}

/** What an article is filed under, or looks up: its signature's bands and some name keys. */
export interface IndexKeys {
  signature: Uint32Array
  names: ArrayLike<number>
}

export interface QueryResult<C = string> {
  /** The candidate clusters: how many of the article's keys each shares with it (cluster-state.ts ranks them). */
  sharedKeys: Map<C, number>
  /** Bucket entries read: the work done, at most bands × bandCap + names × nameCap. */
  entriesRead: number
}

/**
 * A bucket is an article's handle, or a list of handles: small integers, never objects. Every bucket of a large window
 * lives in the old generation; a pointer to a new object written into it is one more slot for each young-generation
 * collection to visit and update, at a random place in a heap of a gigabyte at 100,000 articles. An article is filed
 * under some 40 keys, so entries as objects made ~40 such slots per article; handles make none.
 */
type Bucket = number | number[]

const NO_LIST: number[] = []

export class LshIndex<C = string> {
  /**
   * Tables 0 … bands − 1 are the bands, the last one the names (int-table.ts says why not Maps). A table holds a
   * bucket of one as its handle (≥ 0) and a longer one as −1 − its place in #lists.
   */
  readonly #tables: IntTable[]
  readonly #lists: number[][] = []
  readonly #freeLists: number[] = []
  /** Per article: its handle and keys (band keys are recomputed from the signature at eviction, not stored). */
  readonly #postings: TimeSlots<{ handle: number, keys: IndexKeys }>
  /**
   * Per handle, the article's cluster, its id and the article's time; a handle is reused once its article left the
   * window. The cluster itself, not only its id: a lookup then reads no table of the window's clusters by id.
   */
  readonly #clusterOf: Array<C | null> = []
  /** The cluster ids: of two articles of one time in a bucket, the one of the smaller id is the older (#filedAfter). */
  readonly #idOf: string[] = []
  readonly #timeOf: number[] = []
  readonly #freeHandles: number[] = []
  #size = 0

  constructor(readonly params: LshParams = LSH_PARAMS, slotMs?: number) {
    if (params.bands * params.rows > NUM_HASHES) throw new RangeError(`lsh: ${params.bands} bands × ${params.rows} rows exceed ${NUM_HASHES} hashes`)
    this.#tables = Array.from({ length: params.bands + 1 }, () => new IntTable())
    this.#postings = new TimeSlots(slotMs)
  }

  /** Calls `fn` for every (table, key) of `keys`, with the table's bucket cap (band tables come first). */
  #each(keys: IndexKeys, fn: (table: IntTable, key: number, cap: number, band: boolean) => void): void {
    const bands = bandKeys(keys.signature, this.params)
    for (let b = 0; b < bands.length; b++) fn(this.#tables[b]!, bands[b]!, this.params.bandCap, true)
    const names = this.#tables[this.params.bands]!
    for (let i = 0; i < keys.names.length; i++) fn(names, keys.names[i]!, this.params.nameCap, false)
  }

  /** Files `entry` under every key. */
  insert(entry: IndexEntry<C>, keys: IndexKeys): void {
    const handle = this.#freeHandles.pop() ?? this.#clusterOf.length
    this.#clusterOf[handle] = entry.cluster
    this.#idOf[handle] = entry.clusterId
    this.#timeOf[handle] = entry.time
    this.#each(keys, (table, key, cap) => this.#file(table, key, handle, cap))
    this.#postings.add(entry.time, { handle, keys: { signature: keys.signature, names: Int32Array.from(keys.names) } })
  }

  #file(table: IntTable, key: number, handle: number, cap: number): void {
    const filed = table.get(key)
    if (filed === undefined) {
      table.set(key, handle)
      this.#size++
      return
    }
    const clusterOf = this.#clusterOf
    const timeOf = this.#timeOf
    const list = filed >= 0 ? [filed] : this.#lists[-1 - filed]!
    // One entry per story. Its record stands for its id: the records of the live handles are one per id (a story's
    // record leaves the window only after all its articles' handles; a merge that renames makes a new record), and
    // comparing records reads no id string of a scattered entry (in a full bucket of a 100k window, one cache miss
    // per entry: `bench:clustering`, bench-log 2026-12-01, an eighth session).
    const same = list.findIndex((h) => clusterOf[h] === clusterOf[handle])
    if (same >= 0) {
      if (timeOf[list[same]!]! > timeOf[handle]!) return // a late-arriving older article: the newer entry stays
      list.splice(same, 1)
      this.#size--
    }
    // Lists are kept oldest first, by publication time (ties: the smaller cluster id): the cap then drops the first
    // entry, and a bucket holds the `cap` most recent stories whatever order their articles were indexed in, as two
    // workers sharing a store index them in different orders. Articles mostly arrive in time order: usually appended.
    let at = list.length
    while (at > 0 && this.#filedAfter(list[at - 1]!, handle)) at--
    list.splice(at, 0, handle)
    this.#size++
    if (list.length > cap) {
      list.shift()
      this.#size--
    }
    this.#refile(table, key, filed, list)
  }

  /** Whether `a` sorts after `b` in a bucket: published later, or at the same time with a larger cluster id. */
  #filedAfter(a: number, b: number): boolean {
    const ta = this.#timeOf[a]!
    const tb = this.#timeOf[b]!
    return ta > tb || (ta === tb && this.#idOf[a]! > this.#idOf[b]!)
  }

  #bucket(table: IntTable, key: number): Bucket | undefined {
    const v = table.get(key)
    return v === undefined || v >= 0 ? v : this.#lists[-1 - v]
  }

  /**
   * Files the bucket `list` under `key`, where `filed` is what the table held (a handle, or −1 − a list's place):
   * a list changed in place stays where it is; a bucket of one is kept as its handle, its list's place freed.
   */
  #refile(table: IntTable, key: number, filed: number, list: number[]): void {
    if (list.length === 1) {
      if (filed < 0) {
        this.#lists[-1 - filed] = NO_LIST
        this.#freeLists.push(-1 - filed)
      }
      if (filed !== list[0]) table.set(key, list[0]!)
    } else if (filed >= 0) {
      const free = this.#freeLists.pop() ?? this.#lists.length
      this.#lists[free] = list
      table.set(key, -1 - free)
    }
  }

  query(keys: IndexKeys): QueryResult<C> {
    const hits = new Map<C, number>()
    const clusterOf = this.#clusterOf
    let entriesRead = 0
    const read = (handle: number) => {
      entriesRead++
      const cluster = clusterOf[handle]!
      hits.set(cluster, (hits.get(cluster) ?? 0) + 1)
    }
    this.#each(keys, (table, key, cap, band) => {
      const bucket = this.#bucket(table, key)
      if (bucket === undefined) return
      if (typeof bucket === 'number') return read(bucket)
      if (band && bucket.length >= cap) return // saturated: common words, not an event
      for (let i = 0; i < bucket.length; i++) read(bucket[i]!)
    })
    return { sharedKeys: hits, entriesRead }
  }

  /** Drops the entries of articles whose time slot ended before `cutoff`; returns how many bucket entries went. */
  evictBefore(cutoff: number): number {
    let removed = 0
    for (const { handle, keys } of this.#postings.releaseBefore(cutoff)) {
      this.#each(keys, (table, key) => {
        const filed = table.get(key)
        if (filed === handle) {
          table.delete(key)
          removed++
        } else if (filed !== undefined && filed < 0) {
          const list = this.#lists[-1 - filed]!
          const at = list.indexOf(handle) // absent when replaced by a newer entry of its cluster or pushed out by the cap
          if (at < 0) return
          list.splice(at, 1)
          removed++
          this.#refile(table, key, filed, list)
        }
      })
      this.#clusterOf[handle] = null
      this.#idOf[handle] = ''
      this.#freeHandles.push(handle)
    }
    this.#size -= removed
    return removed
  }

  /** Bucket entries currently filed (an article counts once per key it is still filed under). */
  get size(): number {
    return this.#size
  }
}
