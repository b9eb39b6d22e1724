import { raw } from 'hono/html'
import type { Category, SourceSummary } from '../../../query/views.ts'
import { FEED_FORMATS, FEED_FORMAT_NAMES, FEED_MEDIA_TYPES, feedHref, feedTargetsForPage, opmlHref } from '../../feeds/feed-urls.ts'
import { formatTime, pageHref, pagedHref, sourcePath, topicPath } from '../links.ts'
import type { PageContext, PageModel, Paging } from '../models.ts'
import { UI_STRINGS, fill, type UiStrings } from '../ui-strings.ts'
import { Layout, dirOf } from './layout.tsx'
import { StoryList } from './story-card.tsx'
import { StoryPage } from './story-page.tsx'


/** "Newer stories" and "Older stories": the list's REST cursors as links (rel prev and next). */
function Pager({ paging, ctx, t }: { paging: Paging; ctx: PageContext; t: UiStrings }) {
  if (paging.older === null && paging.newer === undefined) return null
  return (
    <nav class="pager" aria-label={t.pages}>
      <ul>
        {paging.newer !== undefined ? <li><a rel="prev" href={pagedHref(ctx, paging.newer)}>{t.newerStories}</a></li> : null}
        {paging.older !== null ? <li><a rel="next" href={pagedHref(ctx, paging.older)}>{t.olderStories}</a></li> : null}
      </ul>
    </nav>
  )
}

/** The page's own feed in the three formats, and the OPML of every topic feed on the home and topic pages. */
function Subscribe({ ctx, t }: { ctx: PageContext; t: UiStrings }) {
  const [own] = feedTargetsForPage(ctx.path, ctx.keep?.q)
  const opml = own!.kind === 'latest' || own!.kind === 'topic'
  return (
    <p class="subscribe">
      {t.subscribe}:{' '}
      {FEED_FORMATS.map((format, i) => <>{i > 0 ? ' · ' : ''}<a href={feedHref(own!, format, ctx.lang)} type={FEED_MEDIA_TYPES[format]}>{FEED_FORMAT_NAMES[format]}</a></>)}
      {opml ? <> · <a href={opmlHref(ctx.lang)} type="text/x-opml">{t.opmlTopics}</a></> : null}
    </p>
  )
}

/** The publisher index: each publisher with its site, main topic, story count and newest story's time. */
function PublisherList({ sources, ctx, t }: { sources: SourceSummary[]; ctx: PageContext; t: UiStrings }) {
  if (sources.length === 0) return <p class="empty">{t.noStories}</p>
  return (
    <ul class="publisher-list">
      {sources.map((s) => {
        const when = formatTime(s.latest_story_at, ctx.lang)
        return (
          <li>
            <a class="publisher" href={pageHref(sourcePath(s.id), ctx.lang)}>{s.name}</a>
            <span class="meta">
              {s.site_url ? <><a href={s.site_url} rel="nofollow noopener">{new URL(s.site_url).host}</a> · </> : null}
              {s.topic ? <><a href={pageHref(topicPath(s.topic.slug), ctx.lang)}>{s.topic.name}</a> · </> : null}
              {fill(t.storyCount, { count: s.stories.toLocaleString(ctx.lang) })}
              {when ? <> · {t.lastStory}: <time datetime={s.latest_story_at ?? undefined}>{when}</time></> : null}
            </span>
          </li>
        )
      })}
    </ul>
  )
}

/** A list page's body: its stories, the links to the pages around it and its feeds. */
function ListBody({ model, ctx, t, empty }: { model: { stories: import('../../../query/views.ts').Story[]; paging: Paging }; ctx: PageContext; t: UiStrings; empty: string }) {
  return (
    <>
      <StoryList stories={model.stories} ctx={ctx} t={t} empty={empty} />
      <Pager paging={model.paging} ctx={ctx} t={t} />
      <Subscribe ctx={ctx} t={t} />
    </>
  )
}

function TopicLinks({ topics, ctx }: { topics: Category[]; ctx: PageContext }) {
  return <ul class="topic-links">{topics.map((c) => <li><a href={pageHref(topicPath(c.slug), ctx.lang)}>{c.name}</a></li>)}</ul>
}

interface PageParts {
  title: string
  description: string
  paging?: Paging
  content: unknown
}

