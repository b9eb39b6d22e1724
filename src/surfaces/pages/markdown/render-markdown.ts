import { LANGUAGES } from '../../../domain/languages.ts'
import type { Category, SourceSummary, Story, StoryDetail } from '../../../query/views.ts'
import { FEED_FORMATS, FEED_FORMAT_NAMES, feedHref, feedTargetsForPage, opmlHref } from '../../feeds/feed-urls.ts'
import { documentPath, formatTime, languageName, languageNameIn, pageHref, pagedHref, sourcePath, storyPath, topicPath } from '../links.ts'
import type { PageContext, PageModel, Paging } from '../models.ts'
import { oneLine } from '../../../markdown/one-line.ts'
import { UI_STRINGS, fill, type UiStrings } from '../ui-strings.ts'
import { mdInline, mdLink, mdUrl } from '../../../markdown/escape.ts'
import { storyMarkdown } from '../../../markdown/story-markdown.ts'

/**
 * Markdown for language models: a title, `Key: value` metadata lines, the summary, cards as sections, a
 * "Cite as" line and compact story entries with absolute links. No raw HTML and no images: publisher text is
 * escaped, and only our own and the original article's http(s) URLs become links.
 */

interface Md {
  ctx: PageContext
  t: UiStrings
  /** Absolute URL of a page in Markdown, in the current language. */
  md(path: string, extra?: Record<string, string>): string
}

/**
 * Publisher text at the start of a line inside a list item: escaped, and kept from opening a block (a heading, a
 * nested list, a numbered item) as a paragraph's first characters could.
 */
