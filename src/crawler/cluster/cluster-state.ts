/**
 * Clustering stage: the in-memory state of the time window — the LSH index, how often each name occurs
 * (name-frequency.ts) and, per cluster, its id, member count, publishers, first and latest article time and the
 * fingerprints it is compared by.
 *
 * Representative: a cluster is compared through its first article (what the story was about when its id was
 * assigned) and its 5 most recent articles (where the coverage has moved to), best match wins. A union signature
 * would grow with every article and drift towards matching everything; comparing every member would make a big
 * story cost O(members). Six comparisons of 128 integers keep a candidate O(1).
 *
 * Everything here is derived from the stored articles of the window: `rebuildClusterIndex` replays them (oldest
 * first, with their stored signatures) after a restart, so nothing of this needs to be persisted itself.
 */
import { byCodeUnits } from '../../util/order.ts'
import { fingerprintArticle, type ClusterArticle, type Fingerprint } from './fingerprint.ts'
import { LSH_PARAMS, LshIndex, nameKeys, type IndexKeys, type LshParams } from './lsh-index.ts'
import { fnv1a, signatureFromBytes } from './minhash.ts'
import { DocumentFrequency } from './document-frequency.ts'
import { NameFrequency } from './name-frequency.ts'
import { StoryProfile } from './story-profile.ts'
import { TimeSlots } from './time-slots.ts'

export const COMPARED_RECENT_MEMBERS = 5

export interface ClusterMember {
  articleId: string
  fingerprint: Fingerprint
}

export interface ClusterRecord {
  /** The story id: assigned by the caller with the first article, never changed. */
  id: string
  memberCount: number
  publishers: Set<string>
  firstTime: number
  latestTime: number
  /** The first article. */
  first: ClusterMember
  /** The most recent articles after the first, oldest first, at most COMPARED_RECENT_MEMBERS. */
  recent: ClusterMember[]
  /** The story as a whole: its centroid, names, figures and times (story-profile.ts). */
  profile: StoryProfile
  /**
   * The index files the record itself (lsh-index.ts), so a lookup reads no table of clusters by id. A record merged
   * into another points at the survivor (whose record the merge may have made anew); one that left the window is
   * marked, and lookups skip it.
   */
  mergedInto: ClusterRecord | null
  evicted: boolean
}

export interface CandidateClusters {
  clusters: ClusterRecord[]
  /** Index bucket entries read for this lookup. */
  entriesRead: number
}

/** Most names (title first, then lead) an article is filed under. */
export const MAX_INDEXED_NAMES = 12
/** Most title names an article looks up. */
export const MAX_QUERIED_NAMES = 6
/**
 * Most figures (amounts, percentages, counts of the whole text, first first) an article is filed under and looks up:
 * figures find coverage in another language whose title names nothing the same way.
 */
export const MAX_INDEXED_FIGURES = 6

/**
 * Most candidate stories within the window an article is compared with (assign-cluster.ts): those sharing the most
 * index keys with it. Without a cap the number compared grows with the window while name buckets fill (8.5 at 10k
 * articles, 17.6 at 100k in `npm run bench:clustering`'s synthetic window), and each costs a full feature vector.
 * Its own story shares many keys (bands, names, figures, title terms); a story beyond the first eight shares one name
 * by chance. In the real-news set, replayed in time order, one true story in 531 ranked ninth or lower. With the cap,
 * `fit:clustering`'s held-out folds and `eval:real -- --held-out` stayed within a few thousandths (docs/bench-log.md).
 */
export const MAX_COMPARED_STORIES = 8
export const MAX_QUERIED_FIGURES = 4

/**
 * An article is filed under its bands, each of its names (title and lead) and its first figures, and looks up its
 * bands, its title's names and its first figures. So a new article finds a cluster whose band it shares (similar
 * wording), that names what its title names (the same event told in other words, or in another language) or that
 * states the same figures.
 */
export function indexKeys(fp: Fingerprint): IndexKeys {
  const names = nameKeys([...new Set([...fp.titleNames, ...fp.names])], MAX_INDEXED_NAMES)
  const terms = nameKeys(fp.titleTerms.map(titleTermKey), MAX_INDEXED_TITLE_TERMS)
  return { signature: fp.signature, names: [...names, ...nameKeys(fp.figures.map(figureKey), MAX_INDEXED_FIGURES), ...terms] }
}

/**
 * `isCommon`: names too frequent to look up (name-frequency.ts); `termCount`: in how many articles of the window a
 * title term occurs, so that the rarest title terms are looked up (a paraphrase in a Title Case headline shares its
 * telling words, "hate crimes bill", but no name and too few shingles for a band).
 */
