import type { Story } from '../../../query/views.ts'
import { formatTime, pageHref, sourcePath, storyPath, topicPath } from '../links.ts'
import { dirOf } from './layout.tsx'
import type { PageContext } from '../models.ts'
import { fill, type UiStrings } from '../ui-strings.ts'

/** The publisher's name, or the original article's host when the store knows no publisher. */
export const publisherOf = (story: Story) => story.source?.name ?? new URL(story.original_url).host

/** One story in a list: headline, publisher, time, topic, summary and the link to the original. */
export function StoryCard({ story, ctx, t, headingLevel = 2 }: { story: Story; ctx: PageContext; t: UiStrings; headingLevel?: 2 | 3 }) {
  const time = formatTime(story.published_at, ctx.lang)
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const publisher = publisherOf(story)
  // Text still in another language than the page's (an English fallback) says so, and sets its own direction (WCAG 3.1.2).
  const other = story.lang !== ctx.lang ? { lang: story.lang, dir: dirOf(story.lang) } : {}
  return (
    <article class="story-card">
      <Heading class="story-title" {...other}><a href={pageHref(storyPath(story.id), ctx.lang)}>{story.headline}</a></Heading>
      <p class="meta">
        {story.source
          ? <a class="publisher" href={pageHref(sourcePath(story.source.id), ctx.lang)}>{publisher}</a>
          : <span class="publisher">{publisher}</span>}
        {time ? <> · <time datetime={story.published_at ?? undefined}>{time}</time></> : null}
        {story.category ? <> · <a href={pageHref(topicPath(story.category.slug), ctx.lang)}>{story.category.name}</a></> : null}
      </p>
      {story.summary ? <p class="summary" {...other}>{story.summary}</p> : null}
      <p class="original"><a href={story.original_url} rel="nofollow noopener">{fill(t.readOriginal, { publisher })}</a></p>
    </article>
  )
}

export function StoryList({ stories, ctx, t, empty }: { stories: Story[]; ctx: PageContext; t: UiStrings; empty: string }) {
  if (stories.length === 0) return <p class="empty">{empty}</p>
  return <div class="story-list">{stories.map((story) => <StoryCard story={story} ctx={ctx} t={t} />)}</div>
}
