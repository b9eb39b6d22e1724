import { SKILLS_INDEX_TYPE } from '../http/descriptor-types.ts'
import { FEED_MEDIA_TYPES, feedHref, opmlHref } from '../feeds/feed-urls.ts'
import { SKILL_NAME } from './skill-md.ts'
import type { SiteFacts } from './site-facts.ts'

export const LINKSET_TYPE = 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"'

/** /.well-known/api-catalog (RFC 9727): a linkset with one context per API, each with its description and status. */
export function renderApiCatalog(facts: SiteFacts) {
  const { siteUrl } = facts
  const self = `${siteUrl}/.well-known/api-catalog`
  // The feeds are read by machines too (feed readers), so they are listed after the agent interfaces: the Atom feed
  // of the latest stories, with the other formats and the OPML of the topic feeds as its alternates.
  const feed = `${siteUrl}${feedHref({ kind: 'latest' }, 'atom', 'en')}`
  return {
    linkset: [
      {
        anchor: self,
        item: [
          ...facts.interfaces.map((i) => ({ href: i.url, title: i.title })),
          { href: feed, type: FEED_MEDIA_TYPES.atom, title: 'Feeds (RSS, Atom, JSON Feed)' },
        ],
      },
      ...facts.interfaces.map((i) => ({
        anchor: i.url,
        'service-desc': [{ href: i.descriptor.url, type: i.descriptor.type, title: i.descriptor.title }],
        'service-doc': [{ href: `${siteUrl}/llms.txt`, type: 'text/markdown', title: 'Overview for people and language models' }],
        ...(i.status ? { status: [{ href: i.status, type: 'application/json' }] } : {}),
      })),
      {
        anchor: feed,
        alternate: [
          { href: `${siteUrl}${feedHref({ kind: 'latest' }, 'rss', 'en')}`, type: FEED_MEDIA_TYPES.rss, title: 'RSS 2.0' },
          { href: `${siteUrl}${feedHref({ kind: 'latest' }, 'json', 'en')}`, type: FEED_MEDIA_TYPES.json, title: 'JSON Feed 1.1' },
          { href: `${siteUrl}${opmlHref('en')}`, type: 'text/x-opml', title: 'OPML list of the topic feeds' },
        ],
        'service-doc': [{ href: `${siteUrl}/llms.txt`, type: 'text/markdown', title: 'Feed addresses: topics, publishers, searches, languages' }],
      },
    ],
  }
}

/**
 * The site's did:web identifier (W3C did:web method, §3.1): the host, a port percent-encoded as `%3A` (a plain
 * colon would start a path), then any path segments of SITE_URL joined by colons.
 */
export function didWeb(siteUrl: string): string {
  const url = new URL(siteUrl)
  const path = url.pathname.split('/').filter(Boolean).map(encodeURIComponent)
  return ['did:web', url.host.replace(':', '%3A'), ...path].join(':')
}

/**
 * /.well-known/ai-catalog.json (AI Catalog, specVersion 1.0). Both `type` and the older `mediaType` are sent:
 * the field was renamed in 2026 and readers of either name ignore the other.
 */
export function renderAiCatalog(facts: SiteFacts) {
  const { siteUrl } = facts
  const host = new URL(siteUrl).host
  const entry = (name: string, displayName: string, type: string, url: string, description: string, tags: string[]) => ({
    identifier: `urn:air:${host}:${name}`, displayName, description, type, mediaType: type, url, tags,
  })
  const interfaces = facts.interfaces.map((i) => entry(
    `${i.id}:newsdesk`, `${facts.name} ${i.title}`, i.descriptor.type.split(';')[0]!, i.descriptor.url, i.summary, ['news', i.id],
  ))
  return {
    specVersion: '1.0',
    host: { displayName: facts.name, identifier: didWeb(siteUrl), documentationUrl: `${siteUrl}/llms.txt` },
    entries: [
      ...interfaces,
      entry('skills:index', 'Agent skills index', SKILLS_INDEX_TYPE, `${siteUrl}/.well-known/agent-skills/index.json`,
        `How an agent uses ${facts.name} (skill ${SKILL_NAME}).`, ['news', 'skills']),
      entry('api:catalog', 'API catalog (RFC 9727)', 'application/linkset+json', `${siteUrl}/.well-known/api-catalog`,
        'Linkset of the APIs with their descriptions and status endpoints.', ['api-catalog']),
    ],
  }
}
