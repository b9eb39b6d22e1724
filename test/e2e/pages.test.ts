import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import MarkdownIt from 'markdown-it'
import { tempDir } from '../helpers/cli.ts'
import { SITE_URL, startFixtureServer, type FixtureServer } from '../helpers/fixture-server.ts'
import { request } from '../helpers/http.ts'
import { ALPHA, BETA, makeStory } from '../fixtures/stories.ts'

const HOSTILE_SOURCE = { id: '7d3b4c90-2e3f-4a41-9c5d-6e7f8a9b0c12', name: 'Evil <b>Co</b> & "Sons" **x**', site_url: 'https://evil.example' }

const STORIES = {
  full: makeStory({
    id: 'b2000000-0000-4000-8000-000000000001',
    published_at: '2026-11-20T12:00:00Z',
    category: 'data-ai',
    headline: 'Harbor Labs releases an open model for shipping logistics',
    summary: 'Harbor Labs published the weights of a model that plans container routes.\n\nIt is free for research.',
    cover_image_url: 'https://img.alpha-ledger.example/harbor.jpg?w=800&h=400',
    covered_by: [
      { name: 'Beta Wire', title: 'Harbor opens its routing model', url: 'https://beta-wire.example/harbor' },
      { name: 'Print Weekly', title: 'A model for ports', url: null },
    ],
    multi_source: true,
    translations: {
      ar: { headline: 'هاربر لابز تطلق نموذجاً مفتوحاً للخدمات اللوجستية', summary: 'نشرت هاربر لابز أوزان نموذج يخطط مسارات الحاويات.' },
      es: { headline: 'Harbor Labs publica un modelo abierto para la logística marítima' },
    },
  }),
  hostile: makeStory({
    id: 'b2000000-0000-4000-8000-000000000002',
    published_at: '2026-11-20T11:00:00Z',
    category: 'business',
    source: HOSTILE_SOURCE,
    original_url: 'https://evil.example/story?a=1&b=2',
    original_title: 'Title "quoted" <tag> [x](javascript:alert(1))',
    author: '<i>Mallory</i>',
    headline: '<script>alert("h")</script> & **bold** [x](javascript:alert(1))',
    summary: '<img src=x onerror=alert(1)>\n\n# not a heading\n\n> not a quote',
    cover_image_url: 'http://insecure.example/cover.jpg',
    cards: [
      { heading: '"><svg onload=alert(1)>', body: '</p><iframe src="//evil.example"></iframe> ![p](https://tracker.example/p.gif)' },
      { heading: null, body: '1. not a list\n\n- nor this' },
    ],
    covered_by: [{ name: 'Outlet **x**', title: 'Coverage ](javascript:alert(1)) <script>', url: 'https://outlet.example/c' }],
  }),
  beta: makeStory({
    id: 'b2000000-0000-4000-8000-000000000003',
    published_at: '2026-11-20T10:00:00Z',
    category: 'finance',
    source: BETA,
    headline: 'Beta Wire story without a publisher site',
    cards: [],
  }),
}

const MD = new MarkdownIt({ html: true })
const FORBIDDEN_TAGS = /<(script|img|iframe|svg|b|i|em|code>[^<]*alert)\b/i

/** Every link target in rendered Markdown or HTML. */
const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'))

