import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { parseFeed, type FeedItem, type ParseResult, type ParsedFeed } from './parse-feed.ts'

const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/feeds/${name}`, import.meta.url))

function ok(r: ParseResult): ParsedFeed {
  if (!r.ok) assert.fail(`expected a feed, got ${r.reason}: ${r.detail}`)
  return r.feed
}

const item = (fields: Partial<FeedItem>): FeedItem => ({
  guid: null, url: null, title: '', summaryHtml: null, contentHtml: null, author: null, publishedAt: null, language: null, imageUrl: null,
  ...fields,
})

describe('parseFeed: RSS 2.0', () => {
  const feed = ok(parseFeed(fixture('rss2.xml'), 'application/rss+xml; charset=utf-8', 'https://www.harbour-gazette.example/feeds/news.xml'))

  it('feed fields', () => {
    assert.equal(feed.format, 'rss')
    assert.equal(feed.title, 'The Harbour Gazette')
    assert.equal(feed.siteUrl, 'https://www.harbour-gazette.example/')
    assert.equal(feed.language, 'en-gb')
    assert.equal(feed.droppedItems, 0)
    assert.equal(feed.charset, 'utf-8')
  })

  it('items: content:encoded, dc:creator, guid isPermaLink=false, relative links, media:content, enclosure, guid as permalink', () => {
    assert.equal(feed.items.length, 3)
    const [a, b, c] = feed.items
    assert.deepEqual({ ...a!, contentHtml: null }, item({
      guid: 'harbour-gazette-48121',
      url: 'https://www.harbour-gazette.example/news/2025/03/04/sea-wall-approved?utm_source=rss&utm_medium=feed',
      title: 'Council approves new sea wall after storm damage',
      summaryHtml: '<p>The town council voted 9–2 to fund a <b>£4.2m</b> sea wall.</p>',
      author: 'Maria Okafor',
      publishedAt: '2025-03-04T08:15:00.000Z',
      imageUrl: 'https://cdn.harbour-gazette.example/img/sea-wall.jpg',
    }))
    assert.ok(a!.contentHtml!.startsWith('<p>The town council voted 9–2 on Monday night'))
    assert.ok(a!.contentHtml!.endsWith('until the end of March.</p>'))
    assert.deepEqual(b, item({
      guid: 'harbour-gazette-48117',
      // relative link resolved against the channel <link>
      url: 'https://www.harbour-gazette.example/news/2025/03/03/kayakers-rescued#comments',
      title: 'Lifeboat crew rescues two kayakers off Gull Point',
      summaryHtml: 'Two kayakers were rescued on Monday afternoon after being swept out by the tide. <a href="/news/2025/03/03/kayakers-rescued">Read more</a>',
      author: 'Tom Reyes',
      publishedAt: '2025-03-03T17:40:00.000Z',
      imageUrl: 'https://www.harbour-gazette.example/img/lifeboat.jpg',
    }))
    assert.deepEqual(c, item({
      guid: 'https://www.harbour-gazette.example/news/2025/03/01/ferry-timetable',
      url: 'https://www.harbour-gazette.example/news/2025/03/01/ferry-timetable', // no <link>: the permalink guid
      title: 'Ferry timetable changes for spring',
      summaryHtml: 'From 1 April the morning ferry leaves fifteen minutes earlier.',
      author: 'News Desk', // "desk@… (News Desk)"
      publishedAt: '2025-03-01T12:00:00.000Z',
    }))
  })
})

describe('parseFeed: RSS 1.0 / RDF', () => {
  it('channel, items outside the channel, dc:date, dc:creator, dc:language, rdf:about as guid and fallback link', () => {
    const feed = ok(parseFeed(fixture('rss1.rdf'), 'application/rdf+xml', 'https://science-weekly.example/rss'))
    assert.equal(feed.format, 'rdf')
    assert.equal(feed.title, 'Science Weekly')
    assert.equal(feed.siteUrl, 'https://science-weekly.example/')
    assert.equal(feed.language, 'de-DE')
    assert.deepEqual(feed.items, [
      item({
        guid: 'https://science-weekly.example/articles/quantum-sensor',
        url: 'https://science-weekly.example/articles/quantum-sensor',
        title: 'Neuer Quantensensor misst Magnetfelder im Gehirn',
        summaryHtml: 'Ein Team aus Jena hat einen Sensor gebaut, der ohne Kühlung arbeitet.',
        author: 'Lena Vogt',
        publishedAt: '2025-02-27T09:00:00.000Z',
      }),
      item({
        guid: 'https://science-weekly.example/articles/glacier-melt',
        url: 'https://science-weekly.example/articles/glacier-melt', // no <link>: rdf:about
        title: 'Gletscherschmelze beschleunigt sich',
        summaryHtml: 'Die Alpengletscher haben 2024 so viel Eis verloren wie nie zuvor.',
        publishedAt: '2025-02-26T08:30:00.000Z',
        language: 'de-AT',
      }),
    ])
  })
})

describe('parseFeed: Atom', () => {
  const feed = ok(parseFeed(fixture('atom.xml'), 'application/atom+xml', 'https://blog.atom-example.org/engineering/feed.atom'))

  it('feed fields (xml:base applied to the alternate link)', () => {
    assert.equal(feed.format, 'atom')
    assert.equal(feed.title, 'Atom Example Engineering')
    assert.equal(feed.siteUrl, 'https://blog.atom-example.org/engineering/')
    assert.equal(feed.language, 'en-US')
  })

  it('entries: nested xml:base, html/xhtml/text constructs, feed author fallback, xml:lang', () => {
    const [a, b, c] = feed.items
    assert.equal(feed.items.length, 3)
    assert.deepEqual({ ...a!, contentHtml: null }, item({
      guid: 'tag:atom-example.org,2025:engineering/faster-builds',
      url: 'https://blog.atom-example.org/engineering/2025/03/faster-builds.html', // feed base + entry base + href
      title: 'Shipping <em>faster</em> builds',
      summaryHtml: '<p>How we cut CI time <strong>in half</strong>.</p>',
      author: 'Ana Lima',
      publishedAt: '2025-03-02T15:00:00.000Z',
    }))
    assert.ok(a!.contentHtml!.startsWith('<p>Our continuous integration pipeline used to take 40 minutes.'), 'xhtml: the div itself is not content')
    assert.match(a!.contentHtml!, /<code>docs\/<\/code>/)
    assert.deepEqual(b, item({
      guid: 'tag:atom-example.org,2025:engineering/postmortem-0301',
      url: 'https://blog.atom-example.org/status/postmortem-2025-03-01',
      title: 'Postmortem: the March 1 outage',
      summaryHtml: 'Status page was down for 12 minutes because 5 &lt; 7 retries were configured.', // type="text", escaped
      author: 'Build Team',
      publishedAt: '2025-03-01T09:00:00.000Z', // only <updated>
    }))
    assert.deepEqual(c, item({
      guid: 'https://releases.atom-example.org/4.2',
      url: 'https://releases.atom-example.org/4.2',
      title: 'Notas de versão 4.2',
      contentHtml: '<p>Esta versão corrige <b>três</b> falhas.</p>',
      author: 'Equipe de Lançamentos',
      publishedAt: '2025-02-28T12:00:00.000Z',
      language: 'pt-BR',
    }))
  })

  it('a relative xml:base on the root resolves against the feed URL', () => {
    const xml = '<feed xmlns="http://www.w3.org/2005/Atom" xml:base="/blog/"><title>t</title><entry><id>1</id><title>x</title><link href="post"/></entry></feed>'
    const f = ok(parseFeed(Buffer.from(xml), 'application/atom+xml', 'https://example.org/feeds/atom.xml'))
    assert.equal(f.items[0]!.url, 'https://example.org/blog/post')
  })
})

describe('parseFeed: JSON Feed', () => {
  const feed = ok(parseFeed(fixture('jsonfeed.json'), 'application/feed+json', 'https://orbit-notes.example/feed.json'))

  it('feed fields', () => {
    assert.equal(feed.format, 'json')
    assert.equal(feed.title, 'Orbit Notes')
    assert.equal(feed.siteUrl, 'https://orbit-notes.example/')
    assert.equal(feed.language, 'en')
  })

  it('items: numeric id, content_text as HTML, relative and external URLs, authors, wrong-typed fields and non-object items', () => {
    assert.deepEqual(feed.items, [
      item({
        guid: '2025-03-05-launch',
        url: 'https://orbit-notes.example/2025/03/05/launch/?ref=feed',
        title: 'Weather satellite reaches orbit',
        summaryHtml: '<p>The new weather satellite separated from its rocket after 34 minutes.</p>',
        contentHtml: '<p>The new weather satellite separated from its rocket after 34 minutes.</p><p onclick="steal()">Controllers confirmed <a href="javascript:alert(1)">contact</a> at 06:12 UTC.</p>',
        author: 'Priya Nair',
        publishedAt: '2025-03-05T06:00:00.000Z',
        imageUrl: 'https://orbit-notes.example/img/launch.jpg',
      }),
      item({
        guid: '1042',
        url: 'https://orbit-notes.example/2025/03/04/mars-sample',
        title: 'Mars sample return plan revised',
        contentHtml: '<p>The agency published a cheaper plan.</p>\n<p>It needs two launches instead of three.</p>',
        author: 'Orbit Notes Staff',
        publishedAt: '2025-03-04T20:30:00.000Z',
        language: 'en-US',
      }),
      item({
        guid: '2025-03-03-quiet',
        url: 'https://other-site.example/aurora',
        title: '', // 42 is not a string
        contentHtml: '<p>A quiet week for aurora watchers.</p>',
        author: 'Orbit Notes Staff',
        publishedAt: '2025-03-03T20:00:00.000Z',
      }),
    ])
  })

  it('JSON Feed 1.0 (author object), detected by body even under a wrong Content-Type', () => {
    const body = JSON.stringify({
      version: 'https://jsonfeed.org/version/1', title: 'Old', home_page_url: 'https://old.example/',
      author: { name: 'Old Author' },
      items: [{ id: 'a', url: 'https://old.example/a', title: 'A', content_html: '<p>x</p>', date_published: 'not a date' }],
    })
    const f = ok(parseFeed(Buffer.from(body), 'text/plain', 'https://old.example/feed.json'))
    assert.equal(f.format, 'json')
    assert.deepEqual(f.items, [item({ guid: 'a', url: 'https://old.example/a', title: 'A', contentHtml: '<p>x</p>', author: 'Old Author' })])
  })

  it('JSON that is not a JSON Feed is not-a-feed; broken JSON is malformed', () => {
    assert.equal((parseFeed(Buffer.from('{"version":"2.0","items":[]}'), 'application/json', 'https://x.example/') as { reason: string }).reason, 'not-a-feed')
    assert.equal((parseFeed(Buffer.from('[1,2,3]'), 'application/json', 'https://x.example/') as { reason: string }).reason, 'not-a-feed')
    assert.equal((parseFeed(Buffer.from('{"version": "https://jsonfeed.org/version/1.1", "items": ['), 'application/feed+json', 'https://x.example/') as { reason: string }).reason, 'malformed')
  })
})

describe('parseFeed: charsets and languages', () => {
  it('windows-1252 declared in the XML declaration', () => {
    const feed = ok(parseFeed(fixture('windows-1252.xml'), 'application/rss+xml', 'https://petit-journal.example/rss'))
    assert.equal(feed.charset, 'windows-1252')
    assert.equal(feed.title, 'Le Petit Journal de Montréal')
    assert.deepEqual(feed.items.map((i) => [i.title, i.summaryHtml, i.url]), [
      ['Hausse des prix à l’épicerie : « ça coûte 20 € de plus »', 'Les familles de Montréal paient davantage — surtout pour les crêpes et le café.', 'https://petit-journal.example/%C3%A9conomie/%C3%A9picerie'],
      ['Señor Müller’s naïve façade', 'Œuvre “spéciale” • ±5 ‰', 'https://petit-journal.example/culture/facade'],
    ])
  })

  it('UTF-16 LE and BE with BOM', () => {
    for (const name of ['utf16le-bom.xml', 'utf16be-bom.xml']) {
      const feed = ok(parseFeed(fixture(name), 'application/rss+xml', 'https://utf16.example/rss'))
      assert.equal(feed.title, 'Ελληνικά νέα UTF-16')
      assert.deepEqual(feed.items, [item({
        url: 'https://utf16.example/kalimera', title: 'Καλημέρα κόσμε — 😀 emoji outside the BMP',
        summaryHtml: 'Δοκιμή κωδικοποίησης.', publishedAt: '2025-03-06T04:00:00.000Z',
      })])
    }
  })

  it('Japanese in Shift_JIS', () => {
    const feed = ok(parseFeed(fixture('japanese-shift_jis.xml'), 'text/xml', 'https://tokyo-news.example/rss'))
    assert.equal(feed.language, 'ja')
    assert.deepEqual(feed.items, [item({
      guid: 'tokyo-news-sakura-2025', url: 'https://tokyo-news.example/articles/sakura-2025', title: '東京で桜が開花、平年より五日早く',
      summaryHtml: '<p>気象庁は二十日、東京都心で桜（ソメイヨシノ）が開花したと発表した。</p>', author: '山田 花子',
      publishedAt: '2025-03-20T05:00:00.000Z',
    })])
  })

  it('Arabic (Atom, right-to-left, Arabic-Indic digits)', () => {
    const feed = ok(parseFeed(fixture('arabic.xml'), 'application/atom+xml; charset=utf-8', 'https://gulf-news.example/ar/feed'))
    assert.equal(feed.language, 'ar')
    assert.equal(feed.title, 'أخبار الخليج')
    assert.deepEqual(feed.items, [item({
      guid: 'https://gulf-news.example/ar/energy/solar-plant', url: 'https://gulf-news.example/ar/energy/solar-plant',
      title: 'افتتاح أكبر محطة للطاقة الشمسية في المنطقة', summaryHtml: '<p>افتتحت الحكومة اليوم محطة للطاقة الشمسية بقدرة ٢ غيغاواط.</p>',
      author: 'سارة الحمد', publishedAt: '2025-03-06T05:00:00.000Z',
    })])
  })
})

describe('parseFeed: sloppy and odd input', () => {
  it('sloppy RSS: bare ampersands and HTML named entities are accepted leniently (not valid XML, but common)', () => {
    const feed = ok(parseFeed(fixture('sloppy.xml'), 'application/rss+xml', 'https://sloppy.example/rss'))
    assert.equal(feed.title, 'Café News R&D')
    assert.deepEqual(feed.items, [item({
      // HTML named entities are HTML: they stay for normalization, which decodes them once.
      url: 'https://sloppy.example/story?id=7&page=2', title: 'Ben & Jerry\'s opens a caf&eacute; in town',
      summaryHtml: 'Prices from &pound;3&nbsp;&mdash; open daily.', publishedAt: '2025-03-05T15:00:00.000Z',
    })])
  })

  it('a plain DOCTYPE without an internal subset (RSS 0.91) is allowed', () => {
    const feed = ok(parseFeed(fixture('doctype-plain.xml'), 'text/xml', 'http://oldschool.example/rss.xml'))
    assert.equal(feed.title, 'Old School Feed')
    assert.equal(feed.items.length, 1)
    assert.equal(feed.items[0]!.url, 'http://oldschool.example/still-here.html')
  })

  it('an HTML page, plain text, an empty body and binary garbage are not-a-feed; nothing throws', () => {
    const cases: [string, Buffer][] = [
      ['html', fixture('not-a-feed.html')],
      ['text', Buffer.from('hello world')],
      ['empty', Buffer.alloc(0)],
      ['blank', Buffer.from('  \n ')],
      ['binary', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])],
      ['other XML', Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><g/></svg>')],
    ]
    for (const [name, body] of cases) {
      const r = parseFeed(body, 'application/rss+xml', 'https://x.example/feed')
      assert.equal(r.ok, false, name)
      assert.equal((r as { reason: string }).reason, 'not-a-feed', name)
    }
  })

  it('never throws on random bytes and truncations of real feeds', () => {
    const real = fixture('rss2.xml')
    let seed = 42
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    for (let k = 0; k < 300; k++) {
      const cut = real.subarray(0, Math.floor(rand() * real.length))
      const noise = Buffer.from(Array.from({ length: 200 }, () => Math.floor(rand() * 256)))
      for (const body of [cut, noise, Buffer.concat([cut, noise])]) {
        const r = parseFeed(body, null, 'https://x.example/feed')
        assert.equal(typeof r.ok, 'boolean')
      }
    }
  })

  it('items beyond the cap are counted, not converted', () => {
    const items = Array.from({ length: 30 }, (_, i) => `<item><title>n${i}</title><link>https://x.example/${i}</link></item>`).join('')
    const feed = ok(parseFeed(Buffer.from(`<rss version="2.0"><channel><title>t</title>${items}</channel></rss>`), null, 'https://x.example/', { maxItems: 10 }))
    assert.equal(feed.items.length, 10)
    assert.equal(feed.droppedItems, 20)
    assert.equal(feed.items[9]!.title, 'n9')
  })

  it('links that are not http(s) are dropped; a javascript: xml:base cannot smuggle one in', () => {
    const xml = '<rss version="2.0"><channel><title>t</title><link>javascript:alert(1)</link>' +
      '<item><title>a</title><link>javascript:alert(1)</link></item>' +
      '<item xml:base="javascript:alert(1)//"><title>b</title><link>x</link></item>' +
      '<item><title>c</title><link>data:text/html,hi</link><enclosure url="file:///etc/passwd" type="image/png"/></item></channel></rss>'
    const feed = ok(parseFeed(Buffer.from(xml), null, 'https://x.example/feed'))
    assert.equal(feed.siteUrl, null)
    assert.deepEqual(feed.items.map((i) => [i.url, i.imageUrl]), [[null, null], [null, null], [null, null]])
  })
})

