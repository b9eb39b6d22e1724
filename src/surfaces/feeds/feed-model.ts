import type { Language } from '../../domain/languages.ts'
import type { FeedStory, StoryFeed } from '../../query/story-feed.ts'
import { fill, UI_STRINGS } from '../pages/ui-strings.ts'
import { pageHref, sourcePath, topicPath } from '../pages/links.ts'
import { escapeHtml } from './feed-xml.ts'
import { feedHref, type FeedFormat, type FeedTarget } from './feed-urls.ts'

/**
 * A feed independent of its format: the RSS, Atom and JSON Feed writers draw from this, so the three never disagree.
 * Every text here is plain text; `contentHtml` is HTML built from escaped text only.
 */
export interface FeedModel {
  /** SITE_URL, without a trailing slash. */
  siteUrl: string
  title: string
  description: string
  lang: Language
  /** The page this feed mirrors (home, topic, publisher or search page). */
  pageUrl: string
  /** This feed's own address in each format. */
  feedUrls: Record<FeedFormat, string>
  /** The WebSub hub readers may subscribe at (WEBSUB_HUB_URL); null: the feed names none. */
  hubUrl: string | null
  /** Newest write among the entries; null when the feed is empty. */
  updated: string | null
  iconUrl: string
  entries: FeedEntry[]
}

export interface FeedEntry {
  /** `urn:uuid:` + the story id: stable across formats, languages and edits. */
  id: string
  title: string
  /** Language of this entry's text: the feed's, or English when the story is not translated yet. */
  lang: Language
  /** The original article: what a reader opens. */
  link: string
  /** The story page on this site: the second link. */
  storyUrl: string
  summary: string | null
  contentHtml: string
  /** The same content as plain text, for readers that strip tags (JSON Feed content_text). */
  contentText: string
  /** The article's author when known, else the publisher. */
  author: string
  publisher: { name: string; siteUrl: string | null; pageUrl: string; feedUrls: Record<FeedFormat, string> } | null
  category: { slug: string; name: string; url: string } | null
  coveredBy: Array<{ name: string; title: string; url: string | null }>
  published: string
  updated: string
  imageUrl: string | null
}

const target = (feed: StoryFeed): FeedTarget => {
  switch (feed.scope.kind) {
    case 'latest': return { kind: 'latest' }
    case 'topic': return { kind: 'topic', slug: feed.scope.category.slug }
    case 'source': return { kind: 'source', id: feed.scope.source.id }
    case 'search': return { kind: 'search', query: feed.scope.query }
  }
}

const feedUrlsOf = (siteUrl: string, t: FeedTarget, lang: Language): Record<FeedFormat, string> => ({
  rss: `${siteUrl}${feedHref(t, 'rss', lang)}`,
  atom: `${siteUrl}${feedHref(t, 'atom', lang)}`,
  json: `${siteUrl}${feedHref(t, 'json', lang)}`,
})

/** The entry's HTML: summary, key points, the original, the other outlets and the story page, all text escaped. */
function contentHtml(s: FeedStory, lang: Language): string {
  const t = UI_STRINGS[lang]
  const parts: string[] = []
  if (s.summary) parts.push(`<p>${escapeHtml(s.summary)}</p>`)
  const cards = s.cards.filter((c) => c.heading || c.body)
  if (cards.length > 0) {
    parts.push(`<h3>${escapeHtml(t.keyPoints)}</h3>`)
    for (const c of cards) {
      if (c.heading) parts.push(`<h4>${escapeHtml(c.heading)}</h4>`)
      if (c.body) parts.push(`<p>${escapeHtml(c.body)}</p>`)
    }
  }
  const publisher = s.source?.name
  const original = publisher ? fill(t.readOriginal, { publisher }) : t.originalArticle
  parts.push(`<p><a href="${escapeHtml(s.original_url)}">${escapeHtml(original)}</a>: ${escapeHtml(s.original_title)}</p>`)
  if (s.covered_by.length > 0) {
    const outlets = s.covered_by.map((o) => {
      const name = o.url ? `<a href="${escapeHtml(o.url)}">${escapeHtml(o.name)}</a>` : escapeHtml(o.name)
      return `<li>${name}: ${escapeHtml(o.title)}</li>`
    })
    parts.push(`<p>${escapeHtml(t.alsoCoveredBy)}:</p><ul>${outlets.join('')}</ul>`)
  }
  parts.push(`<p><a href="${escapeHtml(s.url)}">Newsdesk</a></p>`)
  return parts.join('\n')
}

