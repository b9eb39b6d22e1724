import type { Context } from 'hono'

/**
 * What the responder tells the front path about a response it served from the response cache: which entry
 * (key and content version), so that the next identical request can be answered from that entry before the
 * framework runs, and which query parameters the entry's key was made of (a request naming any other one is
 * never answered early, so unknown or ignored parameters cannot mint front-path entries).
 */
export interface FrontNote {
  key: string
  version: string
  /** Names of the validated query parameters the cache key was built from. */
  params: ReadonlySet<string>
}

const NOTE = Symbol('newsdesk.front-note')

type Carrier = { [NOTE]?: FrontNote }

/** The Node request the adapter passes as `c.env.incoming`; absent for in-process `app.request()` calls. */
function carrier(c: Context): Carrier | undefined {
  const env = c.env as { incoming?: object } | undefined
  return env?.incoming as Carrier | undefined
}

export function leaveFrontNote(c: Context, note: FrontNote): void {
  const target = carrier(c)
  if (target) target[NOTE] = note
}

export function takeFrontNote(incoming: object): FrontNote | undefined {
  const target = incoming as Carrier
  const note = target[NOTE]
  if (note) delete target[NOTE]
  return note
}