describe('site pages', () => {
  let server: FixtureServer
  const get = (p: string, init: RequestInit = {}) => request(`${server.serve.url}${p}`, init)
  const md = (p: string) => get(p, { headers: { Accept: 'text/markdown' } })

  before(async () => { server = await startFixtureServer(Object.values(STORIES)) })
  after(async () => { await server?.stop() })

  const PAGES = [
    ['/', 'Latest stories'],
    [`/s/${STORIES.full.id}`, STORIES.full.headline],
    ['/c/data-ai', 'Data & AI'],
    [`/source/${ALPHA.id}`, ALPHA.name],
    ['/pricing', 'Pricing'],
    ['/legal/terms', 'Terms'],
    ['/legal/privacy', 'Privacy'],
    ['/legal/refund', 'Refund'],
    ['/search?q=harbor', STORIES.full.headline],
  ] as const

  for (const [page, expected] of PAGES) {
    it(`${page}: HTML with a Markdown alternate, and Markdown on Accept`, async () => {
      const html = await get(page)
      assert.equal(html.status, 200)
      assert.equal(html.headers.get('content-type'), 'text/html; charset=utf-8')
      assert.equal(html.headers.get('vary'), 'Accept, Accept-Encoding', 'pages negotiate the format and (fetch accepts gzip) the coding')
      assert.match(html.headers.get('cache-control') ?? '', /^public, max-age=\d+/)
      assert.ok(html.headers.get('etag'))
      assert.match(html.headers.get('content-security-policy') ?? '', /default-src 'none'.*frame-ancestors 'none'/)
      assert.doesNotMatch(html.headers.get('content-security-policy') ?? '', /unsafe-inline|script-src/)
      assert.equal(html.headers.get('x-content-type-options'), 'nosniff')
      assert.equal(html.headers.get('set-cookie'), null)
      const alternate = `${SITE_URL}${page}${page.includes('?') ? '&' : '?'}format=md`
      assert.ok(html.headers.get('link')?.includes(`<${alternate}>; rel="alternate"; type="text/markdown"`), html.headers.get('link') ?? '')
      assert.ok(html.text.includes(`<link rel="alternate" type="text/markdown" href="${alternate.replaceAll('&', '&amp;')}"/>`))
      assert.equal(html.text.match(/<h1[ >]/g)?.length, 1, 'exactly one h1')
      assert.match(html.text, /<html lang="en" dir="ltr">/)
      assert.match(html.text, /<main id="main"/)
      assert.doesNotMatch(html.text, /<script/i)
      assert.ok(html.text.includes(expected.replaceAll('&', '&amp;')), `HTML of ${page} shows ${expected}`)

      const markdown = await md(page)
      assert.equal(markdown.status, 200)
      assert.equal(markdown.headers.get('content-type'), 'text/markdown; charset=utf-8')
      assert.equal(markdown.headers.get('vary'), 'Accept, Accept-Encoding')
      assert.match(markdown.headers.get('x-markdown-tokens') ?? '', /^[1-9]\d*$/)
      assert.equal(markdown.headers.get('content-signal'), 'search=yes, ai-input=yes, ai-train=no')
      assert.ok(markdown.headers.get('link')?.includes('rel="canonical"'))
      assert.notEqual(markdown.headers.get('etag'), html.headers.get('etag'))
      assert.match(markdown.text, /^# .+\n/)
      assert.ok(markdown.text.includes(expected), `Markdown of ${page} shows ${expected}`)
      assert.doesNotMatch(markdown.text, /(?<!\\)<(?!https?:\/\/)[a-z/!?]/i, 'no raw HTML in Markdown (autolinks are fine)')

      const explicit = await get(`${page}${page.includes('?') ? '&' : '?'}format=md`, { headers: { Accept: 'text/html' } })
      assert.equal(explicit.headers.get('content-type'), 'text/markdown; charset=utf-8')
      assert.equal(explicit.headers.get('vary'), 'Accept-Encoding', 'an explicit format does not vary on Accept')
      assert.equal(explicit.text, markdown.text)
    })
  }

  it('every story in a list names its publisher and links the original', async () => {
    for (const page of ['/', '/c/business', `/source/${HOSTILE_SOURCE.id}`]) {
      const { text } = await get(page)
      for (const story of Object.values(STORIES).filter((s) => text.includes(`/s/${s.id}"`))) {
        assert.ok(text.includes(`href="${story.original_url.replaceAll('&', '&amp;')}"`), `${page} links ${story.original_url}`)
      }
    }
    const { text } = await md('/')
    for (const story of Object.values(STORIES)) {
      assert.ok(text.includes(`id: \`${story.id}\``))
      assert.ok(text.includes(`(${story.original_url})`), `Markdown home links ${story.original_url}`)
    }
  })

  it('the story page shows every part, with the original link prominent and the cover image', async () => {
    const { text } = await get(`/s/${STORIES.full.id}`)
    assert.match(text, /<a class="button" href="https:\/\/alpha-ledger.example[^"]+"[^>]*>Read the original at Alpha Ledger<\/a>/)
    // Through this site's image proxy: the reader's browser never contacts the image host.
    assert.ok(text.includes(`<img src="/img/${STORIES.full.id}" alt="`))
    assert.ok(!text.includes('img.alpha-ledger.example'))
    assert.ok(text.includes('referrerpolicy="no-referrer"'))
    for (const part of ['What happened', 'Revenue rose 12 percent.', 'Beta Wire', 'Harbor opens its routing model', 'Print Weekly',
      'Rhea Calloway', 'Data &amp; AI', 'Cite as', 'It is free for research.', 'several publishers']) {
      assert.ok(text.includes(part), `story page shows ${part}`)
    }
    assert.match(text, /<time datetime="2026-11-20T12:00:00Z">/)

    const markdown = (await md(`/s/${STORIES.full.id}`)).text
    assert.match(markdown, /^# Harbor Labs releases an open model for shipping logistics\n/)
    assert.match(markdown, /^- Publisher: \[Alpha Ledger\]/m)
    assert.match(markdown, /^### What happened\n\nRevenue rose 12 percent\.$/m)
    assert.match(markdown, /^Cite as: Alpha Ledger, “Original title as published”, <https:\/\/alpha-ledger\.example\/[^>]+>$/m)
    assert.match(markdown, /^## Also covered by\n\n- \[Beta Wire: Harbor opens its routing model\]\(https:\/\/beta-wire\.example\/harbor\)\n- Print Weekly: A model for ports$/m)
    assert.doesNotMatch(markdown, /!\[/, 'no images in Markdown')
  })

  it('escapes hostile publisher text in HTML', async () => {
    for (const page of [`/s/${STORIES.hostile.id}`, '/', `/source/${HOSTILE_SOURCE.id}`, '/search?q=bold']) {
      const { status, text } = await get(page)
      assert.equal(status, 200)
      assert.doesNotMatch(text, /<script|<img src=x|<svg|<iframe|<b>Co|<i>Mallory/i, page)
      for (const href of hrefs(text)) assert.doesNotMatch(href, /^javascript:/i, page)
    }
    const { text } = await get(`/s/${STORIES.hostile.id}`)
    assert.ok(text.includes('&lt;script&gt;alert(&quot;h&quot;)&lt;/script&gt; &amp; **bold**'))
    assert.ok(text.includes('Evil &lt;b&gt;Co&lt;/b&gt; &amp; &quot;Sons&quot;'))
    assert.doesNotMatch(text, /insecure\.example/, 'the image host never appears in the page (the proxy fetches it)')
  })

  it('escapes hostile publisher text in Markdown: rendered by a CommonMark parser it stays text', async () => {
    for (const page of [`/s/${STORIES.hostile.id}`, '/', `/source/${HOSTILE_SOURCE.id}`]) {
      const markdown = (await md(page)).text
      const html = MD.render(markdown)
      assert.doesNotMatch(html, FORBIDDEN_TAGS, page)
      assert.doesNotMatch(html, /<h1>[^<]*not a heading|<blockquote>\s*<p>not a quote|<ol>\s*<li>not a list/, page)
      for (const href of hrefs(html)) {
        assert.match(href, /^https:\/\/(news\.example\.org|evil\.example|outlet\.example|alpha-ledger\.example|beta-wire\.example)(\/|$)/, `${page} links ${href}`)
      }
    }
    const markdown = (await md(`/s/${STORIES.hostile.id}`)).text
    assert.ok(MD.render(markdown).includes('<h1>&lt;script&gt;alert(&quot;h&quot;)&lt;/script&gt; &amp; **bold** [x](javascript:alert(1))</h1>'),
      'emphasis and link syntax in a headline stay literal')
    assert.ok(markdown.startsWith('# \\<script\\>alert("h")\\</script\\> & \\*\\*bold\\*\\* \\[x\\](javascript:alert(1))\n'))
  })

  it('keeps the language in every link, and sets lang and dir; Arabic is right-to-left', async () => {
    const { text } = await get(`/s/${STORIES.full.id}?lang=ar`)
    assert.match(text, /<html lang="ar" dir="rtl">/)
    assert.ok(text.includes('هاربر لابز تطلق نموذجاً مفتوحاً'))
    for (const href of hrefs(text).filter((h) => h.startsWith('/') && !/^\/(assets|favicon|llms\.txt|openapi\.json|\.well-known)/.test(h))) {
      if (/[?&]lang=ar\b/.test(href)) continue
      assert.ok(text.includes(`<a href="${href.replaceAll('&', '&amp;')}" hreflang=`), `internal link ${href} keeps the language unless it switches it`)
    }
    for (const lang of ['en', 'es', 'fr', 'de', 'it', 'pt', 'ja', 'ko', 'ar']) {
      assert.ok(text.includes(`hreflang="${lang}"`), `switcher offers ${lang}`)
    }

    const untranslated = await get(`/s/${STORIES.beta.id}?lang=ar`)
    assert.match(untranslated.text, /<html lang="ar" dir="rtl">/)
    assert.match(untranslated.text, /<article class="story" lang="en" dir="ltr">/, 'English fallback text is marked as English')
    assert.ok(untranslated.text.includes('class="notice" lang="ar" dir="rtl"'))
    assert.equal(untranslated.headers.get('content-language'), 'ar')

    const markdown = (await md(`/s/${STORIES.full.id}?lang=es`)).text
    assert.match(markdown, /^# Harbor Labs publica un modelo abierto/)
    assert.match(markdown, /\?lang=es&format=md/)
  })

  it('rejects a bad language or format with a clear 400 page', async () => {
    const badLang = await get('/?lang=xx')
    assert.equal(badLang.status, 400)
    assert.match(badLang.headers.get('content-type') ?? '', /text\/html/)
    assert.ok(badLang.text.includes('lang: must be one of en, es, fr, de, it, pt, ja, ko, ar'))
    const badFormat = await get('/c/business?format=pdf')
    assert.equal(badFormat.status, 400)
    assert.ok(badFormat.text.includes('format: must be md or html'))
    const shortQuery = await md('/search?q=a')
    assert.equal(shortQuery.status, 400)
    assert.equal(shortQuery.headers.get('content-type'), 'text/markdown; charset=utf-8')
    assert.match(shortQuery.text, /q: must be 2 to 256 characters/)
  })

  it('answers unknown stories, topics, publishers and paths with a helpful 404 page in either format', async () => {
    const cases = [
      ['/s/00000000-0000-4000-8000-000000000000', 'could not find this story'],
      ['/s/not-a-uuid', 'could not find this story'],
      ['/c/astrology', 'no topic with this name'],
      ['/source/00000000-0000-4000-8000-000000000000', 'could not find this publisher'],
      ['/no/such/page', 'nothing at this address'],
    ] as const
    for (const [page, message] of cases) {
      const html = await get(page)
      assert.equal(html.status, 404, page)
      assert.equal(html.headers.get('content-type'), 'text/html; charset=utf-8')
      assert.ok(html.text.toLowerCase().includes(message.toLowerCase()), `${page}: ${message}`)
      assert.ok(html.text.includes('href="/c/business"'), '404 page offers the topics')
      assert.match(html.text, /<meta name="robots" content="noindex/)
      assert.match(html.headers.get('cache-control') ?? '', /max-age=\d+/)
      const markdown = await md(page)
      assert.equal(markdown.status, 404)
      assert.equal(markdown.headers.get('content-type'), 'text/markdown; charset=utf-8')
      assert.match(markdown.text, /^# Page not found/)
    }
    const api = await get('/api/v1/nothing')
    assert.equal(api.status, 404)
    assert.deepEqual(Object.keys(api.json), ['error', 'message'], 'API paths keep JSON errors')
  })

  it('serves the .md suffix, 304 on If-None-Match and HEAD for pages', async () => {
    const suffixed = await get(`/s/${STORIES.full.id}.md`)
    assert.equal(suffixed.headers.get('content-type'), 'text/markdown; charset=utf-8')
    assert.equal(suffixed.text, (await md(`/s/${STORIES.full.id}`)).text)
    assert.equal((await get('/legal/terms.md')).headers.get('content-type'), 'text/markdown; charset=utf-8')

    for (const init of [{}, { headers: { Accept: 'text/markdown' } }]) {
      const first = await get('/c/data-ai', init)
      const etag = first.headers.get('etag')!
      const again = await get('/c/data-ai', { headers: { ...(init.headers ?? {}), 'If-None-Match': etag } })
      assert.equal(again.status, 304)
      assert.equal(again.headers.get('vary'), 'Accept, Accept-Encoding')
      const head = await get('/c/data-ai', { ...init, method: 'HEAD' })
      assert.equal(head.status, 200)
      assert.equal(head.text, '')
      assert.equal(head.headers.get('etag'), etag)
    }
  })

  it('search results are for readers, not for indexing', async () => {
    const { text } = await get('/search?q=harbor%20model')
    assert.match(text, /<meta name="robots" content="noindex, follow"\/>/)
    assert.ok(text.includes('value="harbor model"'), 'the search box keeps the query')
    const empty = await get('/search?q=zzqx')
    assert.ok(empty.text.includes('No stories match'))
    const hint = await get('/search')
    assert.equal(hint.status, 200)
    assert.ok(hint.text.includes('at least two characters'))
  })

  it('fills the operator placeholders of the bundled legal texts', async () => {
    const { text } = await md('/legal/privacy')
    assert.doesNotMatch(text, /\{\{\w+\}\}/)
    assert.ok(text.includes('the operator of news.example.org'))
    assert.ok(text.includes('no contact address has been published'))
  })
})

describe('operator page texts', () => {
  let server: FixtureServer
  before(async () => {
    const pagesDir = tempDir('newsdesk-pages-')
    fs.writeFileSync(path.join(pagesDir, 'terms.md'), '# House rules\n\nRun by {{operator_name}}. Write to {{operator_contact}}.\n\n<script>alert(1)</script>\n')
    fs.writeFileSync(path.join(pagesDir, 'terms.es.md'), '# Normas de la casa\n\nEscríbenos a {{operator_contact}}.\n')
    server = await startFixtureServer([STORIES.full], {
      PAGES_DIR: pagesDir, OPERATOR_NAME: 'Acme Media Ltd', OPERATOR_CONTACT: 'legal@acme.example',
    })
  })
  after(async () => { await server?.stop() })

  it('replace the bundled text, in HTML (raw HTML escaped) and Markdown, per language', async () => {
    const html = await request(`${server.serve.url}/legal/terms`)
    assert.ok(html.text.includes('<h1>House rules</h1>'))
    assert.ok(html.text.includes('Run by Acme Media Ltd. Write to <a href="mailto:legal@acme.example">legal@acme.example</a>.'))
    assert.doesNotMatch(html.text, /<script/)
    assert.ok(html.text.includes('&lt;script&gt;alert(1)&lt;/script&gt;'))
    assert.match(html.text, /<title>House rules · Newsdesk<\/title>/)

    const spanish = await request(`${server.serve.url}/legal/terms?lang=es&format=md`)
    assert.match(spanish.text, /^# Normas de la casa\n\nEscríbenos a \[legal@acme\.example\]\(mailto:legal@acme\.example\)\./)

    const french = await request(`${server.serve.url}/legal/terms?lang=fr`)
    assert.ok(french.text.includes('<h1>House rules</h1>'), 'no French file: the operator text stands')
    assert.ok(french.text.includes('<article class="document prose" lang="en" dir="ltr">'))

    const pricing = await request(`${server.serve.url}/pricing?format=md`)
    assert.match(pricing.text, /^# /, 'pages without an operator file keep the bundled text')
  })
})
