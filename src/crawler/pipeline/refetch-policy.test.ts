import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { failure, type FailureReason } from '../fetch/fetch-result.ts'
import { isTransient, refetchRetryAt, REFETCH_MAX_ATTEMPTS, type KeptTeaser } from './refetch-policy.ts'

const fetchFailed = (reason: FailureReason, httpStatus?: number, retryAfter?: string): KeptTeaser =>
  ({ why: 'fetch', page: failure(reason, 'test', { ...(httpStatus ? { httpStatus } : {}), ...(retryAfter ? { retryAfter } : {}) }) })

describe('which kept teasers are fetched again', () => {
  it('transient: the budget, timeouts, connection errors, 408, 429 and 5xx (of the page or of its robots.txt)', () => {
    const transient: KeptTeaser[] = [
      { why: 'budget' }, fetchFailed('timeout'), fetchFailed('network'),
      ...[408, 429, 500, 502, 503, 504, 599].map((s) => fetchFailed('http-error', s)),
      fetchFailed('robots-disallowed', 503), fetchFailed('robots-disallowed', 429),
    ]
    for (const kept of transient) assert.equal(isTransient(kept), true, JSON.stringify(kept))
  })

  it('permanent: other 4xx, robots.txt, policy refusals, size, not HTML, not an article, no longer text', () => {
    const permanent: KeptTeaser[] = [
      ...[400, 401, 403, 404, 410, 451].map((s) => fetchFailed('http-error', s)),
      fetchFailed('robots-disallowed'), fetchFailed('blocked-address'), fetchFailed('bad-url'),
      fetchFailed('too-many-redirects'), fetchFailed('too-large'), fetchFailed('http-error'),
      { why: 'fetch', page: { status: 'not-modified', finalUrl: 'https://x.example/' } },
      { why: 'extract', reason: 'not-html' }, { why: 'extract', reason: 'no-article' },
      { why: 'extract', reason: 'too-large' }, { why: 'extract', reason: 'parse-error' },
      { why: 'shorter' },
    ]
    for (const kept of permanent) assert.equal(isTransient(kept), false, JSON.stringify(kept))
  })
})

describe('when a kept teaser is fetched again', () => {
  const now = new Date('2026-11-25T12:00:00.000Z')
  const after = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString()

  it('backs off 15 min, 1 h, 4 h, then gives up', () => {
    const kept = fetchFailed('http-error', 503)
    assert.deepEqual([0, 1, 2, 3].map((n) => refetchRetryAt(kept, n, now)), [after(900), after(3600), after(4 * 3600), null])
    assert.equal(REFETCH_MAX_ATTEMPTS, 3)
  })

  it('never for a permanent cause', () => {
    assert.equal(refetchRetryAt(fetchFailed('http-error', 404), 0, now), null)
    assert.equal(refetchRetryAt({ why: 'extract', reason: 'no-article' }, 0, now), null)
  })

  it('a page never asked for (the budget) is due at once', () => {
    assert.equal(refetchRetryAt({ why: 'budget' }, 0, now), now.toISOString())
  })

  it('honours a longer Retry-After, up to the longest step', () => {
    assert.equal(refetchRetryAt(fetchFailed('http-error', 429, '7200'), 0, now), after(7200))
    assert.equal(refetchRetryAt(fetchFailed('http-error', 503, '86400'), 0, now), after(4 * 3600))
    assert.equal(refetchRetryAt(fetchFailed('http-error', 503, '60'), 1, now), after(3600), 'a shorter one does not shorten the backoff')
  })
})
