import { TrieRouter } from 'hono/router/trie-router'

/** The label for requests no route matches: unknown paths must not each become a time series. */
export const UNMATCHED = '(unmatched)'
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])

/**
 * Route patterns (`/s/:id`, `/api/v1/stories/:id`) for request paths, from the app's own route table, so a label is
 * always the pattern that serves the path and never the raw path: the number of label values is bounded by the
 * number of routes, whatever clients send. Works whoever answers the request (Hono or a cache in front of it).
 * Catch-all middleware (`*`, `/*`) is not a route.
 */
export function createRouteLabeler(routes: ReadonlyArray<{ method: string; path: string }>) {
  const router = new TrieRouter<string>()
  for (const r of routes) {
    if (r.path === '*' || r.path === '/*') continue
    router.add(r.method, r.path, r.path)
  }
  const cache = new Map<string, string>()
  return {
    route(method: string, pathname: string): string {
      const m = method === 'HEAD' ? 'GET' : method
      const key = `${m} ${pathname}`
      const hit = cache.get(key)
      if (hit !== undefined) return hit
      let label = UNMATCHED
      try {
        const [matches] = router.match(m, pathname)
        if (matches.length > 0) label = matches[0]![0]
      } catch { /* a path the router cannot read names no route */ }
      // Paths with ids are unbounded: remember only a bounded number of them.
      if (cache.size > 10_000) cache.clear()
      cache.set(key, label)
      return label
    },
    /** Methods outside the standard set share one label value. */
    method: (method: string) => (METHODS.has(method) ? method : 'OTHER'),
  }
}
export type RouteLabeler = ReturnType<typeof createRouteLabeler>
