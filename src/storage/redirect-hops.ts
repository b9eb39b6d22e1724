/**
 * Most redirects followed from one id. Writers keep every redirect pointing at a final id (a merge re-points those
 * aimed at the story it folds away), so one hop is the rule; the bound and the visited set only make sure that a
 * damaged or hand-edited table can never loop a reader.
 */
export const MAX_REDIRECT_HOPS = 8

/** Follows redirects from `id` with `next` (one lookup per hop); the final id, or null when `id` has none. */
export function followRedirects(id: string, next: (id: string) => string | null | undefined): string | null {
  const seen = new Set([id])
  let at = id
  for (let hop = 0; hop < MAX_REDIRECT_HOPS; hop++) {
    const to = next(at)
    if (to == null || seen.has(to)) break
    seen.add(to)
    at = to
  }
  return at === id ? null : at
}

/** followRedirects for an asynchronous lookup. */
export async function followRedirectsAsync(id: string, next: (id: string) => Promise<string | null | undefined>): Promise<string | null> {
  const seen = new Set([id])
  let at = id
  for (let hop = 0; hop < MAX_REDIRECT_HOPS; hop++) {
    const to = await next(at)
    if (to == null || seen.has(to)) break
    seen.add(to)
    at = to
  }
  return at === id ? null : at
}
