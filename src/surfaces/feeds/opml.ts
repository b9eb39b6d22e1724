import type { Language } from '../../domain/languages.ts'
import type { Category } from '../../query/views.ts'
import { pageHref, topicPath } from '../pages/links.ts'
import { UI_STRINGS } from '../pages/ui-strings.ts'
import { escapeXml as x } from './feed-xml.ts'
import { feedHref } from './feed-urls.ts'

/**
 * OPML 2.0 subscription list: the home edition and every topic, as RSS (the format every reader imports), in one
 * folder named Newsdesk (Miniflux and FreshRSS turn it into a category).
 */
export function renderTopicsOpml(siteUrl: string, lang: Language, topics: Category[]): string {
  const outline = (text: string, xmlPath: string, htmlPath: string) =>
    `<outline type="rss" version="RSS2" text="${x(text)}" title="${x(text)}" language="${lang}" xmlUrl="${x(`${siteUrl}${xmlPath}`)}" htmlUrl="${x(`${siteUrl}${htmlPath}`)}"/>`
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<opml version="2.0">',
    '<head>',
    `<title>Newsdesk: ${x(UI_STRINGS[lang].topics)}</title>`,
    '<docs>http://opml.org/spec2.opml</docs>',
    '</head>',
    '<body>',
    '<outline text="Newsdesk" title="Newsdesk">',
    outline(UI_STRINGS[lang].latestStories, feedHref({ kind: 'latest' }, 'rss', lang), pageHref('/', lang)),
    ...topics.map((c) => outline(c.name, feedHref({ kind: 'topic', slug: c.slug }, 'rss', lang), pageHref(topicPath(c.slug), lang))),
    '</outline>',
    '</body>',
    '</opml>',
    '',
  ].join('\n')
}
