import type { Context } from 'hono'

/**
 * The path, as the client sent it before decoding, clipped: what an error message may echo. The URL parser
 * percent-encodes controls, spaces, quotes, angle brackets and everything beyond ASCII, so the echo can neither
 * break a JSON string's meaning for a naive reader nor carry a character a header could not hold.
 */
export function echoPath(c: Context): string {
  const raw = new URL(c.req.url).pathname
  return raw.length > 200 ? `${raw.slice(0, 200)}…` : raw
}
