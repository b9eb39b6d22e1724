import { isLanguage, type Language } from '../../domain/languages.ts'
import { TOPICS, type Topic } from '../../domain/topics.ts'

/**
 * The MCP resources are the site's own addresses (docs/decisions/0054-mcp-resources-and-subscriptions.md): a page
 * URL is the resource in Markdown (what `?format=md` serves), its REST URL the same thing in JSON. This module reads
 * a resource URI into what it names, and writes the URIs; nothing outside the shapes below is a resource, so a read
 * can never reach any other path of the service.
 */

/** What a resource URI names: the edition (latest stories), a topic, a search, or one story. */
export type ResourceTarget =
  | { kind: 'edition' }
  | { kind: 'topic'; topic: Topic }
  | { kind: 'search'; q: string }
  | { kind: 'story'; id: string }

export interface ResourceRef {
  target: ResourceTarget
  format: 'markdown' | 'json'
  /** The language asked for with `?lang=`, if any (the page default otherwise). */
  lang?: Language
}

export interface ResourceSite {
  siteUrl: string
  /** The REST API's base URL, `{siteUrl}/api/v1`. */
  baseUrl: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** A search query longer than this is no subscription anyone means (search_stories takes 256 characters too). */
const MAX_QUERY_CHARS = 256

const isTopic = (value: string): value is Topic => (TOPICS as readonly string[]).includes(value)

/** The path of `url` below `base` (both absolute), or undefined when `url` is not under it. */
function below(url: URL, base: string): string | undefined {
  const root = new URL(base)
  if (url.origin !== root.origin) return undefined
  const prefix = root.pathname.replace(/\/$/, '')
  if (!url.pathname.startsWith(`${prefix}/`) && url.pathname !== prefix) return undefined
  return url.pathname.slice(prefix.length) || '/'
}

/**
 * The resource `uri` names, or undefined when it names none (a foreign host, an unknown path, a malformed id, an
 * unknown topic, a query parameter other than those each shape takes).
 */
export function readResourceUri(uri: string, site: ResourceSite): ResourceRef | undefined {
  let url: URL
  try {
    url = new URL(uri)
  } catch {
    return undefined
  }
  const params = new Map(url.searchParams)
  if (params.size !== [...url.searchParams.keys()].length) return undefined
  const lang = params.get('lang')
  if (lang !== undefined && !isLanguage(lang)) return undefined
  params.delete('lang')
  const withLang = (ref: Omit<ResourceRef, 'lang'>): ResourceRef => (lang === undefined ? ref : { ...ref, lang: lang as Language })
  const only = (...names: string[]) => [...params.keys()].every((k) => names.includes(k))

  const api = below(url, site.baseUrl)
  if (api !== undefined) {
    const story = /^\/stories\/([^/]+)$/.exec(api)
    if (story && UUID.test(story[1]!) && only()) return withLang({ target: { kind: 'story', id: story[1]!.toLowerCase() }, format: 'json' })
    if (api !== '/stories' || !only('topic', 'q') || (params.has('topic') && params.has('q'))) return undefined
    return list(params, 'json', withLang)
  }
  const page = below(url, site.siteUrl)
  if (page === undefined) return undefined
  const story = /^\/s\/([^/]+)$/.exec(page)
  if (story) return UUID.test(story[1]!) && only() ? withLang({ target: { kind: 'story', id: story[1]!.toLowerCase() }, format: 'markdown' }) : undefined
  const topic = /^\/c\/([^/]+)$/.exec(page)
  if (topic) return isTopic(topic[1]!) && only() ? withLang({ target: { kind: 'topic', topic: topic[1]! }, format: 'markdown' }) : undefined
  if (page === '/' && only()) return withLang({ target: { kind: 'edition' }, format: 'markdown' })
  if (page === '/search' && only('q') && params.has('q')) return list(params, 'markdown', withLang)
  return undefined
}

function list(params: Map<string, string>, format: ResourceRef['format'], withLang: (ref: Omit<ResourceRef, 'lang'>) => ResourceRef): ResourceRef | undefined {
  const q = params.get('q')
  const topic = params.get('topic')
  if (q !== undefined) {
    const trimmed = q.trim()
    return trimmed && trimmed.length <= MAX_QUERY_CHARS ? withLang({ target: { kind: 'search', q: trimmed }, format }) : undefined
  }
  if (topic !== undefined) return isTopic(topic) ? withLang({ target: { kind: 'topic', topic }, format }) : undefined
  return withLang({ target: { kind: 'edition' }, format })
}

/** The canonical URI of a resource: the page URL (Markdown) or the REST URL (JSON), `lang` last. */
export function resourceUri(ref: ResourceRef, site: ResourceSite): string {
  const { target } = ref
  const params = new URLSearchParams()
  let path: string
  if (ref.format === 'json') {
    path = `${site.baseUrl}/stories`
    if (target.kind === 'story') path += `/${target.id}`
    else if (target.kind === 'topic') params.set('topic', target.topic)
    else if (target.kind === 'search') params.set('q', target.q)
  } else {
    path = target.kind === 'story' ? `${site.siteUrl}/s/${target.id}`
      : target.kind === 'topic' ? `${site.siteUrl}/c/${target.topic}`
        : target.kind === 'search' ? `${site.siteUrl}/search`
          : `${site.siteUrl}/`
    if (target.kind === 'search') params.set('q', target.q)
  }
  if (ref.lang !== undefined) params.set('lang', ref.lang)
  const query = params.toString()
  return query ? `${path}?${query}` : path
}

/** The path and query to GET on this service (its routes sit below SITE_URL's path) for the resource's content. */
export function localPath(ref: ResourceRef, site: ResourceSite): string {
  const url = new URL(resourceUri(ref, site))
  if (ref.format === 'markdown') url.searchParams.set('format', 'md')
  return `${below(url, site.siteUrl) ?? '/'}${url.search}`
}
