import { Hono, type Context } from 'hono'
import type { Logger } from 'pino'
import { AppError } from '../../domain/errors.ts'
import type { Language } from '../../domain/languages.ts'
import { TOPICS, TOPIC_NAMES } from '../../domain/topics.ts'
import type { QueryService } from '../../query/query-service.ts'
import { createUrls, type Category, type Story } from '../../query/views.ts'
import type { CachePolicy } from '../http/cache-policy.ts'
import { cacheKey, type Responder } from '../http/responder.ts'
import type { Rendered } from '../http/response-cache.ts'
import type { StaticDocuments } from './documents.ts'
import { renderHtml } from './html/render-html.tsx'
import { pageHref } from './links.ts'
import { renderMarkdown } from './markdown/render-markdown.ts'
import { estimateTokens } from '../http/markdown-tokens.ts'
import type { PageContext, PageModel, Paging, StaticDocumentSlug } from './models.ts'
import type { ListStoriesInput } from '../../query/inputs.ts'
import { prefersJson } from './negotiate.ts'
import { ERROR_STATUS, UNAVAILABLE_RETRY_AFTER, clientError, errorResponse } from '../http/error-response.ts'
import { readErrorPageRequest, readPageRequest, type PageRequest } from './page-request.ts'
import { StoryMoved, storyMovedResponse } from './story-moved.ts'

export interface PageDeps {
  query: QueryService
  respond: Responder
  policy: CachePolicy
  siteUrl: string
  documents: StaticDocuments
  stylesheet: string
  log: Logger
  /** Cover images through the same-origin proxy (NEWSDESK_COVER_IMAGES=proxy), or none. */
  coverImages?: boolean
}

/**
 * Pages load images from this site only (cover images come through its proxy: no publisher learns who reads) and
 * post nothing but the GET search form to us.
 */
const PAGE_CSP = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

/** Whatever the search engines and agents may do with the Markdown: search and answers yes, training no. */
const CONTENT_SIGNAL = 'search=yes, ai-input=yes, ai-train=no'

const HOME_LIMIT = 30
const LIST_LIMIT = 50
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A list page's `cursor` (the REST API's): absent or empty is the first page. */
const cursorOf = (c: Context) => c.req.query('cursor') || undefined

type Loader = (c: Context, req: PageRequest) => Promise<PageModel>

