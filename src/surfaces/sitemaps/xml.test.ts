import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { XMLParser } from 'fast-xml-parser'
import { escapeXml, sitemapIndexXml, urlsetXml } from './xml.ts'

describe('sitemap XML writer', () => {
  it('escapes the five XML special characters', () => {
    assert.equal(escapeXml(`a&b<c>d"e'f`), 'a&amp;b&lt;c&gt;d&quot;e&apos;f')
    assert.equal(escapeXml('&amp;'), '&amp;amp;', 'already-escaped text is escaped again: the input is text, not XML')
  })

  it('writes a urlset whose text a parser reads back exactly, lastmod only when given', () => {
    const tricky = `https://news.example.org/s/x?a=1&b=<2>&c="3"&d='4'`
    const xml = urlsetXml([{ loc: tricky, lastmod: '2026-11-20T12:00:00Z' }, { loc: 'https://news.example.org/' }])
    assert.ok(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'))
    const doc = new XMLParser({ isArray: (name) => name === 'url', parseTagValue: false, processEntities: true }).parse(xml)
    assert.deepEqual(doc.urlset.url, [{ loc: tricky, lastmod: '2026-11-20T12:00:00Z' }, { loc: 'https://news.example.org/' }])
  })

  it('writes a sitemapindex', () => {
    const xml = sitemapIndexXml([{ loc: 'https://news.example.org/sitemaps/stories-2026-11.xml', lastmod: '2026-11-20T12:00:00.5Z' }])
    assert.match(xml, /<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n<sitemap><loc>https:\/\/news\.example\.org\/sitemaps\/stories-2026-11\.xml<\/loc><lastmod>2026-11-20T12:00:00\.5Z<\/lastmod><\/sitemap>\n<\/sitemapindex>\n$/)
  })
})
