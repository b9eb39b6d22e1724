import type { FeedModel } from './feed-model.ts'
import { escapeXml as x, xmlSafe } from './feed-xml.ts'

/** An empty feed still needs `<updated>` (RFC 4287 §4.1.1); the epoch says "nothing yet" without inventing a date. */
const NEVER = '1970-01-01T00:00:00Z'

/**
 * Atom 1.0 (RFC 4287). Every element the RFC requires is present: feed id, title, updated and author; entry id, title,
 * updated. The alternate link is the original article, the story page is `rel="related"`, the publisher is the
 * entry's `<source>`, and an entry still in English inside another language's feed says so with xml:lang.
 */
export function renderAtom(feed: FeedModel): string {
  const entries = feed.entries.map((e) => [
    e.lang === feed.lang ? '<entry>' : `<entry xml:lang="${e.lang}">`,
    `<id>${x(e.id)}</id>`,
    `<title type="text">${x(e.title)}</title>`,
    `<link rel="alternate" type="text/html" href="${x(e.link)}"/>`,
    `<link rel="related" type="text/html" href="${x(e.storyUrl)}"/>`,
    `<published>${e.published}</published>`,
    `<updated>${e.updated}</updated>`,
    `<author><name>${x(e.author)}</name></author>`,
    e.category ? `<category term="${x(e.category.slug)}" label="${x(e.category.name)}" scheme="${x(`${feed.siteUrl}/c/`)}"/>` : '',
    e.summary ? `<summary type="text">${x(e.summary)}</summary>` : '',
    `<content type="html">${x(e.contentHtml)}</content>`,
    e.publisher
      ? ['<source>', `<id>${x(e.publisher.feedUrls.atom)}</id>`, `<title>${x(e.publisher.name)}</title>`,
        `<link rel="self" type="application/atom+xml" href="${x(e.publisher.feedUrls.atom)}"/>`,
        `<link rel="alternate" type="text/html" href="${x(e.publisher.siteUrl ?? e.publisher.pageUrl)}"/>`, '</source>'].join('')
      : '',
    e.imageUrl ? `<media:thumbnail url="${x(e.imageUrl)}"/>` : '',
    '</entry>',
  ].filter(Boolean).join('\n'))
  return xmlSafe([
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/" xml:lang="${feed.lang}">`,
    `<id>${x(feed.feedUrls.atom)}</id>`,
    `<title type="text">${x(feed.title)}</title>`,
    `<subtitle type="text">${x(feed.description)}</subtitle>`,
    `<updated>${feed.updated ?? NEVER}</updated>`,
    '<author><name>Newsdesk</name></author>',
    `<link rel="self" type="application/atom+xml" href="${x(feed.feedUrls.atom)}"/>`,
    // WebSub discovery (W3C WebSub §4): the hub beside the self link; nothing at all without a hub.
    ...(feed.hubUrl ? [`<link rel="hub" href="${x(feed.hubUrl)}"/>`] : []),
    `<link rel="alternate" type="text/html" href="${x(feed.pageUrl)}"/>`,
    `<link rel="alternate" type="application/rss+xml" href="${x(feed.feedUrls.rss)}"/>`,
    `<link rel="alternate" type="application/feed+json" href="${x(feed.feedUrls.json)}"/>`,
    '<generator>Newsdesk</generator>',
    `<icon>${x(feed.iconUrl)}</icon>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n'))
}
