import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { canonicalUrl } from './cached-gets.ts'

describe('canonicalUrl', () => {
  it('sorts query segments by name, keeping repeated names in order', () => {
    assert.equal(canonicalUrl('/api/v1/stories?topic=finance&limit=3&lang=de'), '/api/v1/stories?lang=de&limit=3&topic=finance')
    assert.equal(canonicalUrl('/api/v1/stories?lang=de&limit=3&topic=finance'), '/api/v1/stories?lang=de&limit=3&topic=finance')
    assert.equal(canonicalUrl('/x?b=2&a=1&b=1'), '/x?a=1&b=2&b=1')
  })
  it('leaves paths and single-parameter queries as they are', () => {
    assert.equal(canonicalUrl('/'), '/')
    assert.equal(canonicalUrl('/s/abc?lang=de'), '/s/abc?lang=de')
    assert.equal(canonicalUrl('/search?q=a%26b'), '/search?q=a%26b')
  })
})
