/**
 * The crawler end to end: the real CLI (`newsdesk crawl`, `newsdesk publishers list`) over a real SQLite file, against
 * the fixture publisher site of test/helpers/fixture-publishers.ts on 127.0.0.1; what it wrote is read through the
 * service run in this process (test/helpers/in-process-serve.ts: the same application and key ring serve uses).
 *
 *   1. crawl: exit 0 and the summary counts;
 *   2. every request the site received verifies with web-bot-auth against serve's signatures directory;
 *   3. the REST API serves exactly the expected stories and clusters, in their real languages, without markup;
 *      the prompt-injection text stays in data fields;
 *   4. publishers list --json: each broken or hostile feed's status;
 *   5. crawl --force: conditional requests, 304s, nothing new (idempotent);
 *   6. the LLM path against a fake OpenAI-compatible server: translations; a failing LLM falls back to the extractive
 *      text and is retried by a later crawl.
 *
 * Serve crawling only hostile feeds (each rejected within 1 s) is test/e2e/crawl-hostile.test.ts: it times the
 * crawler, so it runs alone, and this file need not.
 *
 * The fetcher's 20 s total timeout (a body trickling for longer) is not exercised here, only the 10 s headers timeout
 * (the slow feed never answers); the trickle is covered by test/crawler/guarded-fetch.test.ts.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import Database from '../../src/storage/sqlite/driver.ts'
import MarkdownIt from 'markdown-it'
import { TRANSLATION_LANGUAGES, type Language } from '../../src/domain/languages.ts'
import { TOPICS } from '../../src/domain/topics.ts'
import { INJECTION_MARKER } from '../fixtures/publishers-site/content.ts'
import { runCli } from '../helpers/cli.ts'
import { assertExit0, crawlEnv, directoryKeys, publishersList, verifyRequest } from '../helpers/crawl-checks.ts'
import { dataBlock, errorReply, startFakeLlmServer, valid, type FakeLlmServer } from '../helpers/fake-llm-server.ts'
import { PAGE_BOILERPLATE, startFixturePublishers, type ExpectedArticle, type FixturePublishers, type FixtureRequest } from '../helpers/fixture-publishers.ts'
import { request, getJson } from '../helpers/http.ts'
import { startInProcessServe, type RunningService } from '../helpers/in-process-serve.ts'

const SITE_URL = 'https://news.example.org'

interface StoryDetail {
  id: string
  headline: string
  summary: string | null
  original_title: string
  original_url: string
  source: { id: string; name: string; site_url: string | null } | null
  category: { slug: string } | null
  multi_source: boolean
  lang: Language
  cards: Array<{ heading: string | null; body: string | null }>
  covered_by: Array<{ name: string; title: string; url: string | null }>
}

/** A story the crawl must produce: its articles (the first one's publisher is the source) and its language. */
interface ExpectedStory {
  key: string
  articles: ExpectedArticle[]
}

function expectedStories(site: FixturePublishers, slugs?: Set<string>): ExpectedStory[] {
  const keep = (a: ExpectedArticle) => !slugs || slugs.has(a.slug)
  return [
    ...site.expected.events.map((e) => ({ key: e.key, articles: e.articles.filter(keep) })).filter((e) => e.articles.length > 0),
    ...site.expected.singles.filter(keep).map((a) => ({ key: a.url, articles: [a] })),
  ]
}

