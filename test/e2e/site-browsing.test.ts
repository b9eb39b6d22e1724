import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import path from 'node:path'
import { parseHTML } from 'linkedom'
import { SAMPLE_EDITION_PATH } from '../../src/config/paths.ts'
import { loadSampleEdition } from '../../src/sample/load-sample.ts'
import { tempDir, testEnv } from '../helpers/cli.ts'
import { request } from '../helpers/http.ts'
import { startInProcessServe, type RunningService } from '../helpers/in-process-serve.ts'

/**
 * The site as a reader meets it on the sample edition (159 stories, 30 publishers): every story reachable from the
 * home page by following links, the publisher index, canonical addresses, feeds to subscribe to, and text in another
 * language than the page's marked as such.
 */
const SAMPLE_STORIES = 159
const SAMPLE_PUBLISHERS = 30

interface ApiStory { id: string; headline: string; summary: string | null; lang: string; published_at: string | null; source: { id: string; name: string } | null }

describe('the site on the sample edition', () => {
  let serve: RunningService
  let all: ApiStory[]
  before(async () => {
    const dir = tempDir()
    serve = await startInProcessServe(testEnv({ DATABASE_URL: `sqlite:${path.join(dir, 'n.db')}`, DATA_DIR: dir }),
      async (store) => { await loadSampleEdition(store, SAMPLE_EDITION_PATH) })
    all = []
    for (let cursor: string | null = null; ;) {
      const page: { stories: ApiStory[]; next_cursor: string | null } = (await request(`${serve.url}/api/v1/stories?limit=50${cursor ? `&cursor=${cursor}` : ''}`)).json as never
      all.push(...page.stories)
      if (!page.next_cursor) break
      cursor = page.next_cursor
    }
    assert.equal(all.length, SAMPLE_STORIES)
  })
  after(async () => { await serve?.stop() })

  const html = async (url: string) => {
    const res = await request(url.startsWith('http') ? url : `${serve.url}${url}`)
    assert.equal(res.status, 200, `${url}: ${res.text.slice(0, 200)}`)
    return parseHTML(res.text).document
  }
  const storyIds = (doc: Document) => [...doc.querySelectorAll('.story-card .story-title a')].map((a) => a.getAttribute('href')!.replace(/^\/s\/([^?]+).*$/, '$1'))

  it('HTML: following "Older stories" from the home page reaches the oldest story, each story once; "Newer stories" walks back', async () => {
    const seen: string[] = []
    const pages: string[] = []
    let url: string | null = '/'
    while (url) {
      const doc = await html(url)
      pages.push(url)
      seen.push(...storyIds(doc))
      const next = doc.querySelector('nav.pager a[rel="next"]')
      assert.equal(doc.querySelector('link[rel="next"]')?.getAttribute('href') ?? null, next ? `${serve.url.replace(/\/$/, '')}${next.getAttribute('href')}`.replace(serve.url, 'http://localhost:3000') : null)
      url = next?.getAttribute('href') ?? null
      assert.ok(pages.length <= 10, 'the walk ends')
    }
    assert.equal(new Set(seen).size, seen.length, 'no story twice')
    assert.deepEqual(seen, all.map((s) => s.id), 'every story, newest first, the oldest last')
    // Back from the last page to the first by "Newer stories": the same pages in reverse.
    const back: string[] = []
    let prev: string | null = pages[pages.length - 1]!
    while (prev !== null) {
      back.push(prev)
      const doc = await html(prev)
      prev = doc.querySelector('nav.pager a[rel="prev"]')?.getAttribute('href') ?? null
      assert.ok(back.length <= 10)
    }
    assert.deepEqual(back, [...pages].reverse())
  })

  it('Markdown: the same walk by its "Older stories" links, each story with its summary\'s first sentence', async () => {
    const seen: string[] = []
    let url: string | null = `${serve.url}/?format=md`
    while (url) {
      const res = await request(url)
      assert.equal(res.status, 200)
      const ids = [...res.text.matchAll(/^ {3}id: `([0-9a-f-]{36})`/gm)].map((m) => m[1]!)
      seen.push(...ids)
      for (const id of ids) {
        const story = all.find((s) => s.id === id)!
        const first = story.summary!.split(/(?<=[.!?])\s/)[0]!.slice(0, 30)
        assert.ok(res.text.includes(first.replaceAll('$', '\\$')), `${id}: its summary starts the entry (${first})`)
      }
      const older = /\[Older stories\]\((http[^)]+)\)/.exec(res.text)
      // Absolute links carry SITE_URL; the test's server listens elsewhere.
      url = older ? older[1]!.replace(/^http:\/\/localhost:3000/, serve.url.replace(/\/$/, '')) : null
    }
    assert.deepEqual(seen, all.map((s) => s.id))
  })

  it('the cursor survives a change of language, in links and the language switcher', async () => {
    const home = await html('/')
    const older = home.querySelector('nav.pager a[rel="next"]')!.getAttribute('href')!
    const cursor = new URL(older, serve.url).searchParams.get('cursor')!
    const page2 = await html(older)
    const german = page2.querySelector('a[hreflang="de"]')!.getAttribute('href')!
    assert.equal(new URL(german, serve.url).searchParams.get('cursor'), cursor)
    const de = await html(german)
    assert.deepEqual(storyIds(de), storyIds(page2), 'the same stories, in German')
    const next = new URL(de.querySelector('nav.pager a[rel="next"]')!.getAttribute('href')!, serve.url)
    assert.equal(next.searchParams.get('lang'), 'de')
  })

  it('a bad cursor is a 400 page, not a silent first page', async () => {
    const res = await request(`${serve.url}/?cursor=nonsense`)
    assert.equal(res.status, 400)
  })

  it('/sources lists every publisher with site, topic, story count and newest story, in HTML and Markdown', async () => {
    const doc = await html('/sources')
    const items = [...doc.querySelectorAll('.publisher-list li')]
    assert.equal(items.length, SAMPLE_PUBLISHERS)
    let total = 0
    for (const li of items) {
      const name = li.querySelector('a.publisher')!
      assert.match(name.getAttribute('href')!, /^\/source\/[0-9a-f-]{36}$/)
      const text = li.textContent!
      const count = Number(/(\d+) stories/.exec(text)?.[1])
      assert.ok(count > 0, text)
      total += count
      assert.ok(li.querySelector('a[href^="/c/"]'), `${text}: its topic`)
      assert.ok(li.querySelector('time'), `${text}: its newest story`)
      const stories = all.filter((s) => s.source?.id === name.getAttribute('href')!.slice('/source/'.length))
      assert.equal(count, stories.length, name.textContent!)
      assert.equal(li.querySelector('time')!.getAttribute('datetime'), stories[0]!.published_at)
    }
    assert.equal(total, SAMPLE_STORIES)
    const md = await request(`${serve.url}/sources?format=md`)
    assert.equal(md.status, 200)
    assert.equal(md.text.split('\n').filter((l) => /^- \[.+\]\(http.+\/source\/[0-9a-f-]{36}\?format=md\)/.test(l)).length, SAMPLE_PUBLISHERS)
    assert.ok(Number(md.headers.get('x-markdown-tokens')) > 0)
  })

  it('publisher names link to their page wherever they appear', async () => {
    const doc = await html('/')
    for (const card of doc.querySelectorAll('.story-card')) {
      const publisher = card.querySelector('.meta .publisher')!
      assert.equal(publisher.tagName, 'A', card.textContent!)
      assert.match(publisher.getAttribute('href')!, /^\/source\//)
    }
    const md = (await request(`${serve.url}/c/finance?format=md`)).text
    assert.match(md, / — \[[^\]]+\]\(http[^)]+\/source\/[0-9a-f-]{36}\?format=md\)/)
  })

  it('list pages show their feeds (RSS, Atom, JSON Feed) and, on home and topics, the OPML of the topic feeds', async () => {
    const source = all[0]!.source!.id
    const cases: Array<[string, string, boolean]> = [
      ['/', '/feeds/latest', true], ['/c/finance', '/feeds/topics/finance', true],
      [`/source/${source}`, `/feeds/sources/${source}`, false], ['/search?q=bank', '/feeds/search', false],
    ]
    for (const [page, feed, opml] of cases) {
      const doc = await html(page)
      const links = [...doc.querySelectorAll('.subscribe a')].map((a) => a.getAttribute('href')!)
      for (const ext of ['rss', 'atom', 'json']) assert.ok(links.some((l) => l.startsWith(`${feed}.${ext}`)), `${page}: ${ext} in ${links}`)
      assert.equal(links.some((l) => l.startsWith('/feeds/topics.opml')), opml, page)
      for (const l of links) assert.equal((await request(`${serve.url}${l}`)).status, 200, l)
    }
  })

  it('text in another language than the page\'s is marked with lang and dir; Markdown names the language', async () => {
    for (const lang of ['de', 'ar', 'ja']) {
      const api = (await request(`${serve.url}/api/v1/stories?limit=30&lang=${lang}`)).json as { stories: ApiStory[] }
      const doc = await html(`/?lang=${lang}`)
      assert.equal(doc.documentElement.getAttribute('lang'), lang)
      const titles = [...doc.querySelectorAll('.story-card .story-title')]
      assert.equal(titles.length, api.stories.length)
      let fallbacks = 0
      titles.forEach((title, i) => {
        const story = api.stories[i]!
        // The language a text is in: its nearest lang attribute.
        const marked = title.closest('[lang]')!.getAttribute('lang')
        assert.equal(marked, story.lang, `${lang}: "${story.headline}"`)
        if (story.lang !== lang) {
          fallbacks++
          assert.equal(title.getAttribute('dir'), story.lang === 'ar' ? 'rtl' : 'ltr')
          const summary = title.closest('.story-card')!.querySelector('.summary')
          if (summary) assert.equal(summary.getAttribute('lang'), story.lang)
        }
      })
      assert.ok(fallbacks > 0, `${lang}: the sample has English fallbacks`)
      const md = (await request(`${serve.url}/?lang=${lang}&format=md`)).text
      const name = new Intl.DisplayNames([lang], { type: 'language' }).of('en')!
      const marker = `(${name.charAt(0).toLocaleUpperCase(lang)}${name.slice(1)})`
      const entries = md.split('\n').filter((l) => /^\d+\. \*\*/.test(l))
      api.stories.forEach((s, i) => assert.equal(entries[i]!.includes(`** ${marker}`), s.lang !== lang, entries[i]))
    }
  })

  it('harmless variants of an address move for good to the canonical one; the API answers them 404; no GET gets 405', async () => {
    const story = all[0]!.id
    const moved: Array<[string, string]> = [
      ['/c/finance/', '/c/finance'], [`/s/${story}/`, `/s/${story}`], ['/sources/', '/sources'], ['/llms.txt/', '/llms.txt'],
      ['/sitemap.xml/', '/sitemap.xml'], ['/search/?q=bank&lang=de', '/search?q=bank&lang=de'], ['//c//finance', '/c/finance'],
      ['/index.html', '/'], ['/c/finance/?lang=ar&cursor=x', '/c/finance?lang=ar&cursor=x'], ['/.well-known/api-catalog/', '/.well-known/api-catalog'],
      ['/feeds/latest.rss/', '/feeds/latest.rss'],
    ]
    for (const [from, to] of moved) {
      for (const method of ['GET', 'HEAD']) {
        const res = await request(`${serve.url}${from}`, { method })
        assert.equal(res.status, 301, `${method} ${from}`)
        assert.equal(res.headers.get('location'), to, from)
      }
      assert.equal((await request(`${serve.url}${to}`)).status === 200 || to.includes('cursor=x'), true, to)
    }
    for (const api of ['/api/v1/', '/api/v1/stories/', '/api/v1/sources/', '/api/v1/health/']) {
      const res = await request(`${serve.url}${api}`)
      assert.equal(res.status, 404, api)
      assert.match(res.headers.get('content-type') ?? '', /application\/json/)
      assert.equal(typeof (res.json as { message: string }).message, 'string')
    }
    for (const path of ['/c/finance/extra', '/s/', '/source/', '/c/', '/feeds/', '/nothing/']) {
      const res = await request(`${serve.url}${path}`)
      assert.notEqual(res.status, 405, path)
    }
  })

  it('the stylesheet goes out compressed, with an ETag that answers 304', async () => {
    const href = (await html('/')).querySelector('link[rel="stylesheet"]')!.getAttribute('href')!
    const br = await fetch(`${serve.url}${href}`, { headers: { 'Accept-Encoding': 'br' } })
    assert.equal(br.status, 200)
    assert.equal(br.headers.get('content-encoding'), 'br')
    assert.match(br.headers.get('cache-control')!, /immutable/)
    assert.match(br.headers.get('content-type')!, /^text\/css/)
    const again = await fetch(`${serve.url}${href}`, { headers: { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.get('etag')! } })
    assert.equal(again.status, 304)
  })

  it('feed entries carry their own update times (the sample: each when it was published)', async () => {
    const atom = (await request(`${serve.url}/feeds/latest.atom`)).text
    const entries = [...atom.matchAll(/<entry[^>]*>[\s\S]*?<\/entry>/g)].map((m) => m[0])
    assert.ok(entries.length > 10)
    const updated = entries.map((e) => /<updated>([^<]+)<\/updated>/.exec(e)![1]!)
    assert.equal(new Set(updated).size, entries.length, 'one instant per entry')
    for (const e of entries) assert.equal(/<updated>([^<]+)</.exec(e)![1], /<published>([^<]+)</.exec(e)![1])
    const json = (await request(`${serve.url}/feeds/latest.json`)).json as { items: Array<{ date_modified: string; date_published: string }> }
    assert.equal(new Set(json.items.map((i) => i.date_modified)).size, json.items.length)
  })

  it('discovery: did:web writes the port as %3A; declared media types are served when asked for; Markdown everywhere says its tokens', async () => {
    const catalog = (await request(`${serve.url}/.well-known/ai-catalog.json`)).json as { host: { identifier: string }; entries: Array<{ type: string; url: string }> }
    assert.equal(catalog.host.identifier, 'did:web:localhost%3A3000')
    const local = (url: string) => url.replace(/^http:\/\/localhost:3000/, serve.url.replace(/\/$/, ''))
    const linkset = (await request(`${serve.url}/.well-known/api-catalog`)).json as { linkset: Array<Record<string, Array<{ href: string; type?: string }>>> }
    const declared = [
      ...catalog.entries.map((e) => ({ href: e.url, type: e.type })),
      ...linkset.linkset.flatMap((ctx) => (ctx['service-desc'] ?? []).map((l) => ({ href: l.href, type: l.type! }))),
    ]
    assert.ok(declared.length >= 6)
    for (const { href, type } of declared) {
      const res = await request(local(href), { headers: { Accept: type } })
      assert.equal(res.status, 200, href)
      assert.equal(res.headers.get('content-type')!.split(';')[0], type.split(';')[0], `${href} declared as ${type}`)
    }
    for (const md of ['/llms.txt', '/auth.md', '/.well-known/agent-skills/newsdesk/SKILL.md', '/no/such/page?format=md', '/sources.md']) {
      const res = await request(`${serve.url}${md}`)
      assert.match(res.headers.get('content-type') ?? '', /^text\/markdown/, md)
      assert.ok(Number(res.headers.get('x-markdown-tokens')) > 10, `${md}: x-markdown-tokens ${res.headers.get('x-markdown-tokens')}`)
    }
  })

  it('the examples in llms.txt, SKILL.md and the agent card find stories on the sample edition', async () => {
    const docs = [(await request(`${serve.url}/llms.txt`)).text, (await request(`${serve.url}/.well-known/agent-skills/newsdesk/SKILL.md`)).text]
    const links = new Set(docs.flatMap((d) => [...d.matchAll(/http:\/\/localhost:3000(\/(?:api\/v1\/stories|feeds\/search)[^)\s`]*)/g)].map((m) => m[1]!)))
    assert.ok(links.size >= 2, [...links].join(' '))
    for (const link of links) {
      const res = await request(`${serve.url}${link.replace(/&amp;/g, '&')}`)
      assert.equal(res.status, 200, link)
      const body = res.json as { stories?: unknown[]; story?: unknown; items?: unknown[] }
      assert.ok((body.stories?.length ?? body.items?.length ?? (body.story ? 1 : 0)) > 0, `${link} finds nothing`)
    }
    const card = (await request(`${serve.url}/.well-known/agent-card.json`)).json as { skills: Array<{ id: string; examples?: string[] }> }
    const examples = card.skills.flatMap((s) => s.examples ?? [])
    const quoted = examples.flatMap((e) => [.../^search "([^"]+)"/.exec(e) ?? []].slice(1))
    assert.ok(quoted.length > 0)
    for (const q of quoted) assert.ok(((await request(`${serve.url}/api/v1/stories?q=${encodeURIComponent(q)}`)).json as { count: number }).count > 0, q)
    for (const id of new Set(examples.flatMap((e) => e.match(/[0-9a-f]{8}-[0-9a-f-]{27}/g) ?? []))) {
      assert.equal((await request(`${serve.url}/api/v1/stories/${id}`)).status, 200, id)
    }
  })
})