/** contentHtml's content as plain text: paragraphs apart, key points and other outlets as lists, links as URLs. */
function contentText(s: FeedStory, lang: Language): string {
  const t = UI_STRINGS[lang]
  const parts: string[] = []
  if (s.summary) parts.push(s.summary)
  const cards = s.cards.filter((c) => c.heading || c.body)
  if (cards.length > 0) {
    parts.push(`${t.keyPoints}:\n${cards.map((c) => `- ${[c.heading, c.body].filter(Boolean).join(': ')}`).join('\n')}`)
  }
  const publisher = s.source?.name
  const original = publisher ? fill(t.readOriginal, { publisher }) : t.originalArticle
  parts.push(`${original}: ${s.original_title}\n${s.original_url}`)
  if (s.covered_by.length > 0) {
    parts.push(`${t.alsoCoveredBy}:\n${s.covered_by.map((o) => `- ${o.name}: ${o.title}${o.url ? ` (${o.url})` : ''}`).join('\n')}`)
  }
  parts.push(`Newsdesk: ${s.url}`)
  return parts.join('\n\n')
}

function feedTitle(feed: StoryFeed): string {
  const t = UI_STRINGS[feed.lang]
  switch (feed.scope.kind) {
    case 'latest': return `Newsdesk: ${t.latestStories}`
    case 'topic': return `Newsdesk: ${fill(t.storiesInTopic, { topic: feed.scope.category.name })}`
    case 'source': return `Newsdesk: ${fill(t.storiesFrom, { publisher: feed.scope.source.name })}`
    case 'search': return `Newsdesk: ${fill(t.searchResults, { query: feed.scope.query })}`
  }
}

function pagePath(feed: StoryFeed): { path: string; extra?: Record<string, string> } {
  switch (feed.scope.kind) {
    case 'latest': return { path: '/' }
    case 'topic': return { path: topicPath(feed.scope.category.slug) }
    case 'source': return { path: sourcePath(feed.scope.source.id) }
    case 'search': return { path: '/search', extra: { q: feed.scope.query } }
  }
}

export function buildFeedModel(feed: StoryFeed, siteUrl: string, hubUrl: string | null = null): FeedModel {
  const { lang } = feed
  const page = pagePath(feed)
  return {
    siteUrl,
    title: feedTitle(feed),
    description: UI_STRINGS[lang].siteTagline,
    lang,
    pageUrl: `${siteUrl}${pageHref(page.path, lang, 'html', page.extra)}`,
    feedUrls: feedUrlsOf(siteUrl, target(feed), lang),
    hubUrl,
    updated: feed.updated,
    iconUrl: `${siteUrl}/favicon.svg`,
    entries: feed.stories.map((s): FeedEntry => ({
      id: `urn:uuid:${s.id}`,
      title: s.headline,
      lang: s.lang,
      link: s.original_url,
      storyUrl: s.url,
      summary: s.summary,
      contentHtml: contentHtml(s, lang),
      contentText: contentText(s, lang),
      author: s.author ?? s.source?.name ?? 'Newsdesk',
      publisher: s.source
        ? {
          name: s.source.name, siteUrl: s.source.site_url, pageUrl: `${siteUrl}${pageHref(sourcePath(s.source.id), lang)}`,
          feedUrls: feedUrlsOf(siteUrl, { kind: 'source', id: s.source.id }, lang),
        }
        : null,
      category: s.category ? { slug: s.category.slug, name: s.category.name, url: `${siteUrl}${pageHref(topicPath(s.category.slug), lang)}` } : null,
      coveredBy: s.covered_by,
      published: s.published_at ?? s.updated_at,
      // The store's last write of the story; never before its publication (an entry is not updated before it exists).
      updated: s.published_at !== null && Date.parse(s.published_at) > Date.parse(s.updated_at) ? s.published_at : s.updated_at,
      imageUrl: s.cover_image_url,
    })),
  }
}