export function queryKeys(fp: Fingerprint, isCommon: (name: string) => boolean = () => false, termCount: (term: string) => number = () => 0): IndexKeys {
  const names = nameKeys(fp.titleNames.filter((n) => !isCommon(n)), MAX_QUERIED_NAMES)
  const figures = nameKeys(fp.figures.filter((f) => !isCommon(f)).map(figureKey), MAX_QUERIED_FIGURES)
  const rare = fp.titleTerms.map((t) => ({ t, n: termCount(t) })).filter((x) => !isCommon(x.t) && x.n <= MAX_TITLE_TERM_COUNT)
    .sort((a, b) => a.n - b.n || byCodeUnits(a.t, b.t)).map((x) => titleTermKey(x.t))
  return { signature: fp.signature, names: [...names, ...figures, ...nameKeys(rare, MAX_QUERIED_TITLE_TERMS)] }
}

/**
 * Title terms an article is filed under (its headline's first ten) and looks up (the rarest in the window). Eight
 * are looked up: with six, 18 of the 531 real-news articles whose event already had a story never saw it as a
 * candidate (`npm run fit:clustering`, "the index found the true story for …"), with eight 11, at no cost
 * `bench:clustering` could tell apart from its noise.
 */
export const MAX_INDEXED_TITLE_TERMS = 10
export const MAX_QUERIED_TITLE_TERMS = 8
/** A title term in more window articles than this is not looked up: it finds the latest of many stories. */
const MAX_TITLE_TERM_COUNT = 200

function titleTermKey(term: string): string {
  return `t:${term}`
}

/** A figure's index key, apart from names (a figure "300" is not the name "300"). */
function figureKey(figure: string): string {
  return `#${figure}`
}

export class ClusterIndex {
  readonly lsh: LshIndex<ClusterRecord>
  readonly names = new NameFrequency()
  /** Document frequencies of the window's terms: how telling each shared term is. */
  readonly terms = new DocumentFrequency()
  readonly #clusters = new Map<string, ClusterRecord>()
  readonly #expiry = new TimeSlots<string>()
  /**
   * Merged cluster id → the surviving one, for ids the crawler hands in (an article of a merged story, read late, joins
   * the survivor); index entries follow their record's `mergedInto` instead. The aliases of a survivor leave with it
   * at eviction (#aliasesOf), so this never outgrows the window.
   */
  readonly #alias = new Map<string, string>()
  readonly #aliasesOf = new Map<string, string[]>()

  constructor(params: LshParams = LSH_PARAMS) {
    this.lsh = new LshIndex(params)
  }

  /** Records that `articleId` belongs to `clusterId` (a new cluster when the id is new) and indexes it. */
  add(fp: Fingerprint, articleId: string, storyId: string): ClusterRecord {
    // An article of a merged story (another worker's, read late) joins the survivor.
    const clusterId = this.#alias.get(storyId) ?? storyId
    const member = { articleId, fingerprint: fp }
    let cluster = this.#clusters.get(clusterId)
    if (!cluster) {
      cluster = {
        id: clusterId, memberCount: 0, publishers: new Set(), firstTime: fp.time, latestTime: fp.time, first: member, recent: [],
        profile: new StoryProfile(), mergedInto: null, evicted: false,
      }
      this.#clusters.set(clusterId, cluster)
    } else {
      cluster.recent.push(member)
      if (cluster.recent.length > COMPARED_RECENT_MEMBERS) cluster.recent.shift()
    }
    cluster.memberCount++
    cluster.profile.add(fp)
    cluster.publishers.add(fp.publisherId)
    cluster.firstTime = Math.min(cluster.firstTime, fp.time)
    if (fp.time >= cluster.latestTime || cluster.memberCount === 1) {
      cluster.latestTime = fp.time
      this.#expiry.add(fp.time, clusterId)
    }
    if (fp.indexable) this.lsh.insert({ cluster, clusterId, time: fp.time }, indexKeys(fp))
    // Entity words and figures are counted too: a figure or name in very many stories is evidence of none.
    this.names.add(fp.time, [...new Set([...fp.names, ...fp.entityWords, ...fp.figures])])
    this.terms.add(fp.time, fp.terms.keys)
    return cluster
  }

  get(clusterId: string): ClusterRecord | undefined {
    return this.#clusters.get(this.#alias.get(clusterId) ?? clusterId)
  }

