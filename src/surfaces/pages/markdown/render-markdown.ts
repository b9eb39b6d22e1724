import { LANGUAGES } from '../../../domain/languages.ts'
import type { Category, Story, StoryDetail } from '../../../query/views.ts'
import { documentPath, formatTime, languageName, pageHref, sourcePath, storyPath, topicPath } from '../links.ts'
import type { PageContext, PageModel } from '../models.ts'
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

function storyEntry(m: Md, story: Story, index: number): string {
  // ISO time in lists: compact, unambiguous and easy for a model to compare.
  const when = story.published_at ? `${story.published_at.slice(0, 16).replace('T', ' ')} UTC` : null
  const meta = [story.source?.name ? mdInline(story.source.name) : null, when]
    .filter(Boolean).join(', ')
  return [
    `${index + 1}. **${mdInline(story.headline)}**${meta ? ` — ${meta}` : ''}`,
    `   id: \`${story.id}\` · [${mdInline(m.t.markdownVersion)}](${mdUrl(m.md(`/s/${story.id}`))}) · ${mdLink(m.t.originalArticle, story.original_url)}`,
  ].join('\n')
}

function storyList(m: Md, stories: Story[], empty: string): string {
  return stories.length ? stories.map((s, i) => storyEntry(m, s, i)).join('\n') : mdInline(empty)
}

function topicList(m: Md, topics: Category[]): string {
  return topics.map((c) => `- ${mdLink(c.name, m.md(topicPath(c.slug)))} (\`${c.slug}\`)`).join('\n')
}

function languages(m: Md): string {
  return `${m.t.language}: ${LANGUAGES.map((l) => (l === m.ctx.lang ? `**${l}**` : `[${l}](${mdUrl(absolute(m.ctx, pageHref(m.ctx.path, l, 'markdown')))})`)).join(' · ')}`
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
        storyList(m, model.stories, t.noStories), '',
        `## ${t.topics}`, '', topicList(m, model.topics), '',
        `## ${t.search}`, '', `${m.ctx.siteUrl}/search?q={query}&format=md${m.ctx.lang === 'en' ? '' : `&lang=${m.ctx.lang}`}`,
      ].join('\n')
    case 'story':
      return storyPage(m, model.story)
    case 'topic':
      return [
        `# ${mdInline(fill(t.storiesInTopic, { topic: model.category.name }))}`, '',
        `- ${t.topic}: \`${model.category.slug}\``, `- ${t.latestStories}: ${model.stories.length}`, '',
        storyList(m, model.stories, t.noStories), '',
        `## ${t.topics}`, '', topicList(m, model.topics),
      ].join('\n')
    case 'source':
      return [
        `# ${mdInline(fill(t.storiesFrom, { publisher: model.source.name }))}`, '',
        `- ${t.publisher}: ${mdInline(model.source.name)}`,
        ...(model.source.site_url ? [`- ${t.publisherSite}: <${mdUrl(model.source.site_url)}>`] : []),
        `- id: \`${model.source.id}\``, '',
        storyList(m, model.stories, t.noStories),
      ].join('\n')
    case 'search':
      return model.query === null
        ? [`# ${t.search}`, '', mdInline(t.searchHint), '', `${m.ctx.siteUrl}/search?q={query}&format=md`].join('\n')
        : [
          `# ${mdInline(fill(t.searchResults, { query: model.query }))}`, '',
          storyList(m, model.stories, fill(t.noResults, { query: model.query })),
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
