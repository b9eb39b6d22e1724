import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { notModified } from './conditional.ts'

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
