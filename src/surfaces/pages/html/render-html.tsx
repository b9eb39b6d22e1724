import { raw } from 'hono/html'
import type { Category } from '../../../query/views.ts'
import { pageHref, topicPath } from '../links.ts'
import type { PageContext, PageModel } from '../models.ts'
import { UI_STRINGS, fill, type UiStrings } from '../ui-strings.ts'
import { Layout } from './layout.tsx'
import { StoryList } from './story-card.tsx'
import { StoryPage } from './story-page.tsx'

function TopicLinks({ topics, ctx }: { topics: Category[]; ctx: PageContext }) {
  return <ul class="topic-links">{topics.map((c) => <li><a href={pageHref(topicPath(c.slug), ctx.lang)}>{c.name}</a></li>)}</ul>
}

interface PageParts {
  title: string
  description: string
  keep?: Record<string, string>
  content: unknown
}

function parts(model: PageModel, ctx: PageContext, t: UiStrings): PageParts {
  switch (model.kind) {
    case 'home':
      return {
        title: t.latestStories,
        description: t.siteTagline,
        content: <><h1>{t.latestStories}</h1><p class="tagline">{t.siteTagline}</p><StoryList stories={model.stories} ctx={ctx} t={t} empty={t.noStories} /></>,
      }
    case 'story':
      return {
        title: model.story.headline,
        description: model.story.summary ?? model.story.headline,
        content: <StoryPage story={model.story} ctx={ctx} t={t} />,
      }
    case 'topic': {
      const title = fill(t.storiesInTopic, { topic: model.category.name })
      return { title, description: title, content: <><h1>{title}</h1><StoryList stories={model.stories} ctx={ctx} t={t} empty={t.noStories} /></> }
    }
    case 'source': {
      const title = fill(t.storiesFrom, { publisher: model.source.name })
      return {
        title,
        description: title,
        content: (
          <>
            <h1>{title}</h1>
            {model.source.site_url
              ? <p class="meta">{t.publisherSite}: <a href={model.source.site_url} rel="nofollow noopener">{new URL(model.source.site_url).host}</a></p>
              : null}
            <StoryList stories={model.stories} ctx={ctx} t={t} empty={t.noStories} />
          </>
        ),
      }
    }
    case 'search': {
      if (model.query === null) return { title: t.search, description: t.searchHint, content: <><h1>{t.search}</h1><p>{t.searchHint}</p></> }
      const title = fill(t.searchResults, { query: model.query })
      return {
        title,
        description: title,
        keep: { q: model.query },
        content: <><h1>{title}</h1><StoryList stories={model.stories} ctx={ctx} t={t} empty={fill(t.noResults, { query: model.query })} /></>,
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
            <article class="document prose" lang={model.lang}>{raw(model.html)}</article>
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
    <Layout ctx={ctx} t={t} title={p.title} description={p.description} topics={model.topics} keep={p.keep} stylesheet={stylesheet}
      noindex={model.kind === 'search' || model.kind === 'not-found' || model.kind === 'error'}>
      {p.content as never}
    </Layout>
  )
  return `<!doctype html>\n${page.toString()}`
}

