import type { Context, Hono } from 'hono'
import { PatternRouter } from 'hono/router/pattern-router'
import type { Logger } from 'pino'
import { AppError } from '../domain/errors.ts'
import type { CachePolicy } from '../surfaces/http/cache-policy.ts'
import { prefersJson } from '../surfaces/pages/negotiate.ts'
import { abortFields, isClientAbort } from '../surfaces/http/client-abort.ts'
import { echoPath } from '../surfaces/http/echo-path.ts'
import { errorResponse } from '../surfaces/http/error-response.ts'

const ALLOW = 'GET, HEAD, OPTIONS'

/**
 * The canonical form of a path that differs from it harmlessly: trailing slashes dropped, repeated slashes
 * collapsed, `/index.html` for the home page. Null when the path is already canonical (or is nothing of ours).
 * The result starts with one `/` followed by a character that is not `/` or `\`, so it is never an off-site
 * redirect target.
 */
export function canonicalPath(raw: string): string | null {
  let path = raw.replace(/\/{2,}/g, '/')
  if (path === '/index.html' || path === '/index.htm') path = '/'
  if (path.length > 1) path = path.replace(/\/+$/, '')
  if (path === '' || path === raw || path.startsWith('/\\')) return null
  return path
}

export interface FallbackDeps {
  /** The whole app, once every route is registered: its GET routes are the resources OPTIONS and 405 know. */
  app: Hono
  log: Logger
  policy: CachePolicy
  pages: {
    notFound(c: Context): Promise<Response>
    errorPage(err: unknown, c: Context): Promise<Response>
  }
}

/**
 * What answers when no route does, and when a handler throws. Every unmatched path or method is a normal 4xx in
 * the format the client negotiated (JSON for /api/ and for clients that prefer JSON; the HTML or Markdown page
 * otherwise), never a 500 from a header that could not be built; an error thrown by a non-page resource is the
 * JSON error object, as before.
 * - a path with a GET route: OPTIONS answers the CORS preflight (204), any other method is 405 with Allow;
 * - anything else is 404.
 */
export function createFallback({ app, log, policy, pages }: FallbackDeps) {
  let getRoutes: PatternRouter<true> | undefined
  /** Built on first use, when the app has all its routes; a router of GET paths only, not middleware. */
  const hasGetRoute = (path: string) => {
    if (!getRoutes) {
      getRoutes = new PatternRouter<true>()
      for (const route of app.routes) if (route.method === 'GET') getRoutes.add('GET', route.path, true)
    }
    return getRoutes.match('GET', path)[0].length > 0
  }

  const wantsJson = (c: Context) => c.req.path.startsWith('/api/') || prefersJson(c.req.header('Accept'))

  function fail(err: unknown, c: Context, extraHeaders: Record<string, string> = {}): Promise<Response> | Response {
    if (wantsJson(c)) return errorResponse(err, log, policy, extraHeaders)
    return Promise.resolve(pages.errorPage(err, c)).then((res) => {
      for (const [name, value] of Object.entries(extraHeaders)) res.headers.set(name, value)
      return res
    })
  }

  function notFound(c: Context): Promise<Response> | Response {
    const reading = c.req.method === 'GET' || c.req.method === 'HEAD'
    // A harmless variant of an address (`/c/finance/`, `//s/{id}`, `/index.html`) moves for good to the canonical
    // one on pages and discovery files; the API, whose clients build their URLs, answers a clear 404 instead.
    const canonical = reading ? canonicalPath(new URL(c.req.url).pathname) : null
    if (canonical !== null && hasGetRoute(canonical)) {
      if (c.req.path.startsWith('/api/') || canonical.startsWith('/api/')) {
        return errorResponse(new AppError('not_found', `Nothing at ${echoPath(c)}; did you mean ${canonical}?`), log, policy)
      }
      const search = new URL(c.req.url).search
      return new Response(null, { status: 301, headers: { Location: `${canonical}${search}`, ...policy.clientError } })
    }
    // A GET never gets a 405 from a route that answers GET: an address a GET route only nearly matches is a 404.
    if (!reading && hasGetRoute(c.req.path)) {
      if (c.req.method === 'OPTIONS') {
        return new Response(null, {
          status: 204,
          headers: {
            Allow: ALLOW,
            'Access-Control-Allow-Methods': ALLOW,
            'Access-Control-Allow-Headers': 'Accept, Accept-Language, If-None-Match, User-Agent',
            'Access-Control-Max-Age': '86400',
          },
        })
      }
      return fail(new AppError('method_not_allowed', `${c.req.method.slice(0, 20)} is not allowed here; this resource answers GET and HEAD only`), c, { Allow: ALLOW })
    }
    if (wantsJson(c)) return errorResponse(new AppError('not_found', `Nothing at ${echoPath(c)}`), log, policy)
    return pages.notFound(c)
  }

  function onError(err: unknown, c: Context): Promise<Response> | Response {
    if (isClientAbort(err, c.req.raw)) {
      log.info({ ...abortFields(err), path: echoPath(c) }, 'http: client went away')
      // Nobody reads this; it only has to be cheap and not a 5xx.
      return new Response(null, { status: 400, headers: policy.noStore })
    }
    // Page routes answer their own errors as pages; what is thrown to here comes from the other resources
    // (sitemaps, discovery files, the API), whose clients read the JSON error object.
    return errorResponse(err, log, policy)
  }

  return { notFound, onError }
}
