import type { FeedModel } from './feed-model.ts'
import { escapeHtml, escapeXml as x, rfc822, xmlSafe } from './feed-xml.ts'

/** Readers poll no faster than this (RSS `<ttl>`, minutes): the edition changes every crawl pass, 15 minutes by default. */
export const FEED_TTL_MINUTES = 15

/**
 * RSS 2.0. `<link>` is the original article (what readers open); the story page is an `atom:link rel="related"`
 * and the last link of the content. `<description>` is the summary, `content:encoded` the whole entry (summary, key
 * points, the original, the other outlets), escaped rather than in CDATA so no text can end it early. `<source>` names the publisher and points at its feed here, as RSS intends.
 */
export function renderRss(feed: FeedModel): string {
  const items = feed.entries.map((e) => [
    '<item>',
    `<title>${x(e.title)}</title>`,
    `<link>${x(e.link)}</link>`,
    `<guid isPermaLink="false">${x(e.id)}</guid>`,
    `<atom:link rel="related" type="text/html" href="${x(e.storyUrl)}"/>`,
    `<description>${x(e.summary ? escapeHtml(e.summary) : e.contentHtml)}</description>`,
    `<content:encoded>${x(e.contentHtml)}</content:encoded>`,
    `<dc:creator>${x(e.author)}</dc:creator>`,
    e.category ? `<category domain="${x(e.category.url)}">${x(e.category.name)}</category>` : '',
    e.publisher ? `<source url="${x(e.publisher.feedUrls.rss)}">${x(e.publisher.name)}</source>` : '',
    `<pubDate>${rfc822(e.published)}</pubDate>`,
    e.imageUrl ? `<media:thumbnail url="${x(e.imageUrl)}"/>` : '',
    '</item>',
  ].filter(Boolean).join('\n'))
  const updated = feed.updated ? `<lastBuildDate>${rfc822(feed.updated)}</lastBuildDate>` : ''
  return xmlSafe([
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">',
    '<channel>',
    `<title>${x(feed.title)}</title>`,
    `<link>${x(feed.pageUrl)}</link>`,
    `<description>${x(feed.description)}</description>`,
    `<language>${feed.lang}</language>`,
    updated,
    `<atom:link rel="self" type="application/rss+xml" href="${x(feed.feedUrls.rss)}"/>`,
    // WebSub discovery (W3C WebSub §4): the hub beside the self link; absent without a hub, so the bytes stay as they were.
    feed.hubUrl ? `<atom:link rel="hub" href="${x(feed.hubUrl)}"/>` : '',
    '<docs>https://www.rssboard.org/rss-specification</docs>',
    '<generator>Newsdesk</generator>',
    `<ttl>${FEED_TTL_MINUTES}</ttl>`,
    ...items,
    '</channel>',
    '</rss>',
    '',
  ].filter(Boolean).join('\n'))
}
