import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { canonicalUrl, isTrackingParam } from './canonical-url.ts'

// [input, expected canonical form (null = refused), why]
const table: [string, string | null, string][] = [
  ['https://example.com/a', 'https://example.com/a', 'already canonical'],
  ['HTTPS://WWW.Example.COM/Path/To/Article', 'https://www.example.com/Path/To/Article', 'scheme and host lower-cased, path case kept'],
  ['https://example.com:443/a', 'https://example.com/a', 'default https port dropped'],
  ['http://example.com:80/a', 'http://example.com/a', 'default http port dropped'],
  ['https://example.com:8443/a', 'https://example.com:8443/a', 'other ports kept'],
  ['https://example.com/a#section-2', 'https://example.com/a', 'fragment dropped'],
  ['https://example.com/a?utm_source=rss&utm_medium=feed&utm_campaign=x', 'https://example.com/a', 'utm_* dropped, empty query removed'],
  ['https://example.com/a?id=7&utm_source=rss&page=2', 'https://example.com/a?id=7&page=2', 'other params kept in order'],
  ['https://example.com/a?page=2&id=7', 'https://example.com/a?page=2&id=7', 'params not re-sorted'],
  ['https://example.com/a?fbclid=IwAR0abc&gclid=xyz', 'https://example.com/a', 'fbclid, gclid'],
  ['https://example.com/a?mc_cid=1&mc_eid=2&igshid=3&yclid=4&_ga=5&spm=6', 'https://example.com/a', 'Mailchimp, Instagram, Yandex, GA, spm'],
  ['https://example.com/a?ref=feed&ref_src=twsrc%5Etfw&cmpid=rss&ocid=msn', 'https://example.com/a', 'ref, ref_src, cmpid, ocid'],
  ['https://example.com/a?UTM_Source=X&Fbclid=Y', 'https://example.com/a', 'parameter names matched case-insensitively'],
  ['https://www.lemonde.fr/article.html?xtor=RSS-3208', 'https://www.lemonde.fr/article.html', 'AT Internet xtor'],
  ['https://example.com/a?utm%5Fsource=x', 'https://example.com/a', 'percent-encoded parameter name decoded before matching'],
  ['https://example.com/a?', 'https://example.com/a', 'trailing ? removed'],
  ['https://example.com/a?&&id=1&&', 'https://example.com/a?id=1', 'empty segments removed'],
  ['https://example.com/search?q=a+b&lang=en', 'https://example.com/search?q=a+b&lang=en', '+ not re-encoded'],
  ['https://example.com/search?q=a%20b', 'https://example.com/search?q=a%20b', '%20 not turned into +'],
  ['https://example.com/a?flag', 'https://example.com/a?flag', 'value-less params kept'],
  ['https://example.com/%7euser/%c3%a9t%c3%a9', 'https://example.com/~user/%C3%A9t%C3%A9', 'escapes upper-cased, unreserved decoded'],
  ['https://example.com/a/../b/./c', 'https://example.com/b/c', 'dot segments resolved'],
  ['https://example.com/a/', 'https://example.com/a/', 'trailing slash kept'],
  ['https://user:pass@example.com/a', 'https://example.com/a', 'credentials dropped'],
  ['https://example.com./a', 'https://example.com/a', 'trailing dot of the host dropped'],
  ['https://bücher.example/straße', 'https://xn--bcher-kva.example/stra%C3%9Fe', 'IDN to punycode, path percent-encoded'],
  ['  https://example.com/a  ', 'https://example.com/a', 'whitespace trimmed'],
  ['javascript:alert(1)', null, 'javascript: refused'],
  ['data:text/html,<script>alert(1)</script>', null, 'data: refused'],
  ['ftp://example.com/file', null, 'ftp refused'],
  ['mailto:news@example.com', null, 'mailto refused'],
  ['not a url', null, 'garbage refused'],
  ['', null, 'empty refused'],
  ['https://example.com/a?utm_source=x#top', 'https://example.com/a', 'both at once'],
  ['https://example.com/a?cmp=share_btn_tw&smid=tw-share&at_medium=social&hsCtaTracking=1', 'https://example.com/a', 'Guardian, NYT, AT, HubSpot'],
]

describe('canonicalUrl', () => {
  for (const [input, expected, why] of table) {
    it(`${why}: ${input}`, () => {
      assert.equal(canonicalUrl(input), expected)
    })
  }

  it('resolves relative input against a base', () => {
    assert.equal(canonicalUrl('/news/1?utm_source=x', 'https://example.com/feed.xml'), 'https://example.com/news/1')
    assert.equal(canonicalUrl('news/1', 'https://example.com/feeds/rss'), 'https://example.com/feeds/news/1')
    assert.equal(canonicalUrl('/news/1'), null)
  })

  it('is idempotent', () => {
    for (const [input] of table) {
      const once = canonicalUrl(input)
      if (once !== null) assert.equal(canonicalUrl(once), once, input)
    }
  })

  it('tracking-parameter predicate', () => {
    for (const name of ['utm_source', 'utm_whatever', 'fbclid', 'gclid', 'mc_cid', 'mc_eid', 'igshid', 'ref', 'ref_src', 'cmpid', 'ocid', '_ga', 'yclid', 'spm', 'pk_campaign', 'mtm_source', 'msclkid']) {
      assert.ok(isTrackingParam(name), name)
    }
    for (const name of ['id', 'p', 'page', 'q', 'article', 'story', 'lang', 'v', 'reference', 'refresh', 'utm']) {
      assert.ok(!isTrackingParam(name), name)
    }
  })
})
