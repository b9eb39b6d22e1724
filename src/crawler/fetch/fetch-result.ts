/** Stable failure codes: callers store and count them, so never rename one. */
export type FailureReason =
  | 'blocked-address' | 'too-many-redirects' | 'timeout' | 'too-large' | 'http-error' | 'network' | 'bad-url'
  | 'robots-disallowed'

export interface FetchOk {
  status: 'ok'
  /** Raw bytes after content decoding; charset detection is the parser's job (XML declaration, `<meta charset>`). */
  body: Buffer
  /** Response headers, lower-case names, repeated fields joined with `, `. */
  headers: Record<string, string>
  finalUrl: string
  etag: string | null
  lastModified: string | null
}

export interface FetchNotModified {
  status: 'not-modified'
  finalUrl: string
}

/** A failure is a value, never a thrown error: one bad publisher must not take the crawl down. */
export interface FetchFailure {
  status: 'failed'
  reason: FailureReason
  /** For operators' logs only; may echo publisher data, so never show it on a public surface. */
  message: string
  /**
   * Set for 'http-error'; and for 'robots-disallowed' when robots.txt answered 5xx or 429 (RFC 9309 "unreachable",
   * so disallow-all for now): the site is in trouble, not refusing us, and a later try may pass.
   */
  httpStatus?: number
  /** The raw Retry-After of a 429/503, for the scheduler's backoff. */
  retryAfter?: string
  /**
   * True when no connection to the host could be made: its name did not resolve, the connection was refused or
   * the host or network unreachable, or no connection within the connect timeout. Nothing about the publisher's
   * answer; when every feed of a pass fails so, the machine is most likely offline.
   */
  unreachable?: boolean
}

export type FetchResult = FetchOk | FetchNotModified | FetchFailure

export function failure(reason: FailureReason, message: string, extra: Partial<FetchFailure> = {}): FetchFailure {
  return { status: 'failed', reason, message, ...extra }
}