const mdLine = (text: string) => mdInline(text).replace(/^([#+=-])/, '\\$1').replace(/^(\d+)([.)])/, '$1\\$2')

/**
 * One story in a list, enough to use alone: headline (its language named when it is not the page's, as MCP does),
 * publisher (linked to its page), time, the summary's first sentence, the id and the links.
 */
function storyEntry(m: Md, story: Story, index: number): string {
  // ISO time in lists: compact, unambiguous and easy for a model to compare.
  const when = story.published_at ? `${story.published_at.slice(0, 16).replace('T', ' ')} UTC` : null
  const meta = [story.source ? mdLink(story.source.name, m.md(sourcePath(story.source.id))) : null, when]
    .filter(Boolean).join(', ')
  const language = story.lang !== m.ctx.lang ? ` (${languageNameIn(story.lang, m.ctx.lang)})` : ''
  const lines = [`${index + 1}. **${mdInline(story.headline)}**${language}${meta ? ` — ${meta}` : ''}`]
  if (story.summary) lines.push(`   ${mdLine(oneLine(story.summary))}`)
  lines.push(`   id: \`${story.id}\` · [${mdInline(m.t.markdownVersion)}](${mdUrl(m.md(`/s/${story.id}`))}) · ${mdLink(m.t.originalArticle, story.original_url)}`)
  return lines.join('\n')
}

/** The stories, then the links to the newer and older pages of the list (the REST cursors). */
function storyList(m: Md, stories: Story[], empty: string, paging?: Paging): string {
  const list = stories.length ? stories.map((s, i) => storyEntry(m, s, i)).join('\n') : mdInline(empty)
  const pages: string[] = []
  if (paging?.newer !== undefined) pages.push(`- ${mdLink(m.t.newerStories, absolute(m.ctx, pagedHref(m.ctx, paging.newer, 'markdown')))}`)
  if (paging && paging.older !== null) pages.push(`- ${mdLink(m.t.olderStories, absolute(m.ctx, pagedHref(m.ctx, paging.older, 'markdown')))}`)
  return pages.length ? `${list}\n\n${pages.join('\n')}` : list
}

/** The page's own feed in each format, and the OPML of the topic feeds on the home and topic pages. */
function subscribe(m: Md): string {
  const [own] = feedTargetsForPage(m.ctx.path, m.ctx.keep?.q)
  const links = FEED_FORMATS.map((f) => mdLink(FEED_FORMAT_NAMES[f], absolute(m.ctx, feedHref(own!, f, m.ctx.lang))))
  if (own!.kind === 'latest' || own!.kind === 'topic') links.push(mdLink(m.t.opmlTopics, absolute(m.ctx, opmlHref(m.ctx.lang))))
  return `${m.t.subscribe}: ${links.join(' · ')}`
}

/** The publisher index: one line per publisher with its page, site, topic, story count and newest story's time. */
function publisherList(m: Md, sources: SourceSummary[]): string {
  if (sources.length === 0) return mdInline(m.t.noStories)
  return sources.map((s) => {
    const parts = [mdLink(s.name, m.md(sourcePath(s.id)))]
    if (s.site_url) parts.push(`<${mdUrl(s.site_url)}>`)
    if (s.topic) parts.push(mdLink(s.topic.name, m.md(topicPath(s.topic.slug))))
    parts.push(mdInline(fill(m.t.storyCount, { count: String(s.stories) })))
    if (s.latest_story_at) parts.push(`${mdInline(m.t.lastStory)}: ${s.latest_story_at.slice(0, 16).replace('T', ' ')} UTC`)
    return `- ${parts.join(' · ')} · id: \`${s.id}\``
  }).join('\n')
}

function topicList(m: Md, topics: Category[]): string {
  return topics.map((c) => `- ${mdLink(c.name, m.md(topicPath(c.slug)))} (\`${c.slug}\`)`).join('\n')
}

function languages(m: Md): string {
  return `${m.t.language}: ${LANGUAGES.map((l) => (l === m.ctx.lang ? `**${l}**` : `[${l}](${mdUrl(absolute(m.ctx, pageHref(m.ctx.path, l, 'markdown', m.ctx.keep)))})`)).join(' · ')}`
}

function absolute(ctx: PageContext, href: string): string {
  return `${ctx.siteUrl}${href}`
}

/** The story page: the shared story renderer with the page's metadata (localized, linking to our pages). */
function storyPage(m: Md, story: StoryDetail): string {
  const { t, ctx } = m
  const publisher = story.source?.name ?? new URL(story.original_url).host
  const meta = [`- ${t.publisher}: ${story.source ? mdLink(story.source.name, m.md(sourcePath(story.source.id))) : mdInline(publisher)}`]
  const when = formatTime(story.published_at, ctx.lang)
  if (when) meta.push(`- ${t.published}: ${when} (${story.published_at})`)
  if (story.author) meta.push(`- ${mdInline(fill(t.by, { author: story.author }))}`)
  if (story.category) meta.push(`- ${t.topic}: ${mdLink(story.category.name, m.md(topicPath(story.category.slug)))}`)
  meta.push(`- ${t.originalArticle}: ${mdLink(story.original_title, story.original_url)}`)
  meta.push(`- id: \`${story.id}\``)
  meta.push(`- lang: ${story.lang}`)
  if (story.lang !== ctx.lang) meta.push(`- ${mdInline(fill(t.translationFallback, { language: languageName(ctx.lang) }))}`)
  if (story.multi_source) meta.push(`- ${mdInline(t.multiSource)}`)
  const labels = { keyPoints: t.keyPoints, citeAs: t.citeAs, alsoCoveredBy: t.alsoCoveredBy, relatedStories: t.relatedStories }
  return storyMarkdown(story, meta, labels, (related) => m.md(storyPath(related.id)))
}

function footer(m: Md): string {
  const { t } = m
  return [
    '---',
    '',
    `- ${languages(m)}`,
    `- ${t.forAgents}: [llms.txt](${m.ctx.siteUrl}/llms.txt) · [${t.apiDocs}](${m.ctx.siteUrl}/openapi.json) · [auth.md](${m.ctx.siteUrl}/auth.md)`,
    `- ${[['pricing', t.pricing], ['terms', t.terms], ['privacy', t.privacy], ['refund', t.refund]]
      .map(([slug, label]) => `[${label}](${mdUrl(m.md(documentPath(slug as 'pricing')))})`).join(' · ')}`,
    `- ${mdInline(t.footerCitation)}`,
  ].join('\n')
}

function body(m: Md, model: PageModel): string {
  const { t } = m
  switch (model.kind) {
    case 'home':
      return [
        `# Newsdesk: ${t.latestStories}`, '', `> ${mdInline(t.siteTagline)}`, '',
        storyList(m, model.stories, t.noStories, model.paging), '', subscribe(m), '',
        `## ${t.topics}`, '', topicList(m, model.topics), '',
        `## ${t.publishers}`, '', `- ${mdLink(t.allPublishers, m.md('/sources'))}`, '',
        `## ${t.search}`, '', `${m.ctx.siteUrl}/search?q={query}&format=md${m.ctx.lang === 'en' ? '' : `&lang=${m.ctx.lang}`}`,
      ].join('\n')
    case 'story':
      return storyPage(m, model.story)
    case 'topic':
      return [
        `# ${mdInline(fill(t.storiesInTopic, { topic: model.category.name }))}`, '',
        `- ${t.topic}: \`${model.category.slug}\``, `- ${t.latestStories}: ${model.stories.length}`, '',
        storyList(m, model.stories, t.noStories, model.paging), '', subscribe(m), '',
        `## ${t.topics}`, '', topicList(m, model.topics),
      ].join('\n')
    case 'source':
      return [
        `# ${mdInline(fill(t.storiesFrom, { publisher: model.source.name }))}`, '',
        `- ${t.publisher}: ${mdInline(model.source.name)}`,
        ...(model.source.site_url ? [`- ${t.publisherSite}: <${mdUrl(model.source.site_url)}>`] : []),
        `- id: \`${model.source.id}\``, `- ${mdLink(t.allPublishers, m.md('/sources'))}`, '',
        storyList(m, model.stories, t.noStories, model.paging), '', subscribe(m),
      ].join('\n')
    case 'sources':
      return [`# ${mdInline(t.allPublishers)}`, '', publisherList(m, model.sources)].join('\n')
    case 'search':
      return model.query === null
        ? [`# ${t.search}`, '', mdInline(t.searchHint), '', `${m.ctx.siteUrl}/search?q={query}&format=md`].join('\n')
        : [
          `# ${mdInline(fill(t.searchResults, { query: model.query }))}`, '',
          storyList(m, model.stories, fill(t.noResults, { query: model.query }), model.paging), '', subscribe(m),
        ].join('\n')
    case 'document':
      return model.markdown.trim()
    case 'not-found':
      return [
        `# ${t.notFoundTitle}`, '',
        mdInline({ story: t.storyNotFound, topic: t.topicNotFound, publisher: t.publisherNotFound, page: t.notFoundBody }[model.what]), '',
        `- ${mdLink(t.backHome, m.md('/'))}`, '', `## ${t.topics}`, '', topicList(m, model.topics),
      ].join('\n')
    case 'error':
      return [`# ${mdInline(model.title)}`, '', mdInline(model.message), '', `- ${mdLink(t.backHome, m.md('/'))}`].join('\n')
  }
}

export function renderMarkdown(model: PageModel, ctx: PageContext): string {
  const m: Md = {
    ctx,
    t: UI_STRINGS[ctx.lang],
    md: (path, extra) => absolute(ctx, pageHref(path, ctx.lang, 'markdown', extra)),
  }
  return `${body(m, model)}\n\n${footer(m)}\n`
}
