import type { Context } from 'hono'

/** Thrown by the story page's loader when the requested id was merged into another story. */
export class StoryMoved extends Error {
  constructor(readonly survivorId: string) {
    super(`story merged into ${survivorId}`)
  }
}

/** Query parameters that choose a page variant; the redirect keeps them (anything else names nothing here). */
const KEPT_PARAMS = ['lang', 'format'] as const

/**
 * The permanent redirect of a merged story's page to the survivor's, in the same format (a `.md` path stays one)
 * and language. A merge is never undone, so it may be cached like a page; the path is relative, so it holds
 * behind any proxy.
 */
export function storyMovedResponse(c: Context, moved: StoryMoved): Response {
  const suffix = c.req.path.endsWith('.md') ? '.md' : ''
  const params = new URLSearchParams()
  for (const name of KEPT_PARAMS) {
    const value = c.req.query(name)
    if (value !== undefined) params.set(name, value)
  }
  const qs = params.toString()
  const search = qs ? `?${qs}` : ''
  return new Response(null, {
    status: 301,
    headers: { Location: `/s/${encodeURIComponent(moved.survivorId)}${suffix}${search}`, 'Cache-Control': 'public, max-age=3600' },
  })
}
