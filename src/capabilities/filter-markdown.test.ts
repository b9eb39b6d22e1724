import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { nextSourcesMarkdown, sourceListMarkdown } from './filter-markdown.ts'

describe('publisher list Markdown', () => {
  const source = { id: '5b1f2a7e-0c1d-4e2f-9a3b-4c5d6e7f8a90', name: 'Wire', site_url: null, url: 'https://news.example.org/source/5b1f2a7e-0c1d-4e2f-9a3b-4c5d6e7f8a90' }
  it('says how to get the next page when there is one, and nothing on the last', () => {
    const full = { sources: [source], count: 1, next_cursor: 'czEuYWJj' }
    assert.match(sourceListMarkdown(full), /^# Publishers\n\n1 publisher on this page, by name\./)
    assert.equal(nextSourcesMarkdown(full), '\n\nMore publishers: call again with `cursor`: `czEuYWJj`.')
    const last = { ...full, next_cursor: null }
    assert.match(sourceListMarkdown(last), /^# Publishers\n\n1 publisher, by name\./)
    assert.equal(nextSourcesMarkdown(last), '')
  })
})
