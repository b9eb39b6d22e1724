/**
 * Facts about a page that Readability does not return (or returns unresolved): the declared language, the canonical URL,
 * the share image, a paywall flag and fallback publication dates. Read from the untouched document, before pruning and
 * Readability mutate it. Every URL is resolved against the document's base URL and kept only if it is absolute http(s):
 * `javascript:`, `data:` and friends never leave this file.
 */
import { resolveHttpUrl } from '../parse/resolve-url.ts'
import { canonicalUrl as canonicalForm } from '../normalize/canonical-url.ts'
import { normalizeLanguage } from '../normalize/normalize-item.ts'
import { nextElementInTree } from './html-document.ts'

export interface PageMetadata {
  /** ISO 639-1 from <html lang>, xml:lang, og:locale, Content-Language or DC.language (first that parses). */
  lang: string | null
  /** <link rel=canonical>, else og:url; absolute http(s), in canonical form (tracking parameters and fragment dropped). */
  canonicalUrl: string | null
  /** og:image, twitter:image or <link rel=image_src>; absolute http(s). */
  imageUrl: string | null
  /** JSON-LD `isAccessibleForFree: false` or `article:content_tier` locked/metered. */
  paywalled: boolean
  /** Raw date strings Readability does not look at (itemprop, DC, `date` metas); the caller validates them. */
  dateCandidates: string[]
}

/** JSON-LD blocks larger than this are skipped (they are parsed only for the paywall flag). */
const MAX_JSONLD_CHARS = 200_000
const MAX_JSONLD_BLOCKS = 8
/** Objects visited per JSON-LD block while looking for isAccessibleForFree (graphs can be large). */
const MAX_JSONLD_NODES = 2_000

/**
 * The elements metadata comes from, collected in one walk of the tree. Each lookup below then tests a handful of
 * elements instead of walking the whole document again: a real news page has thousands of elements, and the eighteen
 * document-wide queries this replaces were a sizeable share of an extraction (decision 0017).
 */
interface MetadataElements {
  root: Element
  meta: Element[]
  link: Element[]
  base: Element[]
  script: Element[]
  time: Element[]
}

function collectMetadataElements(document: Document): MetadataElements {
  const found: MetadataElements = { root: document.documentElement, meta: [], link: [], base: [], script: [], time: [] }
  for (let el: Element | null = document.documentElement; el !== null; el = nextElementInTree(el, document.documentElement)) {
    const name = el.localName
    if (name === 'meta' || name === 'link' || name === 'base' || name === 'script' || name === 'time') found[name].push(el)
  }
  return found
}

/**
 * One alternative of a `meta[attr="value"]` selector list: the attribute, its value, and whether the value compares
 * ignoring case (the selector's `i` flag). Compared directly, because `matches(selector)` parses its selector on every
 * call (linkedom keeps no compiled form), which on a page with dozens of metas cost a twentieth of an extraction.
 */
type MetaKey = readonly [attribute: string, value: string, ignoreCase?: 'i']

function metaMatches(el: Element, keys: readonly MetaKey[]): boolean {
  for (const [attribute, value, ignoreCase] of keys) {
    const actual = el.getAttribute(attribute)
    if (actual !== null && (ignoreCase ? actual.toLowerCase() === value : actual === value)) return true
  }
  return false
}

/** The first non-blank content of a meta matching any of `keys`, in document order. */
function metaContent(elements: MetadataElements, keys: readonly MetaKey[]): string | null {
  for (const el of elements.meta) {
    if (!metaMatches(el, keys)) continue
    const content = el.getAttribute('content')
    if (content !== null && content.trim() !== '') return content.trim()
  }
  return null
}

/**
 * The base for relative URLs: the first <base href> when it resolves to http(s) against the page URL, else the page URL.
 * A `<base href="javascript:…">` is ignored rather than poisoning every relative link.
 */
function baseUrlOf(base: Element | null | undefined, pageUrl: string): string | null {
  const page = resolveHttpUrl(pageUrl, null)
  const baseHref = base?.getAttribute('href') ?? null
  return resolveHttpUrl(baseHref, page) ?? page
}

function declaredLanguage(document: MetadataElements): string | null {
  const root = document.root
  const candidates = [
    root.getAttribute('lang'),
    root.getAttribute('xml:lang'),
    metaContent(document, [['property', 'og:locale'], ['name', 'og:locale']]),
    // Content-Language may list several ("en, fr"); the first is the primary audience.
    metaContent(document, [['http-equiv', 'content-language', 'i']])?.split(',')[0] ?? null,
    metaContent(document, [['name', 'dc.language', 'i'], ['name', 'language', 'i']]),
  ]
  for (const raw of candidates) {
    const lang = normalizeLanguage(raw)
    if (lang !== null) return lang
  }
  return null
}

