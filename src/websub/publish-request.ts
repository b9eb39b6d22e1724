/**
 * One WebSub publish request: a form POST telling the hub that one topic (a feed's self address) changed.
 *
 * W3C WebSub §6 leaves the publisher-to-hub mechanism to the hub; the form every public hub takes is
 * `hub.mode=publish` with the topic in `hub.url` (PubSubHubbub 0.3, Google's and Superfeedr's hubs) or `hub.topic`
 * (websub.rocks, WebSub's own subscription parameter). Both are sent, with the same value: a hub ignores parameters
 * it does not understand (§5.1).
 */

export type PublishOutcome =
  | { kind: 'ok'; status: number }
  /** Worth another try later: a 5xx, a 429, a network failure or no answer in time. */
  | { kind: 'retry'; reason: string }
  /** The hub refused this request (another 4xx) or sent it elsewhere (3xx): the same request would fail again. */
  | { kind: 'rejected'; reason: string }

export interface PublishOptions {
  userAgent: string
  /** The whole request, response headers included; a stalled hub costs no more than this. */
  timeoutMs: number
  /** Aborts the request when the pinger closes. */
  signal?: AbortSignal
  fetch?: typeof fetch
}

export function publishBody(topicUrl: string): string {
  return new URLSearchParams({ 'hub.mode': 'publish', 'hub.url': topicUrl, 'hub.topic': topicUrl }).toString()
}

export async function sendPublish(hubUrl: string, topicUrl: string, opts: PublishOptions): Promise<PublishOutcome> {
  const timeout = AbortSignal.timeout(opts.timeoutMs)
  const signal = opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout
  let res: Response
  try {
    res = await (opts.fetch ?? globalThis.fetch)(hubUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': opts.userAgent },
      body: publishBody(topicUrl),
      // A redirected POST may turn into a GET (301, 302): the operator is told to set the final address instead.
      redirect: 'manual',
      signal,
    })
  } catch (err) {
    if (timeout.aborted) return { kind: 'retry', reason: 'timeout' }
    const cause = (err as { cause?: { code?: string } }).cause
    return { kind: 'retry', reason: cause?.code ?? (err as Error).name ?? 'network' }
  }
  // The body says nothing a publisher acts on; dropping it frees the connection.
  await res.body?.cancel().catch(() => {})
  if (res.status >= 200 && res.status < 300) return { kind: 'ok', status: res.status }
  if (res.status >= 500 || res.status === 429) return { kind: 'retry', reason: `HTTP ${res.status}` }
  if (res.status >= 300 && res.status < 400) return { kind: 'rejected', reason: `HTTP ${res.status} redirect to ${res.headers.get('location') ?? 'nowhere'}: set WEBSUB_HUB_URL to the hub's final address` }
  return { kind: 'rejected', reason: `HTTP ${res.status}` }
}