function parts(model: PageModel, ctx: PageContext, t: UiStrings): PageParts {
  switch (model.kind) {
    case 'home':
      return {
        title: t.latestStories,
        description: t.siteTagline,
        paging: model.paging,
        content: <><h1>{t.latestStories}</h1><p class="tagline">{t.siteTagline}</p><ListBody model={model} ctx={ctx} t={t} empty={t.noStories} /></>,
      }
    case 'story':
      return {
        title: model.story.headline,
        description: model.story.summary ?? model.story.headline,
        content: <StoryPage story={model.story} ctx={ctx} t={t} />,
      }
    case 'topic': {
      const title = fill(t.storiesInTopic, { topic: model.category.name })
      return { title, description: title, paging: model.paging, content: <><h1>{title}</h1><ListBody model={model} ctx={ctx} t={t} empty={t.noStories} /></> }
    }
    case 'source': {
      const title = fill(t.storiesFrom, { publisher: model.source.name })
      return {
        title,
        description: title,
        paging: model.paging,
        content: (
          <>
            <h1>{title}</h1>
            <p class="meta">
              {model.source.site_url
                ? <>{t.publisherSite}: <a href={model.source.site_url} rel="nofollow noopener">{new URL(model.source.site_url).host}</a> · </>
                : null}
              <a href={pageHref('/sources', ctx.lang)}>{t.allPublishers}</a>
            </p>
            <ListBody model={model} ctx={ctx} t={t} empty={t.noStories} />
          </>
        ),
      }
    }
    case 'sources': {
      return {
        title: t.allPublishers,
        description: t.allPublishers,
        content: <><h1>{t.allPublishers}</h1><PublisherList sources={model.sources} ctx={ctx} t={t} /></>,
      }
    }
    case 'search': {
      if (model.query === null) return { title: t.search, description: t.searchHint, content: <><h1>{t.search}</h1><p>{t.searchHint}</p></> }
      const title = fill(t.searchResults, { query: model.query })
      return {
        title,
        description: title,
        paging: model.paging,
        content: <><h1>{title}</h1><ListBody model={model} ctx={ctx} t={t} empty={fill(t.noResults, { query: model.query })} /></>,
      }
    }
    case 'document':
      return {
        title: model.title,
        description: model.title,
        content: (
          <>
            {model.lang !== ctx.lang ? <p class="notice">{t.legalTextLanguage}</p> : null}
            {/* Rendered by markdown-it with raw HTML disabled, from the operator's or the bundled Markdown. */}
            <article class="document prose" lang={model.lang} dir={dirOf(model.lang)}>{raw(model.html)}</article>
          </>
        ),
      }
    case 'not-found': {
      const message = { story: t.storyNotFound, topic: t.topicNotFound, publisher: t.publisherNotFound, page: t.notFoundBody }[model.what]
      return {
        title: t.notFoundTitle,
        description: message,
        content: (
          <>
            <h1>{t.notFoundTitle}</h1>
            <p>{message}</p>
            <p><a href={pageHref('/', ctx.lang)}>{t.backHome}</a></p>
            <h2>{t.topics}</h2>
            <TopicLinks topics={model.topics} ctx={ctx} />
          </>
        ),
      }
    }
    case 'error':
      return {
        title: model.title,
        description: model.message,
        content: <><h1>{model.title}</h1><p>{model.message}</p><p><a href={pageHref('/', ctx.lang)}>{t.backHome}</a></p></>,
      }
  }
}

export function renderHtml(model: PageModel, ctx: PageContext, stylesheet: string): string {
  const t = UI_STRINGS[ctx.lang]
  const p = parts(model, ctx, t)
  const page = (
    <Layout ctx={ctx} t={t} title={p.title} description={p.description} topics={model.topics} keep={ctx.keep} stylesheet={stylesheet}
      pageLinks={p.paging ? { prev: p.paging.newer === undefined ? undefined : pagedHref(ctx, p.paging.newer), next: p.paging.older === null ? undefined : pagedHref(ctx, p.paging.older) } : undefined}
      noindex={model.kind === 'search' || model.kind === 'not-found' || model.kind === 'error'}>
      {p.content as never}
    </Layout>
  )
  return `<!doctype html>\n${page.toString()}`
}

