import type { Context } from 'hono'

/**
 * What the responder tells the front path about a response it served from the response cache: which entry
 * (key and content version), so that the next identical request can be answered from that entry before the
 * framework runs. The query parameters the entry's key was made of (see noteParams) bound what may be recorded: a
 * request naming any other one is never answered early, so unknown or ignored parameters cannot mint front-path
 * entries.
 */
export interface FrontNote {
  key: string
  version: string
  /**
   * The response the responder made and the plain header object it was made with (lowercase, sorted: what the
   * adapter writes). The front path reads these instead of `response.headers`, which would turn the adapter's
   * plain object into a Fetch `Headers` for the one read, and make the adapter copy it back out for `writeHead`.
   */
  response?: Response
  headers?: Readonly<Record<string, string>>
}

const NOTE = Symbol('newsdesk.front-note')

type Carrier = { [NOTE]?: FrontNote }

/** The Node request the adapter passes as `c.env.incoming`; absent for in-process `app.request()` calls. */
function carrier(c: Context): Carrier | undefined {
  const env = c.env as { incoming?: object } | undefined
  return env?.incoming as Carrier | undefined
}

/** Whether the request was read from a socket by the Node adapter (not an in-process `app.request()`). */
export function fromSocket(c: Context): boolean {
  return carrier(c) !== undefined
}

export function leaveFrontNote(c: Context, note: FrontNote): void {
  const target = carrier(c)
  if (target) target[NOTE] = note
}

/** Adds the response made for the entry (see FrontNote.response) to the note left for this request, if any. */
export function noteResponse(c: Context, response: Response, headers: Readonly<Record<string, string>>): void {
  const note = carrier(c)?.[NOTE]
  if (note) {
    note.response = response
    note.headers = headers
  }
}

/** Withdraws the note left for this request: its response is not one to answer again from the front path. */
export function dropFrontNote(c: Context): void {
  const target = carrier(c)
  if (target) delete target[NOTE]
}

export function takeFrontNote(incoming: object): FrontNote | undefined {
  const target = incoming as Carrier
  const note = target[NOTE]
  if (note) delete target[NOTE]
  return note
}

/** The query parameter names a cache key was built from (see cacheKey): `stories?lang=en&limit=20` → lang, limit. */
export function noteParams(note: FrontNote): Set<string> {
  const { key } = note
  const q = key.indexOf('?')
  if (q < 0 || q === key.length - 1) return new Set()
  return new Set(key.slice(q + 1).split('&').map((p) => {
    const eq = p.indexOf('=')
    return eq < 0 ? p : p.slice(0, eq)
  }))
}