/** The site's pages: each is one loader over the query service, rendered as HTML or Markdown. */
export function createPageRoutes(deps: PageDeps) {
  const { query, respond, policy, siteUrl } = deps
  const urls = createUrls(siteUrl)

  async function topicsFor(lang: Language): Promise<Category[]> {
    try {
      return (await query.listCategories({ lang })).categories
    } catch {
      // Navigation must not fail with the store: the topic list is fixed, so build it from the domain.
      return TOPICS.map((slug) => ({ slug, name: TOPIC_NAMES[slug][lang], url: urls.topic(slug) }))
    }
  }

  function render(model: PageModel, req: PageRequest, keep: Record<string, string> = {}): Rendered {
    const ctx: PageContext = { lang: req.lang, siteUrl, path: req.path, coverImages: deps.coverImages === true, keep }
    if (req.format === 'markdown') {
      const body = renderMarkdown(model, ctx)
      return {
        body,
        contentType: 'text/markdown; charset=utf-8',
        headers: { 'x-markdown-tokens': String(estimateTokens(body)) },
      }
    }
    return { body: renderHtml(model, ctx, deps.stylesheet), contentType: 'text/html; charset=utf-8' }
  }

  /**
   * Headers that depend on the request, not on the body: Vary, alternates, CSP. `keep` holds the query
   * parameters that are part of the page's identity (the search query), so its alternate links carry them.
   */
  function pageHeaders(req: PageRequest, keep: Record<string, string> = {}): Record<string, string> {
    const headers: Record<string, string> = { 'Content-Language': req.lang }
    if (req.negotiated) headers.Vary = 'Accept'
    if (req.format === 'markdown') {
      headers.Link = `<${siteUrl}${pageHref(req.path, req.lang, 'html', keep)}>; rel="canonical"`
      headers['Content-Signal'] = CONTENT_SIGNAL
    } else {
      const links = [`<${siteUrl}${pageHref(req.path, req.lang, 'markdown', keep)}>; rel="alternate"; type="text/markdown"`]
      if (req.path === '/') links.push(`<${siteUrl}/.well-known/api-catalog>; rel="api-catalog"`)
      headers.Link = links.join(', ')
      headers['Content-Security-Policy'] = PAGE_CSP
    }
    return headers
  }

  /**
   * An error in the page's format. Its links and headers are built from the home page (readErrorPageRequest),
   * never from the request path, and it has no Link header: there is no page here to have alternates.
   */
  async function errorPage(err: unknown, c: Context): Promise<Response> {
    // A client that ranks JSON above both page formats gets the API's error object.
    if (prefersJson(c.req.header('Accept'))) return errorResponse(err, deps.log, policy)
    const req = readErrorPageRequest(c)
    const topics = await topicsFor(req.lang)
    const known = clientError(err, deps.log, 'pages')
    const status = known ? ERROR_STATUS[known.code] : 500
    let model: PageModel
    if (known?.code === 'not_found') {
      const path = c.req.path
      const what = /^\/s\//.test(path) ? 'story' : /^\/c\//.test(path) ? 'topic' : /^\/source\//.test(path) ? 'publisher' : 'page'
      model = { kind: 'not-found', what, topics }
    } else if (known?.code === 'invalid_parameter') {
      model = { kind: 'error', status: 400, title: 'Invalid request', message: known.message, topics }
    } else if (known?.code === 'method_not_allowed') {
      model = { kind: 'error', status: 405, title: 'Method not allowed', message: known.message, topics }
    } else if (known?.code === 'unavailable') {
      model = { kind: 'error', status: 503, title: 'Temporarily unavailable', message: 'The stories cannot be read right now. Please retry in a minute.', topics }
    } else {
      // A bug, not an outage: a 500 (a retry will not help), with nothing of its cause on the page.
      model = { kind: 'error', status: 500, title: 'Internal error', message: 'Something went wrong on our side. It has been logged.', topics }
    }
    const out = render(model, req)
    const caching = status >= 500 ? policy.noStore : policy.clientError
    const { Link: _link, ...headers } = pageHeaders(req)
    return new Response(out.body, {
      status,
      headers: { 'Content-Type': out.contentType, ...caching, ...(status === 503 ? UNAVAILABLE_RETRY_AFTER : {}), ...out.headers, ...headers },
    })
  }

  /**
   * One page: its cache key is the page path plus language and format, so every variant is cached once, and the
   * parameters `keyParams` reads (named in `names`, its declaration).
   */
  function page(load: Loader, keyParams: (c: Context) => Record<string, string | undefined> = () => ({}), names: readonly string[] = []) {
    const cached = respond.declare({ params: ['lang', 'format', ...names], vary: ['accept'] })
    return async (c: Context) => {
      try {
        const r = readPageRequest(c)
        const params = keyParams(c)
        const key = cacheKey(`page:${r.path}`, { lang: r.lang, format: r.format, ...params })
        const keep = Object.fromEntries(Object.entries(params).filter((e): e is [string, string] => e[1] !== undefined))
        return await cached.rendered(c, key, async () => render(await load(c, r), r, keep), { headers: pageHeaders(r, keep) })
      } catch (err) {
        if (err instanceof StoryMoved) return storyMovedResponse(c, err)
        return errorPage(err, c)
      }
    }
  }

  /** A list page's stories and where it sits: the REST cursors of the older page and of the newer one. */
  async function paged(input: ListStoriesInput & { cursor?: string }): Promise<{ stories: Story[]; paging: Paging }> {
    const list = await query.listStories(input)
    return { stories: list.stories, paging: await pagingOf(input, list.next_cursor) }
  }
  async function pagingOf(input: ListStoriesInput & { cursor?: string }, older: string | null): Promise<Paging> {
    return input.cursor === undefined ? { older } : { older, newer: await query.newerCursor(input) }
  }

  const home: Loader = async (c, req) => ({
    kind: 'home',
    ...await paged({ limit: HOME_LIMIT, lang: req.lang, cursor: cursorOf(c) }),
    topics: await topicsFor(req.lang),
  })

  const story: Loader = async (_c, req) => {
    const id = req.path.slice('/s/'.length)
    // A malformed id names no story: for a page that is a 404, not a 400.
    const result = await query.getStory({ id, lang: req.lang }).catch((err: unknown) => {
      throw err instanceof AppError && err.code === 'invalid_parameter' ? new AppError('not_found', 'No such story') : err
    })
    // The id of a story merged into an older one: its page moved for good.
    if (result.story.id !== id.toLowerCase()) throw new StoryMoved(result.story.id)
    return { kind: 'story', story: result.story, topics: await topicsFor(req.lang) }
  }

  const topic: Loader = async (c, req) => {
    const slug = req.path.slice('/c/'.length)
    const topics = await topicsFor(req.lang)
    const category = topics.find((t) => t.slug === slug)
    if (!category) throw new AppError('not_found', 'No such topic')
    return { kind: 'topic', category, ...await paged({ topic: category.slug, limit: LIST_LIMIT, lang: req.lang, cursor: cursorOf(c) }), topics }
  }

  const source: Loader = async (c, req) => {
    const id = req.path.slice('/source/'.length)
    const cursor = cursorOf(c)
    // A malformed id names no publisher (a 404); a malformed cursor is the reader's error (a 400), as on every list.
    if (!UUID.test(id)) throw new AppError('not_found', 'No such publisher')
    const result = await query.getSource({ id, lang: req.lang, limit: LIST_LIMIT, cursor })
    const paging = await pagingOf({ source: result.source.id, limit: LIST_LIMIT, lang: req.lang, cursor }, result.next_cursor)
    return { kind: 'source', source: result.source, stories: result.stories, paging, topics: await topicsFor(req.lang) }
  }

  const search: Loader = async (c, req) => {
    const q = c.req.query('q')?.trim()
    const topics = await topicsFor(req.lang)
    if (!q) return { kind: 'search', query: null, stories: [], paging: { older: null }, topics }
    return { kind: 'search', query: q, ...await paged({ q, limit: LIST_LIMIT, lang: req.lang, cursor: cursorOf(c) }), topics }
  }

  const sources: Loader = async (_c, req) => ({
    kind: 'sources', sources: (await query.sourceDirectory({ lang: req.lang })).sources, topics: await topicsFor(req.lang),
  })

  const document = (slug: StaticDocumentSlug): Loader => async (_c, req) => {
    const doc = deps.documents.get(slug, req.lang)
    return { kind: 'document', slug, title: doc.title, markdown: doc.markdown, html: doc.html, lang: doc.lang, topics: await topicsFor(req.lang) }
  }

  const routes = new Hono()
  const both = (path: string, handler: ReturnType<typeof page>) => {
    routes.get(path, handler)
    routes.get(`${path}.md`, handler)
  }
  const cursorKey = (c: Context) => ({ cursor: cursorOf(c) })
  const cursor = ['cursor']
  routes.get('/', page(home, cursorKey, cursor))
  routes.get('/index.md', page(async (c, req) => home(c, { ...req, path: '/' }), cursorKey, cursor))
  routes.get('/s/:id', page(story))
  routes.get('/c/:slug', page(topic, cursorKey, cursor))
  routes.get('/source/:id', page(source, cursorKey, cursor))
  both('/sources', page(sources))
  both('/search', page(search, (c) => ({ q: c.req.query('q')?.trim() || undefined, cursor: cursorOf(c) }), ['q', 'cursor']))
  both('/pricing', page(document('pricing')))
  for (const slug of ['terms', 'privacy', 'refund'] as const) both(`/legal/${slug}`, page(document(slug)))

  /** The 404 page for any other path, in the format the client asked for. */
  const notFound = (c: Context) => errorPage(new AppError('not_found', 'No page at this address'), c)
  return { routes, notFound, errorPage }
}
