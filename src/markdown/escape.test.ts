import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import MarkdownIt from 'markdown-it'
import { mdInline, mdLink, mdParagraphs, mdUrl } from './escape.ts'

// The Markdown must stay text when a CommonMark renderer reads it: no element the publisher did not intend.
const render = (md: string) => new MarkdownIt({ html: true }).render(md)

describe('Markdown escaping of publisher text', () => {
  const hostile = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '[click](javascript:alert(1))',
    '![pixel](https://tracker.example/p.gif)',
    '**bold** _em_ `code` ~~strike~~',
    'a | b | c',
    '&lt;b&gt; &#60;i&#62;',
    '<https://autolink.example>',
  ]
  for (const text of hostile) {
    it(`inline: ${text}`, () => {
      const html = render(mdInline(text))
      assert.doesNotMatch(html, /<(script|img|a|strong|em|code|s|del|table|b|i)\b/, html)
    })
  }

  it('a paragraph cannot open a block', () => {
    for (const text of ['# Heading', '> quote', '- item', '+ item', '1. item', '2) item', '=====', '```js']) {
      const html = render(mdParagraphs(text))
      assert.match(html, /^<p>/, `${text} → ${html}`)
    }
  })

  it('newlines inside a headline do not break out of the line', () => {
    assert.equal(mdInline('Line one\n\n# Two'), 'Line one # Two')
  })

  it('keeps paragraph breaks in summaries and card bodies', () => {
    assert.equal(render(mdParagraphs('First.\n\nSecond.')), '<p>First.</p>\n<p>Second.</p>\n')
  })

  it('link destinations cannot be broken out of', () => {
    const url = 'https://example.org/a(b)c d<e>'
    assert.equal(mdUrl(url), 'https://example.org/a%28b%29c%20d%3Ce%3E')
    const html = render(mdLink('title ] (x)', url))
    assert.match(html, /<a href="https:\/\/example.org\/a%28b%29c%20d%3Ce%3E">title \] \(x\)<\/a>/)
  })
})