describe('parseFeed: unusable item links', () => {
  const rss = (items: string) => Buffer.from(`<?xml version="1.0"?><rss version="2.0"><channel><title>T</title><link>https://p.example/</link>${items}</channel></rss>`)
  const atom = (entries: string) => Buffer.from(`<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><id>urn:x</id>${entries}</feed>`)

  it('an RSS item whose link is javascript: or data: gets no URL, not one made up from its guid', () => {
    const f = ok(parseFeed(rss([
      '<item><title>Script</title><link>javascript:alert(1)</link><guid>story-1</guid></item>',
      '<item><title>Data</title><link>data:text/html,hi</link><guid>https://p.example/real</guid></item>',
      '<item><title>Good</title><link>https://p.example/good</link><guid>story-3</guid></item>',
    ].join('')), 'application/rss+xml', 'https://p.example/feed.xml'))
    assert.deepEqual(f.items.map((i) => i.url), [null, null, 'https://p.example/good'])
  })

  it('a relative guid is not a link: no URL is made up from the feed address', () => {
    const f = ok(parseFeed(rss('<item><title>No link</title><guid>story-9</guid></item><item><title>Abs</title><guid>https://p.example/abs</guid></item>'),
      'application/rss+xml', 'https://p.example/feed.xml'))
    assert.deepEqual(f.items.map((i) => i.url), [null, 'https://p.example/abs'])
  })

  it('an Atom entry takes its first usable alternate link, skipping an unusable first one', () => {
    const f = ok(parseFeed(atom([
      '<entry><id>urn:a</id><title>A</title><link rel="alternate" href="javascript:void(0)"/><link rel="alternate" href="https://p.example/a"/></entry>',
      '<entry><id>urn:b</id><title>B</title><link rel="alternate" href="data:,x"/><link href="https://p.example/b"/></entry>',
      '<entry><id>urn:c</id><title>C</title><link rel="alternate" href="javascript:x"/></entry>',
    ].join('')), 'application/atom+xml', 'https://p.example/atom.xml'))
    assert.deepEqual(f.items.map((i) => i.url), ['https://p.example/a', 'https://p.example/b', null])
  })

  it('a JSON Feed item with a javascript: url is not rescued by external_url', () => {
    const body = JSON.stringify({
      version: 'https://jsonfeed.org/version/1.1', title: 'J',
      items: [
        { id: '1', url: 'javascript:alert(1)', external_url: 'https://elsewhere.example/x', content_text: 'x' },
        { id: '2', external_url: 'https://elsewhere.example/y', content_text: 'y' },
      ],
    })
    const f = ok(parseFeed(Buffer.from(body), 'application/feed+json', 'https://p.example/feed.json'))
    assert.deepEqual(f.items.map((i) => i.url), [null, 'https://elsewhere.example/y'])
  })
})
