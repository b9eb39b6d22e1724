import { isLanguage, type Language } from '../../domain/languages.ts'
import { isTopic, type Topic } from '../../domain/topics.ts'
import { storyIdFrom } from '../catalog.ts'

/**
 * Takes links and story ids out of a message before its words are read: a link is never a keyword, and a story
 * link or id says exactly what is wanted. Links to this site are read for what they point at (a story, a topic
 * page, a search); a link elsewhere is not a story here, but the words of its address are often its headline.
 */

export type LinkReading =
  | { kind: 'story'; id: string; lang?: Language }
  | { kind: 'topic'; topic: Topic; lang?: Language }
  | { kind: 'search'; query: string; lang?: Language }
  | { kind: 'elsewhere'; host: string; words: string }

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"'“”«»「」]+/giu
const UUID_PATTERN = /(?<![0-9a-f-])[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![0-9a-f-])/giu
const TRAILING_PUNCTUATION = /[.,;:!?)\]}>'’”»」]+$/u
/** What a removed link leaves behind: punctuation, so the words on either side are not read as one phrase. */
const GAP = ' | '

export function takeLinks(text: string, siteUrl: string): { rest: string; links: LinkReading[] } {
  const links: LinkReading[] = []
  const siteHost = hostOf(siteUrl)
  const read = (withScheme: string) => {
    links.push(readLink(withScheme.replace(TRAILING_PUNCTUATION, ''), siteUrl, siteHost))
    return GAP
  }
  let rest = text.replace(URL_PATTERN, (raw) => read(raw))
  if (siteHost) {
    // "news.example.org/s/…" typed without https://
    const bare = new RegExp(`(?<![\\w.@/-])(?:www\\.)?${escapeRegExp(siteHost)}/[^\\s<>"'“”«»「」]*`, 'giu')
    rest = rest.replace(bare, (raw) => read(`https://${raw}`))
  }
  rest = rest.replace(UUID_PATTERN, (id) => {
    links.push({ kind: 'story', id: id.toLowerCase() })
    return GAP
  })
  return { rest, links }
}

function readLink(href: string, siteUrl: string, siteHost: string | undefined): LinkReading {
  let url: URL
  try {
    url = new URL(href)
  } catch {
    return { kind: 'elsewhere', host: '', words: '' }
  }
  if (!siteHost || url.host.replace(/^www\./, '') !== siteHost.replace(/^www\./, '')) {
    return { kind: 'elsewhere', host: url.host, words: addressWords(url) }
  }
  const langParam = url.searchParams.get('lang')
  const lang = isLanguage(langParam) ? langParam : undefined
  const topic = /^\/c\/([a-z-]+)(?:\.md)?\/?$/.exec(url.pathname)?.[1]
  if (isTopic(topic)) return { kind: 'topic', topic, lang }
  const query = url.searchParams.get('q')?.trim()
  if (/^\/search(?:\.md)?\/?$/.test(url.pathname) && query) return { kind: 'search', query, lang }
  try {
    // storyIdFrom wants the site's exact host; a www. variant of it is the same site.
    return { kind: 'story', id: storyIdFrom(`${new URL(siteUrl).origin}${url.pathname}`, siteUrl), lang }
  } catch {
    // Another address of this site naming a story id (its REST URL /api/v1/stories/{id}, a guessed /stories/{id})
    // means that story: the id is the site's own, whatever the path around it.
    const id = url.pathname.match(UUID_PATTERN)?.[0]
    if (id) return { kind: 'story', id: id.toLowerCase(), lang }
    return { kind: 'elsewhere', host: url.host, words: addressWords(url) }
  }
}

/**
 * News sites put the headline in the address: ".../2025/05/nvidia-unveils-new-ai-chips.html". The last path
 * segment's words, without extensions and without anything holding a digit (dates, ids); empty unless it reads
 * like a slug (two words or more).
 */
function addressWords(url: URL): string {
  const segment = url.pathname.split('/').filter(Boolean).pop() ?? ''
  let decoded = segment
  try {
    decoded = decodeURIComponent(segment)
  } catch { /* keep it as written */ }
  const words = decoded.replace(/\.[a-z0-9]{1,5}$/i, '').split(/[-_+.\s]+/)
    .filter((w) => /\p{L}/u.test(w) && !/\d/.test(w))
  return words.length >= 2 ? words.join(' ') : ''
}

function hostOf(siteUrl: string): string | undefined {
  try {
    return new URL(siteUrl).host || undefined
  } catch {
    return undefined
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
