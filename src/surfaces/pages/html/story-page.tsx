import type { StoryDetail } from '../../../query/views.ts'
import { formatTime, languageName, pageHref, sourcePath, storyPath, topicPath } from '../links.ts'
import type { PageContext } from '../models.ts'
import { fill, type UiStrings } from '../ui-strings.ts'
import { dirOf } from './layout.tsx'
import { publisherOf } from './story-card.tsx'
import { coverImagePath } from '../../images/routes.ts'

const paragraphs = (text: string) => text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean)

/** The story: the original link is the most prominent action, because it is what readers must cite. */
export function StoryPage({ story, ctx, t }: { story: StoryDetail; ctx: PageContext; t: UiStrings }) {
  const publisher = publisherOf(story)
  const time = formatTime(story.published_at, ctx.lang)
  const cards = story.cards.filter((c) => c.heading || c.body)
  // Through this site's proxy only: an <img> pointing at the publisher's host would tell it who reads what.
  const cover = ctx.coverImages && story.cover_image_url ? coverImagePath(story.id) : null
  return (
    <article class="story" lang={story.lang} dir={dirOf(story.lang)}>
      {story.category
        ? <p class="kicker"><a href={pageHref(topicPath(story.category.slug), ctx.lang)}>{story.category.name}</a></p>
        : null}
      <h1>{story.headline}</h1>
      <p class="meta">
        {story.source
          ? <a class="publisher" href={pageHref(sourcePath(story.source.id), ctx.lang)}>{publisher}</a>
          : <span class="publisher">{publisher}</span>}
        {time ? <> · <time datetime={story.published_at ?? undefined}>{time}</time></> : null}
        {story.author ? <> · {fill(t.by, { author: story.author })}</> : null}
        {/* On a phone the big button sits below a long summary: the original is one tap away from the top too. */}
        {' · '}<a href={story.original_url} rel="nofollow noopener">{t.originalArticle}</a>
      </p>
      {story.lang !== ctx.lang
        ? <p class="notice" lang={ctx.lang} dir={dirOf(ctx.lang)}>{fill(t.translationFallback, { language: languageName(ctx.lang) })}</p>
        : null}
      {story.multi_source ? <p class="notice">{t.multiSource}</p> : null}
      {cover
        ? <figure class="cover"><img src={cover} alt={fill(t.coverImageAlt, { publisher })} referrerpolicy="no-referrer" loading="lazy" decoding="async" /></figure>
        : null}
      {story.summary ? paragraphs(story.summary).map((p) => <p class="lead">{p}</p>) : null}
      <p class="original-cta">
        <a class="button" href={story.original_url} rel="nofollow noopener">{fill(t.readOriginal, { publisher })}</a>
      </p>
      {cards.length
        ? (
          <section class="cards" aria-labelledby="key-points">
            <h2 id="key-points">{t.keyPoints}</h2>
            {cards.map((card) => (
              <section class="card">
                {card.heading ? <h3>{card.heading}</h3> : null}
                {card.body ? paragraphs(card.body).map((p) => <p>{p}</p>) : null}
              </section>
            ))}
          </section>
        )
        : null}
      <section class="cite" aria-labelledby="cite-as">
        <h2 id="cite-as">{t.citeAs}</h2>
        <p>{publisher}, “{story.original_title}”, <a href={story.original_url} rel="nofollow noopener">{story.original_url}</a></p>
      </section>
      {story.covered_by.length
        ? (
          <section class="covered-by" aria-labelledby="covered-by">
            <h2 id="covered-by">{t.alsoCoveredBy}</h2>
            <ul>
              {story.covered_by.map((o) => (
                <li>
                  <span class="outlet">{o.name}</span>:{' '}
                  {o.url ? <a href={o.url} rel="nofollow noopener">{o.title}</a> : o.title}
                </li>
              ))}
            </ul>
          </section>
        )
        : null}
      {story.related?.length
        ? (
          <section class="related" aria-labelledby="related-stories">
            <h2 id="related-stories">{t.relatedStories}</h2>
            <ul>
              {story.related.map((r) => <li><a href={pageHref(storyPath(r.id), ctx.lang)} dir="auto">{r.headline}</a></li>)}
            </ul>
          </section>
        )
        : null}
    </article>
  )
}
