/**
 * Clustering stage: what clustering needs to know about one article, computed once: its MinHash signature (title +
 * lead), its title terms and names, the whole text's entities (entities.ts) and figures (figures.ts), the hashes of
 * every word it uses, language, publisher and time. Cheap to recompute from the stored title and text when the index
 * is rebuilt; the signature itself can come from storage.
 *
 * Names: the strong tokens of tokens.ts, plus words capitalized in both the title and the lead wherever they stand
 * ("Nvidia earnings beat …" / "Nvidia reported …": sentence-initial capitals alone prove nothing, but two texts rarely
 * both capitalize a common word), minus what cannot identify an event (isSpecificName; company and sector words:
 * entities.ts). In German, where every noun is capitalized, only that last rule, capitals, camel case and numbers
 * count. Numbers are compared as values ("2,300" in English is "2.300" in German).
 */
import { entityWord, isIdentifying, readEntities } from './entities.ts'
import { extractFigures, numberKey } from './figures.ts'
import { fnv1a, isEmptySignature, shingles, signature } from './minhash.ts'
import { placeNamer } from './place-names.ts'
import { hasKey, termVector, type TermVector } from './term-vector.ts'
import { isSpecificName, isTitleCase, nameForm, tokenize } from './tokens.ts'

/** The part of a normalized article (plus its publisher) that clustering reads. */
export interface ClusterArticle {
  title: string
  teaserText: string
  fullText: string | null
  /** ISO 639-1 code or null (unknown: compared under the cross-language rules). */
  language: string | null
  /** ISO 8601; null means "now" (the fetch time). */
  publishedAt: string | null
  publisherId: string
}

export interface Fingerprint {
  signature: Uint32Array
  /** False for an article without a significant token: it never joins nor seeds a cluster through the index. */
  indexable: boolean
  /** Distinct title terms (stemmed, stopwords removed). */
  titleTerms: string[]
  /** The title terms that are not names: what the title says happened. */
  titlePlainTerms: string[]
  /** Names and numbers of the title (nameForm of the surface: comparable across languages; see isSpecificName). */
  titleNames: string[]
  /** Names and numbers of title + lead (same filter). */
  names: string[]
  /**
   * fnv1a of the nameForm of every word of the whole text, of its entity words and of its figure keys, sorted: "does
   * this article mention X at all".
   */
  mentions: Uint32Array
  /** The whole text's named entities (entities.ts), each as its words joined by a space. */
  entities: string[]
  /** Every word of `entities`. */
  entityWords: ReadonlySet<string>
  /** nameKey (name-frequency.ts) of each of `entityWords`, ascending, distinct: what a story's name counts hold. */
  entityWordKeys: Uint32Array
  /** The whole text's normalized figures (figures.ts). */
  figures: string[]
  /** The title's normalized figures. */
  titleFigures: string[]
  /** The whole text's terms (title and body), for comparing with a story's centroid (term-vector.ts). */
  terms: TermVector
  /** The title's terms alone. */
  titleVector: TermVector
  language: string | null
  publisherId: string
  /** Epoch ms. */
  time: number
}

/** How much of an article's text its entities, figures and mentions are read from: a long article's first pages. */
export const BODY_CHARS = 6000

/** How much of the teaser (or of the full text when there is no teaser) counts as the lead. */
export const LEAD_CHARS = 320

export function leadOf(teaserText: string, fullText: string | null): string {
  const text = teaserText.trim() !== '' ? teaserText : (fullText ?? '')
  if (text.length <= LEAD_CHARS) return text
  const cut = text.slice(0, LEAD_CHARS)
  const space = cut.lastIndexOf(' ')
  return space > LEAD_CHARS / 2 ? cut.slice(0, space) : cut
}

export function articleTime(article: Pick<ClusterArticle, 'publishedAt'>, now: number): number {
  const t = article.publishedAt === null ? Number.NaN : Date.parse(article.publishedAt)
  return Number.isNaN(t) ? now : t
}

/** Whether the article uses the word at all (`name` in nameForm), as a name or not. */
export function mentions(fp: Pick<Fingerprint, 'mentions'>, name: string): boolean {
  return hasKey(fp.mentions, fnv1a(name))
}

