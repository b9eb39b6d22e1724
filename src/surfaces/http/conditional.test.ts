import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { LAST_MODIFIED_SETTLE_MS, revalidate } from './conditional.ts'

const ETAG = '"abc"'
const LM = 'Fri, 20 Nov 2026 12:00:00 GMT'
/** Long after every date below: each is settled. */
const LATER = Date.parse('2027-01-01T00:00:00Z')
const notModified = (ifNoneMatch: string | undefined, ifModifiedSince: string | undefined, etag: string, lastModified: string | undefined) =>
  revalidate({ ifNoneMatch, ifModifiedSince }, etag, lastModified, LATER).notModified
const settledLastModified = (lastModified: string | undefined, now: number) => revalidate({}, ETAG, lastModified, now).lastModified

describe('revalidate: 304 (RFC 9110 §13.2.2)', () => {
  it('If-None-Match decides when present, whatever If-Modified-Since says', () => {
    assert.equal(notModified('"abc"', undefined, ETAG, LM), true)
    assert.equal(notModified('W/"abc"', undefined, ETAG, LM), true)
    assert.equal(notModified('"x", "abc"', undefined, ETAG, LM), true)
    assert.equal(notModified('*', undefined, ETAG, undefined), true)
    assert.equal(notModified('"x"', LM, ETAG, LM), false)
  })

  it('If-Modified-Since alone: 304 when not modified since, at whole seconds', () => {
    assert.equal(notModified(undefined, LM, ETAG, LM), true)
    assert.equal(notModified(undefined, 'Fri, 20 Nov 2026 13:00:00 GMT', ETAG, LM), true)
    assert.equal(notModified(undefined, 'Fri, 20 Nov 2026 11:59:59 GMT', ETAG, LM), false)
    assert.equal(notModified(undefined, LM, ETAG, new Date(Date.parse(LM) + 400).toISOString()), true, 'sub-second writes round down')
  })

  it('ignores If-Modified-Since without Last-Modified, and unparseable dates', () => {
    assert.equal(notModified(undefined, LM, ETAG, undefined), false)
    assert.equal(notModified(undefined, 'yesterday', ETAG, LM), false)
    assert.equal(notModified(undefined, undefined, ETAG, LM), false)
  })

  it('ignores If-Modified-Since against a date not yet settled (it is not sent either)', () => {
    assert.deepEqual(revalidate({ ifModifiedSince: LM }, ETAG, LM, Date.parse(LM) + 999), { notModified: false, lastModified: undefined })
  })
})

describe('revalidate: a Last-Modified is sent only once no later write can share its second', () => {
  const second = Date.parse(LM)
  it('withholds it during its own second and the settling time after, sends it from then on', () => {
    assert.equal(settledLastModified(LM, second + 999), undefined)
    assert.equal(settledLastModified(LM, second + 1000 + LAST_MODIFIED_SETTLE_MS - 1), undefined)
    assert.equal(settledLastModified(LM, second + 1000 + LAST_MODIFIED_SETTLE_MS), LM)
    assert.equal(settledLastModified(LM, second + 3_600_000), LM)
  })
  it('counts from the start of the second named, whatever the sub-second part of the write', () => {
    const late = new Date(second + 900).toISOString()
    assert.equal(settledLastModified(late, second + 1000 + LAST_MODIFIED_SETTLE_MS), late)
  })
  it('has nothing to send for no date or an unparseable one', () => {
    assert.equal(settledLastModified(undefined, second), undefined)
    assert.equal(settledLastModified('soon', second), undefined)
  })
})
