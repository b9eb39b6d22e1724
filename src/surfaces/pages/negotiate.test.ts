import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { chooseFormat } from './negotiate.ts'

describe('chooseFormat', () => {
  const cases: [string | undefined, 'html' | 'markdown'][] = [
    [undefined, 'html'],
    ['', 'html'],
    ['text/markdown', 'markdown'],
    ['TEXT/Markdown', 'markdown'],
    ['text/x-markdown', 'markdown'],
    ['text/markdown; charset=utf-8', 'markdown'],
    // What browsers send.
    ['text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8', 'html'],
    ['*/*', 'html'],
    ['text/*', 'html'],
    // Named beats wildcard at equal q; q decides otherwise.
    ['text/markdown, */*', 'markdown'],
    ['text/markdown, text/html', 'html'],
    ['text/html, text/markdown', 'html'],
    ['text/markdown;q=0.5, text/html', 'html'],
    ['text/html;q=0.5, text/markdown', 'markdown'],
    ['text/html;q=0.9, text/markdown;q=0.95', 'markdown'],
    ['text/markdown;q=0.8, */*;q=0.9', 'html'],
    ['text/markdown;q=0', 'html'],
    ['text/markdown;q=0, */*', 'html'],
    ['text/*;q=0.5, text/markdown', 'markdown'],
    ['application/json', 'html'],
    ['garbage, ;;;, text/markdown;q=bad', 'markdown'],
    ['not a media type', 'html'],
  ]
  for (const [accept, expected] of cases) {
    it(`${JSON.stringify(accept)} → ${expected}`, () => {
      const choice = chooseFormat(accept)
      assert.equal(choice.format, expected)
      assert.equal(choice.negotiated, true)
    })
  }
})