/** `storedSignature`: the article's persisted signature, when it was made by this version (skips the hashing). */
export function fingerprintArticle(article: ClusterArticle, now: number, storedSignature?: Uint32Array | null): Fingerprint {
  // German capitalizes every noun: there, as in a Title Case headline, an initial capital alone marks nothing.
  const capsMarkNames = article.language !== 'de'
  const title = tokenize(article.title, article.language, capsMarkNames && !isTitleCase(article.title))
  const leadText = leadOf(article.teaserText, article.fullText)
  const lead = tokenize(leadText, article.language, capsMarkNames)
  const sig = storedSignature ?? signature(shingles(title, lead))
  const leadCapitals = new Set(lead.filter((t) => t.capitalized).map((t) => t.surface))
  const nameSurfaces = new Set([
    ...[...title, ...lead].filter((t) => t.strong),
    ...title.filter((t) => t.capitalized && leadCapitals.has(t.surface)),
  ].map((t) => t.surface).filter((s) => isSpecificName(s) && (/^\p{N}/u.test(s) || isIdentifying(entityWord(s)))))
  // Numbers as values, so "2,300" and "2.300" (and 46,096 / 46.096) are one name in any language.
  // Countries in their English form ("España" / "Spain"): place-names.ts; null where names are compared as written.
  const place = placeNamer(article.language)
  const form = (surface: string) => (/^\p{N}/u.test(surface) ? numberKey(surface, article.language) : place ? place(nameForm(surface)) : nameForm(surface))
  const names = new Set([...nameSurfaces].map(form))
  const titleNames = [...new Set(title.filter((t) => nameSurfaces.has(t.surface)).map((t) => form(t.surface)))]
  const body = article.fullText ?? article.teaserText
  const whole = `${article.title}\n${body.slice(0, BODY_CHARS)}`
  const read = readEntities(whole, BODY_CHARS)
  // Plus the names of title and lead (capitalized in both, however placed), which a text naming its subject only at
  // sentence starts ("Marlowe Foods reported …") would otherwise lack.
  const entityList = read.entities.map((e) => (place ? e.map(place) : e).join(' '))
  const entityWords = new Set(entityList.flatMap((e) => e.split(' ')))
  for (const n of names) {
    if (!/^\p{N}/u.test(n) && !entityWords.has(n)) {
      entityList.push(n)
      entityWords.add(n)
    }
  }
  const entities = entityList
  const found = extractFigures(whole, article.language)
  const figures = [...new Set(found.map((f) => f.key))]
  const mentioned = [...title, ...lead].map((t) => form(t.surface))
  const bodyText = body.slice(0, BODY_CHARS)
  // A short teaser-only article's body is its lead: tokenized once.
  const bodyTokens = bodyText === leadText ? lead : tokenize(bodyText, article.language, capsMarkNames)
  const arrays = packed(termVector(title, bodyTokens), termVector(title, []), sig, distinctHashes([mentioned, place ? read.words.map(place) : read.words, figures, found.map((f) => f.plain)]),
    distinctHashes([[...entityWords]]))
  return {
    terms: arrays.terms,
    titleVector: arrays.titleVector,
    signature: arrays.signature,
    indexable: !isEmptySignature(sig),
    titleTerms: [...new Set(title.map((t) => t.term))],
    titlePlainTerms: [...new Set(title.filter((t) => !nameSurfaces.has(t.surface)).map((t) => t.term))],
    titleNames,
    names: [...names],
    mentions: arrays.mentions,
    entities,
    entityWords,
    entityWordKeys: arrays.entityWordKeys,
    figures,
    titleFigures: [...new Set(found.filter((f) => f.index < article.title.length).map((f) => f.key))],
    language: article.language,
    publisherId: article.publisherId,
    time: articleTime(article, now),
  }
}

/** fnv1a of every word of the lists, ascending, each once. */
function distinctHashes(lists: ReadonlyArray<readonly string[]>): Uint32Array {
  let n = 0
  for (const list of lists) n += list.length
  const all = new Uint32Array(n)
  n = 0
  for (const list of lists) for (const w of list) all[n++] = fnv1a(w)
  all.sort()
  let distinct = 0
  for (let i = 0; i < all.length; i++) if (distinct === 0 || all[i] !== all[distinct - 1]) all[distinct++] = all[i]!
  return all.slice(0, distinct)
}

/**
 * The article's numeric arrays copied into one ArrayBuffer, each a view of it: a typed array of more than 64 bytes
 * otherwise gets its own buffer, allocated apart from the heap with its own bookkeeping for the garbage collector, and
 * comparing a story's members read each of its arrays from another place in memory.
 */
function packed(terms: TermVector, titleVector: TermVector, signature: Uint32Array, mentions: Uint32Array, entityWordKeys: Uint32Array) {
  const doubles = terms.weights.length + titleVector.weights.length
  const ints = signature.length + terms.keys.length + titleVector.keys.length + mentions.length + entityWordKeys.length
  const buffer = new ArrayBuffer(8 * doubles + 4 * ints)
  let offset = 0
  const copy = <A extends Float64Array | Uint32Array>(from: A, make: (at: number, length: number) => A): A => {
    const to = make(offset, from.length)
    to.set(from as never)
    offset += from.byteLength
    return to
  }
  const f64 = (from: Float64Array) => copy(from, (at, n) => new Float64Array(buffer, at, n))
  const u32 = (from: Uint32Array) => copy(from, (at, n) => new Uint32Array(buffer, at, n))
  // Doubles first: their views must start at a multiple of 8.
  const termWeights = f64(terms.weights)
  const titleWeights = f64(titleVector.weights)
  return {
    terms: { weights: termWeights, keys: u32(terms.keys) },
    titleVector: { weights: titleWeights, keys: u32(titleVector.keys) },
    signature: u32(signature),
    mentions: u32(mentions),
    entityWordKeys: u32(entityWordKeys),
  }
}
