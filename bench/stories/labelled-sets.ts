/**
 * The labelled clustering sets the match model is fitted and checked on, in one shape: each article with its true
 * event (null: about nothing else in the set), its time and what clustering reads of it.
 * - real: the real-news development set (real-news.ts), English, 2–3 outlets per event, storylines in the same weeks;
 * - corpus: the project's hand-written crawl corpus (test/fixtures/story-corpus), en/es/de/fr, with hard negatives;
 * - unit: the clustering unit-test corpus (src/crawler/cluster/testdata/corpus.ts), six languages, many singletons;
 * - site: the crawl tests' fixture publishers, seven languages, seven events and many singles.
 */
import type { ClusterArticle } from '../../src/crawler/cluster/fingerprint.ts'
import { CORPUS } from '../../src/crawler/cluster/testdata/corpus.ts'
import { PUBLISHERS } from '../../test/fixtures/publishers-site/content.ts'
import { loadStoryCorpus } from './corpus.ts'
import type { RealNews } from './real-news.ts'

export interface LabelledArticle {
  id: string
  /** The true event; null for an article about nothing else in its set. */
  event: string | null
  /** Events that must be kept together in one fold (an event and its hard negatives). */
  group: string
  time: number
  article: ClusterArticle
}

export interface LabelledSet {
  name: string
  articles: LabelledArticle[]
}

export function realSet(news: RealNews): LabelledSet {
  return {
    name: 'real',
    articles: news.articles.map((a) => ({
      id: a.id, event: a.event, group: a.event, time: Date.parse(a.publishedAt),
      article: {
        title: a.title, teaserText: a.paragraphs[0] ?? '', fullText: a.paragraphs.join('\n\n'), language: 'en',
        publishedAt: a.publishedAt, publisherId: a.outlet,
      },
    })),
  }
}

/** The crawl corpus, dated relative to a fixed instant. */
export function corpusSet(): LabelledSet {
  const corpus = loadStoryCorpus()
  const base = Date.UTC(2026, 10, 20, 12)
  const lang = new Map(corpus.outlets.map((o) => [o.slug, o.lang]))
  return {
    name: 'corpus',
    articles: corpus.articles.map((a) => {
      const time = base - a.hoursAgo * 3_600_000
      return {
        id: a.id, event: a.event, group: a.negativeOf !== null ? [a.event, a.negativeOf].sort()[0]! : a.event, time,
        article: {
          title: a.title, teaserText: a.paragraphs[0] ?? '', fullText: a.paragraphs.join('\n\n'), language: lang.get(a.outlet) ?? null,
          publishedAt: new Date(time).toISOString(), publisherId: a.outlet,
        },
      }
    }),
  }
}

export function unitSet(): LabelledSet {
  return {
    name: 'unit',
    articles: CORPUS.map((a) => ({ id: a.id, event: a.event, group: a.event ?? a.id, time: Date.parse(a.publishedAt!), article: a })),
  }
}

/** The crawl tests' fixture publishers (test/fixtures/publishers-site): seven languages, seven events and singles. */
export function siteSet(): LabelledSet {
  const now = Date.UTC(2026, 10, 20, 12)
  return {
    name: 'site',
    articles: PUBLISHERS.flatMap((p) => p.articles.map((a) => {
      const time = now - a.minutesAgo * 60_000
      const id = `${p.slug}/${a.slug}`
      return {
        id, event: a.event ?? null, group: a.event ?? id, time,
        article: {
          title: a.title, teaserText: a.lead, fullText: [a.lead, ...a.body].join('\n\n'), language: p.lang,
          publishedAt: new Date(time).toISOString(), publisherId: p.slug,
        },
      }
    })),
  }
}