  /**
   * Folds cluster `fromId` into `intoId` (an article bridged them, or another worker merged them): the survivor
   * takes its members' counts, publishers and times, keeps the earlier first article and the most recent others
   * as its compared members, and `fromId` resolves to `intoId` from now on. Either may be unknown here (outside
   * the window, or never seen): then only the alias is recorded, or the one known record is renamed.
   */
  merge(fromId: string, intoId: string): void {
    if (fromId === intoId) return
    const from = this.#clusters.get(fromId)
    let into = this.#clusters.get(intoId)
    if (from) {
      this.#clusters.delete(fromId)
      if (!into) {
        into = { ...from, id: intoId }
        this.#clusters.set(intoId, into)
        this.#expiry.add(into.latestTime, intoId)
      } else {
        const firsts = [into.first, from.first].sort((a, b) => a.fingerprint.time - b.fingerprint.time)
        into.first = firsts[0]!
        into.recent = [firsts[1]!, ...into.recent, ...from.recent]
          .sort((a, b) => a.fingerprint.time - b.fingerprint.time)
          .slice(-COMPARED_RECENT_MEMBERS)
        into.memberCount += from.memberCount
        into.profile.absorb(from.profile)
        for (const p of from.publishers) into.publishers.add(p)
        into.firstTime = Math.min(into.firstTime, from.firstTime)
        if (from.latestTime > into.latestTime) {
          into.latestTime = from.latestTime
          this.#expiry.add(into.latestTime, intoId)
        }
      }
      // The index's entries of the merged story lead to the survivor (candidates()).
      from.mergedInto = into
    }
    // Aliases of the merged cluster now point at the survivor too (chains stay one step long).
    const moved = [fromId, ...(this.#aliasesOf.get(fromId) ?? [])]
    this.#aliasesOf.delete(fromId)
    for (const id of moved) this.#alias.set(id, intoId)
    this.#alias.delete(intoId)
    const list = this.#aliasesOf.get(intoId)
    if (list) list.push(...moved)
    else this.#aliasesOf.set(intoId, moved)
  }

  /** The clusters sharing an index key with `fp`, most shared keys first (then the most recent, then by id). */
  candidates(fp: Fingerprint): CandidateClusters {
    if (!fp.indexable) return { clusters: [], entriesRead: 0 }
    const { sharedKeys, entriesRead } = this.lsh.query(queryKeys(fp, this.names.isCommon, (t) => this.terms.count(fnv1a(t))))
    // Keys filed under a merged story count for the survivor.
    const shared = new Map<ClusterRecord, number>()
    for (const [filed, n] of sharedKeys) {
      let c = filed
      while (c.mergedInto !== null) c = c.mergedInto
      if (!c.evicted) shared.set(c, (shared.get(c) ?? 0) + n)
    }
    // A total order that depends on the stories alone, never on the order their articles arrived in: the comparisons
    // are capped (MAX_COMPARED_STORIES), so two workers that indexed the same articles in another order must still
    // compare the same stories. Most shared keys, then the most recent story, then the id.
    const ranked = Array.from(shared, ([cluster, keys]) => ({ cluster, keys }))
      .sort((a, b) => b.keys - a.keys || b.cluster.latestTime - a.cluster.latestTime || byCodeUnits(a.cluster.id, b.cluster.id))
    return { clusters: ranked.map((r) => r.cluster), entriesRead }
  }

  /** Forgets index entries and clusters whose latest article is older than `cutoff` (by whole hours). */
  evictBefore(cutoff: number): { entries: number, clusters: number } {
    const entries = this.lsh.evictBefore(cutoff)
    this.names.evictBefore(cutoff)
    this.terms.evictBefore(cutoff)
    let clusters = 0
    for (const id of this.#expiry.releaseBefore(cutoff)) {
      const c = this.#clusters.get(id)
      if (c && c.latestTime < cutoff) {
        this.#clusters.delete(id)
        c.evicted = true
        for (const alias of this.#aliasesOf.get(id) ?? []) this.#alias.delete(alias)
        this.#aliasesOf.delete(id)
        clusters++
      }
    }
    return { entries, clusters }
  }

  get clusterCount(): number {
    return this.#clusters.size
  }
}

/** One stored article of the window, as the pipeline reads it back. */
export interface StoredClusterMember {
  articleId: string
  clusterId: string
  article: ClusterArticle
  /** `signatureToBytes` output; recomputed from the text when missing or from another version. */
  signature?: Uint8Array | null
  /** Epoch ms: the article's time when it has no publication date (its fetch time). */
  fetchedAt: number
}

/** Replays the window's articles, oldest first, into a fresh index: the state the incremental run would have. */
export function rebuildClusterIndex(members: Iterable<StoredClusterMember>, params: LshParams = LSH_PARAMS): ClusterIndex {
  const index = new ClusterIndex(params)
  for (const m of members) {
    const stored = m.signature ? signatureFromBytes(m.signature) : null
    index.add(fingerprintArticle(m.article, m.fetchedAt, stored), m.articleId, m.clusterId)
  }
  return index
}

