import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { LAST_MODIFIED_SETTLE_MS, notModified, settledLastModified } from './conditional.ts'

const ETAG = '"abc"'
const LM = 'Fri, 20 Nov 2026 12:00:00 GMT'

describe('notModified (RFC 9110 §13.2.2)', () => {
  it('If-None-Match decides when present, whatever If-Modified-Since says', () => {
    assert.equal(notModified('"abc"', undefined, ETAG, LM), true)
    assert.equal(notModified('W/"abc"', undefined, ETAG, LM), true)
    assert.equal(notModified('"x", "abc"', undefined, ETAG, LM), true)
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
})

describe('settledLastModified: a date is sent only once no later write can share its second', () => {
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