/** The language a story's untranslated text is in: English when any article is English, else the articles' language. */
function storyLang(articles: ExpectedArticle[]): Language {
  const langs = articles.map((a) => a.lang)
  if (langs.includes('en')) return 'en'
  const counts = new Map<Language, number>()
  for (const l of langs) counts.set(l, (counts.get(l) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0]
}

/**
 * How the served stories differ from the expected clusters: each expected story must be exactly one served story whose
 * original article is one of its articles, whose source is that article's publisher, whose covered_by names exactly
 * the other publishers (with their article URLs), and whose `lang` is the language of its untranslated text.
 */
function clusterProblems(stories: StoryDetail[], want: ExpectedStory[], lang: (articles: ExpectedArticle[]) => Language = storyLang): string[] {
    const problems: string[] = []
    for (const st of want) {
      const urls = new Set(st.articles.map((a) => a.url))
      const matching = stories.filter((s) => urls.has(s.original_url) || s.covered_by.some((c) => c.url && urls.has(c.url)))
      if (matching.length !== 1) {
        problems.push(`${st.key}: ${matching.length} stories (${matching.map((m) => `${m.original_url} + [${m.covered_by.map((c) => c.url).join(', ')}]`).join('; ')})`)
        continue
      }
      const story = matching[0]!
      const first = st.articles.find((a) => a.url === story.original_url)
      if (!first) {
        problems.push(`${st.key}: original_url ${story.original_url} is not one of its articles`)
        continue
      }
      const others = st.articles.filter((a) => a.publisher !== first.publisher)
      const got = {
        source: story.source?.name, title: story.original_title.replace(/\s+/gu, ' '), multi: story.multi_source,
        coveredBy: story.covered_by.map((c) => `${c.name} | ${c.url}`).sort(), lang: story.lang,
      }
      const exp = {
        source: first.publisher, title: first.title.replace(/\s+/gu, ' '), multi: others.length > 0,
        coveredBy: others.map((a) => `${a.publisher} | ${a.url}`).sort(), lang: lang(st.articles),
      }
      if (JSON.stringify(got) !== JSON.stringify(exp)) problems.push(`${st.key}:\n  got      ${JSON.stringify(got)}\n  expected ${JSON.stringify(exp)}`)
    }
  return problems
}

function summaryLine(stdout: string) {
  const m = /feeds: (\d+) \(ok (\d+), not modified (\d+), failed (\d+)\)\narticles new: (\d+)\nstories: (\d+) created, (\d+) updated/.exec(stdout)
  assert.ok(m, `no crawl summary in:\n${stdout}`)
  const [feeds, ok, notModified, failed, articlesNew, created, updated] = m.slice(1).map(Number)
  return { feeds, ok, notModified, failed, articlesNew, created, updated }
}

/** Every story of the store through the REST API, with details. */
async function allStories(serve: RunningService, lang: Language = 'en'): Promise<StoryDetail[]> {
  const list = await getJson(`${serve.url}/api/v1/stories?limit=50&lang=${lang}`) as { stories: Array<{ id: string }>; count: number }
  assert.ok(list.count < 50, 'the fixture crawl must fit in one page of stories')
  return Promise.all(list.stories.map(async (s) => (await getJson(`${serve.url}/api/v1/stories/${s.id}?lang=${lang}`) as { story: StoryDetail }).story))
}

const MARKUP = /<\/?[a-z!?][^>]*>|&(?:[a-z]+|#\d+|#x[0-9a-f]+);/i

/** Paths (a.b[0].c) of every string in `value` containing `needle`. */
function pathsContaining(value: unknown, needle: string, at = ''): string[] {
  if (typeof value === 'string') return value.includes(needle) ? [at] : []
  if (Array.isArray(value)) return value.flatMap((v, i) => pathsContaining(v, needle, `${at}[${i}]`))
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => pathsContaining(v, needle, at ? `${at}.${k}` : k))
  return []
}

/** Where publisher text may appear in a story: the text fields, never ids, URLs, names or metadata. */
const DATA_FIELD = /^(story\.)?(headline|summary|original_title|cards\[\d+\]\.(heading|body)|covered_by\[\d+\]\.title)$/

describe('newsdesk crawl against the fixture publisher site', { timeout: 120_000 }, () => {
  let site: FixturePublishers
  let env: Record<string, string>
  let serve: RunningService | undefined
  let firstPassRequests: FixtureRequest[] = []
  const expected = () => expectedStories(site)

  before(async () => {
    site = await startFixturePublishers()
    env = crawlEnv(SITE_URL, site.directory)
  })

  after(async () => {
    await serve?.stop()
    await site?.stop()
  })

  it('crawl: exit 0 and a summary that counts every feed, article and story', async () => {
    const result = await runCli(['crawl'], { env })
    firstPassRequests = [...site.requests]
    assertExit0(result, 'crawl')
    const s = summaryLine(result.stdout)
    const stories = expected()
    const failures = site.expected.failures.length
    assert.deepEqual(
      { feeds: s.feeds, ok: s.ok, notModified: s.notModified, failed: s.failed, articlesNew: s.articlesNew, created: s.created },
      {
        feeds: site.expected.okFeeds + failures, ok: site.expected.okFeeds, notModified: 0, failed: failures,
        articlesNew: site.expected.articles.length, created: stories.length,
      },
      result.stdout + result.stderr,
    )
    // Each later publisher of an event may cause one more rewrite of the story; rewrites queued together run once.
    assert.ok(s.updated! <= stories.reduce((n, st) => n + new Set(st.articles.map((a) => a.publisher)).size - 1, 0), `stories updated: ${s.updated}`)
    // Not a terminal: one plain line per feed on stderr.
    for (const e of site.directory) assert.ok(result.stderr.includes(e.feed_url), `no progress line for ${e.feed_url}`)
  })

  it('every request is signed (web-bot-auth, verified against serve\'s own directory) and names the bot', async () => {
    serve = await startInProcessServe(env)
    const keys = await directoryKeys(serve)
    assert.ok(firstPassRequests.length > site.directory.length, 'the site saw the crawl')
    const failures: string[] = []
    for (const req of firstPassRequests) {
      assert.match(req.headers['user-agent'] ?? '', /^NewsdeskBot\/\S+ \(\+https:\/\/news\.example\.org\/\S+\)$/, `User-Agent of ${req.path}`)
      assert.equal(req.headers['signature-agent'], `"${SITE_URL}"`, `Signature-Agent of ${req.path}`)
      assert.match(String(req.headers['signature-input'] ?? ''), /"@authority".*"signature-agent".*;tag="web-bot-auth"/, `Signature-Input of ${req.path}`)
      try {
        await verifyRequest(req, keys)
      } catch (err) {
        failures.push(`${req.method} ${req.path}: ${(err as Error).message}`)
      }
    }
    assert.deepEqual(failures, [], 'every signature verifies')
  })

  it('what was fetched: robots.txt obeyed, teaser pages extracted, full-text pages and images never fetched', () => {
    const paths = firstPassRequests.map((r) => new URL(r.path, site.url).pathname)
    assert.ok(paths.includes('/robots.txt'))
    assert.equal(paths.filter((p) => p === '/robots.txt').length, 1, 'robots.txt fetched once per origin and run')
    assert.ok(!paths.some((p) => p.startsWith('/northern-courier/articles/')), 'robots.txt disallows those pages')
    assert.ok(!paths.some((p) => p.startsWith('/lockbox-times/')), 'robots.txt disallows that feed')
    assert.ok(!paths.some((p) => p.startsWith('/pixel.gif')), 'no image fetched')
    for (const a of site.expected.articles) {
      const page = new URL(a.url).pathname
      assert.equal(paths.includes(page), a.text === 'extracted', `${a.url} (${a.text}) ${a.text === 'extracted' ? 'not ' : ''}fetched`)
    }
    // No 404 except the feed that is meant to be gone.
    const notFound = firstPassRequests.filter((r) => r.status === 404).map((r) => r.path)
    assert.deepEqual(notFound, ['/gone-weekly/feed.xml'])
  })

  it('the REST API serves exactly the expected stories and clusters', async () => {
    assert.ok(serve, 'serve started by the previous test')
    const stories = await allStories(serve)
    const want = expected()
    const byUrl = new Map(stories.map((s) => [s.original_url, s]))
    assert.equal(stories.length, want.length, `story count; original urls:\n${[...byUrl.keys()].sort().join('\n')}`)

    const problems = clusterProblems(stories, want)
    assert.deepEqual(problems, [], problems.join('\n'))

    for (const s of stories) {
      assert.ok(s.summary && s.summary.trim().length > 40, `${s.original_url}: a summary (${JSON.stringify(s.summary)})`)
      assert.ok(s.category && (TOPICS as readonly string[]).includes(s.category.slug), `${s.original_url}: one of the 13 topics`)
      for (const text of [s.headline, s.summary, ...s.cards.flatMap((c) => [c.heading ?? '', c.body ?? ''])]) {
        assert.doesNotMatch(text ?? '', MARKUP, `${s.original_url}: no markup in ${JSON.stringify(text)}`)
      }
      assert.doesNotMatch(s.original_url, /utm_|#/, 'tracking parameters and fragments dropped')
    }
  })

  it('teasers: extracted pages give the article text without page chrome; a page robots.txt disallows leaves the teaser', async () => {
    assert.ok(serve)
    const stories = await allStories(serve)
    const textOf = (s: StoryDetail) => [s.headline, s.summary ?? '', ...s.cards.flatMap((c) => [c.heading ?? '', c.body ?? ''])].join('\n')
    for (const s of stories) {
      for (const chrome of PAGE_BOILERPLATE) assert.ok(!textOf(s).includes(chrome), `${s.original_url}: page chrome "${chrome}" in the story`)
    }
    // A single's story is written from its article alone: what the body says shows whether the crawler had it.
    const problems: string[] = []
    for (const a of site.expected.singles.filter((x) => x.text !== 'feed')) {
      const story = stories.find((s) => s.original_url === a.url)
      if (!story) { problems.push(`${a.url}: no story`); continue }
      const usesBody = a.body.some((p) => textOf(story).includes(p.slice(0, 40)))
      if (usesBody !== (a.text === 'extracted')) problems.push(`${a.url} (${a.text}): body text ${usesBody ? '' : 'not '}in the story`)
    }
    assert.deepEqual(problems, [], problems.join('\n'))
  })

  it('the prompt-injection text is quarantined: the story is kept and flagged, its instructions appear nowhere', async () => {
    assert.ok(serve)
    const list = await getJson(`${serve.url}/api/v1/stories?limit=50`)
    const stories = await allStories(serve)
    for (const needle of [INJECTION_MARKER, 'developer mode', 'PWNED', 'evil.example']) {
      assert.deepEqual(pathsContaining(list, needle), [], `${needle} in the list`)
      assert.deepEqual(stories.flatMap((s) => pathsContaining(s, needle)), [], `${needle} in a story`)
    }
    const flagged = stories.filter((s) => (s as StoryDetail & { quarantined?: boolean }).quarantined === true)
    assert.deepEqual(flagged.map((s) => s.original_title), ['Pellworth Foods says its new packaging campaign lifted snack sales 12%'])
    // The rest of the article is news, and still the story's text.
    const f = flagged[0]!
    assert.match([f.headline, f.summary ?? '', ...f.cards.map((c) => c.body ?? '')].join('\n'), /recyclable paper packaging/)
    const md = await request(`${serve.url}/s/${flagged[0]!.id}`, { headers: { accept: 'text/markdown' } })
    assert.equal(md.status, 200)
    assert.ok(!md.text.includes(INJECTION_MARKER), 'the Markdown page does not show the instructions')
    // Stories without instruction-like text carry no flag at all (the field is additive).
    assert.ok(stories.filter((s) => s.id !== flagged[0]!.id).every((s) => !('quarantined' in s)))
  })

  it('publishers list --json: each failing feed has its status and one failure; good feeds their articles', async () => {
    await serve?.stop()
    serve = undefined
    const feeds = await publishersList(env)
    const problems: string[] = []
    for (const f of site.expected.failures) {
      const got = feeds.get(f.feedUrl)
      if (!got) { problems.push(`${f.name}: not listed`); continue }
      if (got.last_status !== f.status || got.consecutive_failures !== 1 || !got.last_error) {
        problems.push(`${f.name}: status ${got.last_status} (expected ${f.status}), failures ${got.consecutive_failures}, error ${got.last_error}`)
      }
    }
    const articlesBySite = new Map<string, number>()
    for (const a of site.expected.articles) articlesBySite.set(a.publisher, (articlesBySite.get(a.publisher) ?? 0) + 1)
    for (const e of site.directory.slice(0, site.expected.okFeeds)) {
      const got = feeds.get(e.feed_url)
      if (got?.last_status !== 'ok' || got.consecutive_failures !== 0 || got.article_count !== articlesBySite.get(e.name)) {
        problems.push(`${e.name}: ${JSON.stringify(got && { status: got.last_status, failures: got.consecutive_failures, articles: got.article_count, error: got.last_error })}`)
      }
    }
    assert.deepEqual(problems, [], problems.join('\n'))
  })

  it('crawl --force again: conditional requests, 304s counted as not modified, nothing new', async () => {
    const mark = site.requests.length
    const result = await runCli(['crawl', '--force'], { env })
    assertExit0(result, 'crawl --force')
    const s = summaryLine(result.stdout)
    const { okFeeds, conditionalFeeds, failures } = site.expected
    assert.deepEqual(s, {
      feeds: okFeeds + failures.length, ok: okFeeds - conditionalFeeds, notModified: conditionalFeeds, failed: failures.length,
      articlesNew: 0, created: 0, updated: 0,
    }, result.stdout)
    const second = site.requests.slice(mark)
    const feedRequests = second.filter((r) => /\.(xml|rdf|json)$/.test(new URL(r.path, site.url).pathname) && r.status === 304)
    assert.equal(feedRequests.length, conditionalFeeds, '304 answers')
    for (const r of feedRequests) {
      assert.ok(r.headers['if-none-match'], `${r.path}: If-None-Match`)
      assert.ok(r.headers['if-modified-since'], `${r.path}: If-Modified-Since`)
    }
    // A failed feed counts its failures on.
    const feeds = await publishersList(env)
    for (const f of failures) assert.equal(feeds.get(f.feedUrl)?.consecutive_failures, 2, f.name)
  })

  describe('the LLM path (a fake OpenAI-compatible server on loopback)', () => {
    let llm: FakeLlmServer
    const slugs = ['harbor-wire', 'ledger-post', 'circuit-daily', 'morning-brief', 'quill-review', 'diario-financiero']
    /** A fresh store each time, crawled with the fake model server. */
    const llmEnv = () => crawlEnv(SITE_URL, site.directoryOf(slugs), {
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'fake-model',
      LLM_API_KEY: 'sk-fixture-123',
      LLM_TIMEOUT_SECONDS: '10',
    })
    const want = () => expectedStories(site, new Set(slugs))

    before(async () => { llm = await startFakeLlmServer() })
    after(async () => { await llm?.close() })

    /** The most rewrites the later publishers of each event can cause (the first one creates the story). */
    const updates = (stories: ExpectedStory[]) => stories.reduce((n, st) => n + new Set(st.articles.map((a) => a.publisher)).size - 1, 0)

    it('a healthy LLM: English text and translations into the 8 other languages; articles passed as data', async () => {
      const e = llmEnv()
      const result = await runCli(['crawl'], { env: e })
      assertExit0(result, 'crawl with LLM')
      const summary = summaryLine(result.stdout)
      let clusters: string[] = []
      assert.ok(llm.requests.length >= 2 * want().length, `LLM requests: ${llm.requests.length}`)
      for (const r of llm.requests) {
        assert.equal(r.path, '/v1/chat/completions')
        assert.equal(r.headers.authorization, 'Bearer sk-fixture-123')
        assert.equal(r.model, 'fake-model')
        // Quarantined before the model sees it: the instructions reach neither prompt.
        assert.ok(!r.system.includes(INJECTION_MARKER) && !r.user.includes(INJECTION_MARKER), 'instructions never sent to the LLM')
        if (r.user.includes('recyclable paper packaging')) {
          const outside = r.user.replace(/^<<<([A-Z]+)\n[\s\S]*?\n\1>>>$/gm, '')
          assert.ok(!outside.includes('recyclable paper packaging'), 'publisher text only inside the data block')
          assert.ok(JSON.stringify(dataBlock(r.user, 'ARTICLES') ?? dataBlock(r.user, 'SOURCE')).includes('recyclable paper packaging'))
        }
      }

      const s = await startInProcessServe(e)
      try {
        const stories = await allStories(s)
        // The LLM writes the text; the clusters must be those of the extractive run, and the text English.
        clusters = clusterProblems(stories, want(), () => 'en')
        const problems: string[] = []
        for (const story of stories) {
          if (story.lang !== 'en' || !story.headline.startsWith('Event: ')) problems.push(`${story.original_url}: en ${story.lang} ${story.headline}`)
          for (const lang of TRANSLATION_LANGUAGES) {
            const t = (await getJson(`${s.url}/api/v1/stories/${story.id}?lang=${lang}`) as { story: StoryDetail }).story
            if (t.lang !== lang || !t.headline.startsWith(`(${lang}) `) || !t.summary?.startsWith(`(${lang}) `) || t.cards.length < 3) {
              problems.push(`${story.original_url} ${lang}: ${t.lang} ${t.headline}`)
            }
          }
        }
        assert.deepEqual(problems, [], problems.join('\n'))
      } finally {
        await s.stop()
      }
      assert.deepEqual(clusters, [], `clusters written with an LLM:\n${clusters.join('\n')}`)
      assert.equal(summary.created, want().length, result.stdout)
      assert.ok(summary.updated! <= updates(want()), result.stdout)
    })

    it('a failing LLM (HTTP 500): extractive text published, queued for retry; a later crawl retries it', async () => {
      const e = llmEnv()
      llm.setFallback(() => errorReply(500, 'the model server is on fire'))
      const started = Date.now()
      const result = await runCli(['crawl'], { env: e })
      assertExit0(result, 'crawl with a failing LLM')
      const summary = summaryLine(result.stdout)
      const stories = want()
      let clusters: string[] = []

      const s = await startInProcessServe(e)
      try {
        const served = await allStories(s, 'de')
        assert.equal(served.length, stories.length)
        clusters = clusterProblems(served, stories)
        for (const story of served) {
          assert.ok(story.summary, `${story.original_url}: extractive summary published`)
          assert.notEqual(story.lang, 'de', `${story.original_url}: no translation`)
          assert.ok(!story.headline.startsWith('Event: '), 'not LLM text')
        }
      } finally {
        await s.stop()
      }

      // Queued: extractive, one attempt, retry in 15 minutes (the first backoff step).
      const dbFile = e.DATABASE_URL!.slice('sqlite:'.length)
      const db = new Database(dbFile)
      try {
        const rows = db.prepare('SELECT source, attempts, retry_at FROM story_summaries').all() as Array<{ source: string; attempts: number; retry_at: string | null }>
        assert.equal(rows.length, stories.length)
        for (const r of rows) {
          assert.equal(r.source, 'extractive')
          assert.equal(r.attempts, 1)
          const wait = Date.parse(r.retry_at ?? '') - started
          assert.ok(wait > 14 * 60_000 && wait < 17 * 60_000, `retry in about 15 min, got ${wait} ms`)
        }
        // 15 minutes cannot pass in a test: move the retry time into the past, as if they had.
        db.prepare('UPDATE story_summaries SET retry_at = ?').run(new Date(Date.now() - 1000).toISOString())
      } finally {
        db.close()
      }

      llm.setFallback(valid())
      const retry = await runCli(['crawl'], { env: e })
      assertExit0(retry, 'crawl retrying the summaries')
      assert.match(retry.stdout, new RegExp(`stories rewritten from earlier passes: ${stories.length}\\b`))
      const later = await startInProcessServe(e)
      try {
        const served = await allStories(later, 'de')
        assert.equal(served.length, stories.length)
        for (const story of served) {
          assert.equal(story.lang, 'de', `${story.original_url}: translated after the retry`)
          assert.ok(story.headline.startsWith('(de) '))
        }
      } finally {
        await later.stop()
      }
      const db2 = new Database(dbFile, { readonly: true })
      try {
        const rows = db2.prepare('SELECT source, retry_at FROM story_summaries').all() as Array<{ source: string; retry_at: string | null }>
        assert.ok(rows.every((r) => r.source === 'llm' && r.retry_at === null), JSON.stringify(rows))
      } finally {
        db2.close()
      }
      // Last, so a clustering fault does not hide how the fallback and the retry behave.
      assert.deepEqual(clusters, [], `clusters written with a failing LLM:\n${clusters.join('\n')}`)
      assert.equal(summary.created, stories.length, result.stdout)
      assert.ok(summary.updated! <= updates(stories), result.stdout)
    })
  })
})
