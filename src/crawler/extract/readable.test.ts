import assert from 'node:assert/strict'
import fs from 'node:fs'
import { describe, it } from 'node:test'
import { isProbablyReaderable } from '@mozilla/readability'
import { decodeHtml } from './html-charset.ts'
import { parseHtmlDocument } from './html-document.ts'
import { looksLikeArticle } from './readable.ts'

const FIXTURES = new URL('../../../test/fixtures/articles/', import.meta.url)
const doc = (name: string) => parseHtmlDocument(decodeHtml(fs.readFileSync(new URL(name, FIXTURES)), null).text)

describe('looksLikeArticle', () => {
  it('accepts articles in every script, including CJK that the default thresholds reject', () => {
    for (const name of ['news-standard.html', 'fr-windows-1252.html', 'ar-article.html', 'de-article.html', 'es-article.html', 'ja-shift-jis.html', 'ko-article.html']) {
      assert.equal(looksLikeArticle(doc(name)), true, name)
    }
    assert.equal(isProbablyReaderable(doc('ja-shift-jis.html')), false, 'why the CJK threshold exists')
    assert.equal(looksLikeArticle(doc('ko-article.html'), 'ko'), true, 'with the declared language, no sampling')
  })

  it('rejects a section front and a paywall teaser', () => {
    assert.equal(looksLikeArticle(doc('index-page.html')), false)
    assert.equal(looksLikeArticle(doc('paywall-teaser.html')), false)
  })
})