function linkHref(document: MetadataElements, rel: string): string | null {
  for (const link of document.link) {
    if (!link.hasAttribute('rel') || !link.hasAttribute('href')) continue
    const rels = (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/)
    if (rels.includes(rel)) return link.getAttribute('href')
  }
  return null
}

function pageCanonicalUrl(document: MetadataElements, base: string | null): string | null {
  // A canonical link that is not http(s) (javascript:, data:) is ignored, and og:url gets its chance.
  return canonicalForm(linkHref(document, 'canonical'), base ?? undefined) ??
    canonicalForm(metaContent(document, [['property', 'og:url'], ['name', 'og:url']]), base ?? undefined)
}

function pageImageUrl(document: MetadataElements, base: string | null): string | null {
  const candidates = [
    metaContent(document, [['property', 'og:image:secure_url'], ['property', 'og:image'], ['name', 'og:image']]),
    metaContent(document, [['name', 'twitter:image'], ['property', 'twitter:image'], ['name', 'twitter:image:src']]),
    linkHref(document, 'image_src'),
  ]
  for (const raw of candidates) {
    const url = resolveHttpUrl(raw, base)
    if (url !== null) return url
  }
  return null
}

function isFalse(value: unknown): boolean {
  return value === false || (typeof value === 'string' && value.trim().toLowerCase() === 'false')
}

/** Walks parsed JSON-LD (objects, arrays, @graph, hasPart) iteratively with a node budget. */
function jsonLdSaysPaywalled(data: unknown): boolean {
  const stack: unknown[] = [data]
  let visited = 0
  while (stack.length > 0 && visited < MAX_JSONLD_NODES) {
    const node = stack.pop()
    visited++
    if (Array.isArray(node)) {
      stack.push(...node.slice(0, MAX_JSONLD_NODES))
    } else if (node !== null && typeof node === 'object') {
      const obj = node as Record<string, unknown>
      if (isFalse(obj.isAccessibleForFree)) return true
      for (const value of Object.values(obj)) if (value !== null && typeof value === 'object') stack.push(value)
    }
  }
  return false
}

function isPaywalled(document: MetadataElements): boolean {
  const tier = metaContent(document, [['property', 'article:content_tier'], ['name', 'article:content_tier']])
  if (tier !== null && /^(locked|metered)$/i.test(tier)) return true
  const blocks = document.script.filter((el) => el.getAttribute('type')?.toLowerCase() === 'application/ld+json').slice(0, MAX_JSONLD_BLOCKS)
  for (const script of blocks) {
    const source = script.textContent ?? ''
    if (source.length > MAX_JSONLD_CHARS || !/isAccessibleForFree/i.test(source)) continue
    try {
      if (jsonLdSaysPaywalled(JSON.parse(source))) return true
    } catch {
      // Broken JSON-LD is common (trailing commas, HTML entities); it just does not count.
    }
  }
  return false
}

/** `article time[datetime], time[itemprop="datePublished"][datetime], time[pubdate][datetime]`, tested directly. */
function isPublicationTime(el: Element): boolean {
  if (!el.hasAttribute('datetime')) return false
  if (el.getAttribute('itemprop') === 'datePublished' || el.hasAttribute('pubdate')) return true
  for (let up = el.parentElement; up !== null; up = up.parentElement) if (up.localName === 'article') return true
  return false
}

function dateCandidates(document: MetadataElements): string[] {
  const out: string[] = []
  const selectors: MetaKey[][] = [
    [['itemprop', 'datePublished']],
    [['name', 'dc.date.issued', 'i'], ['name', 'dcterms.issued', 'i'], ['name', 'dc.date', 'i'], ['name', 'dcterms.created', 'i']],
    [['name', 'date'], ['name', 'pubdate'], ['name', 'publish-date'], ['name', 'sailthru.date']],
    [['property', 'og:published_time'], ['property', 'og:article:published_time']],
  ]
  for (const selector of selectors) {
    const value = metaContent(document, selector)
    if (value !== null) out.push(value)
  }
  const time = document.time.find(isPublicationTime)
  const datetime = time?.getAttribute('datetime')
  if (datetime) out.push(datetime)
  return out
}

export function readPageMetadata(document: Document, pageUrl: string): PageMetadata {
  const elements = collectMetadataElements(document)
  const base = baseUrlOf(elements.base.find((el) => el.hasAttribute('href')), pageUrl)
  return {
    lang: declaredLanguage(elements),
    canonicalUrl: pageCanonicalUrl(elements, base),
    imageUrl: pageImageUrl(elements, base),
    paywalled: isPaywalled(elements),
    dateCandidates: dateCandidates(elements),
  }
}
