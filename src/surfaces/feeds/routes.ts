import { Hono, type Context } from 'hono'
import { AppError } from '../../domain/errors.ts'
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../../domain/languages.ts'
import type { QueryService } from '../../query/query-service.ts'
import { cacheKey, type Responder } from '../http/responder.ts'
import type { Rendered } from '../http/response-cache.ts'
import { renderAtom } from './atom.ts'
import { buildFeedModel, type FeedModel } from './feed-model.ts'
import { FEED_FORMATS, FEED_MEDIA_TYPES, OPML_PATH, feedHref, type FeedFormat, type FeedTarget } from './feed-urls.ts'
import { httpDate } from './feed-xml.ts'
import { renderJsonFeed } from './json-feed.ts'
import { renderTopicsOpml } from './opml.ts'
import { renderRss } from './rss.ts'

export interface FeedDeps {
  query: QueryService
  respond: Responder
  siteUrl: string
  /** WEBSUB_HUB_URL: named in every feed and its Link header; null or absent: feeds name no hub. */
  hubUrl?: string | null
}

const WRITERS: Record<FeedFormat, (feed: FeedModel) => string> = { rss: renderRss, atom: renderAtom, json: renderJsonFeed }

/** `finance.rss` → slug and format; anything else names no feed. */
const FILE = /^([^/.]+)\.(rss|atom|json)$/

function langOf(c: Context): Language {
  const lang = c.req.query('lang')
  if (lang === undefined) return DEFAULT_LANGUAGE
  if (!isLanguage(lang)) throw AppError.invalidField('lang', `must be one of ${LANGUAGES.join(', ')} (got "${lang.slice(0, 20)}")`)
  return lang
}

/** A malformed topic or publisher in the path names no feed: 404, as for pages. */
const notFoundWhenInvalid = (path: string) => (err: unknown) => {
  throw err instanceof AppError && err.code === 'invalid_parameter' ? new AppError('not_found', `No feed at ${path}`) : err
}

type FeedInput = { topic?: string; source?: string; q?: string; lang: Language }

/** The scope of a feed that names a hub (never a search: see serve). */
const targetOf = (input: FeedInput): FeedTarget =>
  input.topic !== undefined ? { kind: 'topic', slug: input.topic }
    : input.source !== undefined ? { kind: 'source', id: input.source } : { kind: 'latest' }

/**
 * RSS 2.0, Atom 1.0 and JSON Feed 1.1 of the home edition, each topic, each publisher and any search, in every
 * language, and an OPML list of the topic feeds. Each goes through the response cache like every other answer (strong
 * ETag, 304), and carries Last-Modified (the newest entry's write) for readers that only send If-Modified-Since.
 * With a WebSub hub configured, each feed but a search's also names the hub and its own address in a Link header,
 * where a subscriber looks first (W3C WebSub §4), and in the document itself.
 */
export function createFeedRoutes({ query, respond, siteUrl, hubUrl = null }: FeedDeps): Hono {
  const routes = new Hono()
  // A feed's key is its scope (in the path, or q) and language; the OPML list's, its language.
  const feeds = respond.declare({ params: ['q', 'lang'], vary: [] })
  const opml = respond.declare({ params: ['lang'], vary: [] })

  const serve = (c: Context, format: FeedFormat, input: FeedInput, load: () => Promise<Awaited<ReturnType<QueryService['storyFeed']>>>) => {
    // A search feed names no hub: which searches a pass changed is unknowable, so no ping would ever come for one,
    // and a reader that trusts a hub polls less (docs/decisions/0053-websub-pings.md).
    const hub = input.q === undefined ? hubUrl : null
    return feeds.rendered(c, cacheKey(`feed:${format}`, input), async (): Promise<Rendered> => {
      const feed = await load()
      return {
        body: WRITERS[format](buildFeedModel(feed, siteUrl, hub)),
        contentType: `${FEED_MEDIA_TYPES[format]}; charset=utf-8`,
        headers: feed.updated ? { 'Last-Modified': httpDate(feed.updated) } : {},
      }
    }, hub === null ? {} : {
      headers: { Link: `<${hub}>; rel="hub", <${siteUrl}${feedHref(targetOf(input), format, input.lang)}>; rel="self"` },
    })
  }

  for (const format of FEED_FORMATS) {
    routes.get(`/feeds/latest.${format}`, (c) => {
      const input = { lang: langOf(c) }
      return serve(c, format, input, () => query.storyFeed(input))
    })
    routes.get(`/feeds/search.${format}`, (c) => {
      const q = c.req.query('q')?.trim()
      if (!q) throw AppError.invalidField('q', 'required; a search feed follows the stories matching q')
      const input = { q, lang: langOf(c) }
      return serve(c, format, input, () => query.storyFeed(input))
    })
  }

  routes.get('/feeds/topics/:file', (c) => {
    const match = FILE.exec(c.req.param('file'))
    if (!match) throw new AppError('not_found', `No feed at ${c.req.path}`)
    const input = { topic: match[1]!, lang: langOf(c) }
    return serve(c, match[2] as FeedFormat, input, () => query.storyFeed(input).catch(notFoundWhenInvalid(c.req.path)))
  })

  routes.get('/feeds/sources/:file', (c) => {
    const match = FILE.exec(c.req.param('file'))
    if (!match) throw new AppError('not_found', `No feed at ${c.req.path}`)
    const input = { source: match[1]!.toLowerCase(), lang: langOf(c) }
    return serve(c, match[2] as FeedFormat, input, () => query.storyFeed(input).catch(notFoundWhenInvalid(c.req.path)))
  })

  routes.get(OPML_PATH, (c) => {
    const lang = langOf(c)
    return opml.text(c, cacheKey('feed:opml', { lang }), 'text/x-opml; charset=utf-8',
      async () => renderTopicsOpml(siteUrl, lang, (await query.listCategories({ lang })).categories))
  })

  return routes
}
