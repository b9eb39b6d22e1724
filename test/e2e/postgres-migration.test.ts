/**
 * Moving a SQLite service to PostgreSQL (issue 6, "PostgreSQL store"): `newsdesk export | DATABASE_URL=postgres://…
 * newsdesk import -`, run as a shell pipe, the way an operator does it.
 *
 * The SQLite service holds the sample edition (159 stories in 9 languages), the search fixtures (accents, CJK, an
 * undated story), 700 generated stories over two years (so the import spans several 500-story transactions, and
 * the sitemaps several months), and what a crawl of the fixture publisher site made: the crawler's feeds (with
 * their validators), its articles and summary retries. Then:
 *   1. the same row counts in both stores: stories, story texts, sources, months, feeds, articles, summary retries;
 *   2. the service on PostgreSQL answers byte for byte (and ETag for ETag) what `newsdesk serve` answered on SQLite for lists,
 *      topics, search, stories, categories, sources, HTML and Markdown pages, in several languages, and the sitemaps
 *      (their <lastmod>s are the stories' and months' stamps, which the export carries after the snapshots);
 *   3. `newsdesk export` from PostgreSQL is the SQLite export, byte for byte (snapshots and state);
 *   4. the crawler carries on where it was: a forced pass on PostgreSQL sends conditional requests with the moved
 *      validators, finds no new article and creates no story (nothing it had seen is published twice).
 *
 * Processes where the process is the point: the export | import pipe, both crawls and serve on SQLite (with its
 * start-up line). The other commands (the first import, the exports compared in 3) run in this process through the
 * same `main` the binary calls (runCliInProcess), and the PostgreSQL side of 2 is the service assembled in this
 * process (startInProcessServe: the application serve runs), saving a node start each.
 */
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, it, type TestContext } from 'node:test'
import Database from '../../src/storage/sqlite/driver.ts'
import { SAMPLE_EDITION_PATH } from '../../src/config/paths.ts'
import { TRANSLATION_LANGUAGES } from '../../src/domain/languages.ts'
import { TOPICS } from '../../src/domain/topics.ts'
import { ALL_SEARCH_STORIES, ALPHA, BETA, makeStory } from '../fixtures/stories.ts'
import { PUBLISHERS } from '../fixtures/publishers-site/content.ts'
import { CLI, ROOT, runCli, runCliInProcess, startServe, tempDir, testEnv, type ServeProcess } from '../helpers/cli.ts'
import { startInProcessServe, type RunningService } from '../helpers/in-process-serve.ts'
import { startFixturePublishers, type FixturePublishers } from '../helpers/fixture-publishers.ts'
import { inSchema, schemaUrl, useTestSchemas } from '../helpers/postgres.ts'
import { getJson, answer, type Answer } from '../helpers/http.ts'

const SITE_URL = 'https://news.example.org'
const GENERATED = 700
const TABLES = ['stories', 'story_texts', 'sources', 'archive_months', 'feeds', 'articles', 'story_summaries'] as const

const schemas = useTestSchemas()

/** Stories generated over two years: every topic, some translated, some covered by other publishers, some undated. */
function generatedStories(): string[] {
  const langs = TRANSLATION_LANGUAGES
  return Array.from({ length: GENERATED }, (_, i) => {
    const published = i % 97 === 0 ? null : new Date(Date.UTC(2025, 0, 1) + i * 22 * 3_600_000 + (i % 7) * 1_000).toISOString().replace(/\.\d+Z$/, 'Z')
    const lang = langs[i % langs.length]!
    return JSON.stringify(makeStory({
      id: `b7000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      published_at: published,
      category: TOPICS[i % TOPICS.length]!,
      source: i % 3 === 0 ? BETA : ALPHA,
      headline: `Harbor report ${i}: freight volumes ${i % 2 ? 'rise' : 'fall'} at port ${i % 13}`,
      summary: i % 5 === 0 ? null : `Volumes at port ${i % 13} changed by ${i % 17} percent in week ${i % 52}.`,
      covered_by: i % 4 === 0 ? [{ name: 'Gamma Post', title: `Port ${i % 13} update`, url: `https://gamma.example/${i}` }] : [],
      translations: i % 2 === 0 ? { [lang]: { headline: `Informe ${i} (${lang})`, summary: `Resumen ${i}` } } : {},
    }))
  })
}

/** Lists, topics, search, stories, categories, sources, pages in HTML and Markdown, sitemaps, in several languages. */
async function contentUrls(base: string): Promise<string[]> {
  const list = await getJson<{ stories: Array<{ id: string }> }>(`${base}/api/v1/stories?limit=50`)
  const ids = [...list.stories.map((s) => s.id), ...ALL_SEARCH_STORIES.map((s) => s.id!), 'b7000000-0000-4000-8000-000000000000']
  const sources = (await getJson<{ sources: Array<{ id: string }> }>(`${base}/api/v1/sources`)).sources.map((s) => s.id)
  const sitemapIndex = await (await fetch(`${base}/sitemaps/index.xml`)).text()
  const monthly = [...sitemapIndex.matchAll(/<loc>https?:\/\/[^/]+(\/sitemaps\/stories-[^<]+)<\/loc>/g)].map((m) => m[1]!)
  assert.ok(monthly.length > 12, `${monthly.length} monthly sitemaps`)
  const terms = ['zurich', 'Zürich', 'crédit', 'semicond', 'harbor freight', 'port', '半導体', '반도체', 'inflation', 'malmo', 'nothingmatchesthis']
  return [
    '/api/v1/stories', '/api/v1/stories?limit=50', '/api/v1/stories?limit=7&lang=es', '/api/v1/stories?limit=50&lang=ja',
    ...TOPICS.flatMap((t) => [`/api/v1/stories?topic=${t}&limit=50`, `/api/v1/stories?topic=${t}&limit=5&lang=de`]),
    ...terms.flatMap((q) => [`/api/v1/stories?q=${encodeURIComponent(q)}&limit=50`, `/api/v1/stories?q=${encodeURIComponent(q)}&lang=ko`]),
    ...ids.flatMap((id) => [`/api/v1/stories/${id}`, `/api/v1/stories/${id}?lang=es`]),
    '/api/v1/categories', ...['es', 'ja', 'ar'].map((l) => `/api/v1/categories?lang=${l}`), '/api/v1/sources',
    '/', '/?format=md', '/index.md', '/?lang=fr', '/?lang=ja&format=md',
    ...ids.slice(0, 30).flatMap((id) => [`/s/${id}`, `/s/${id}?format=md`, `/s/${id}?lang=it`]),
    ...TOPICS.flatMap((t) => [`/c/${t}`, `/c/${t}?format=md`]),
    ...sources.flatMap((id) => [`/source/${id}`, `/source/${id}?format=md`]),
    ...terms.slice(0, 6).flatMap((q) => [`/search?q=${encodeURIComponent(q)}`, `/search.md?q=${encodeURIComponent(q)}`]),
    '/sitemap.xml', '/sitemaps/index.xml', ...monthly,
  ]
}

const isSitemap = (url: string) => url === '/sitemap.xml' || url.startsWith('/sitemaps/')

/** `bash -c 'newsdesk export | DATABASE_URL=… newsdesk import -'` (pipefail), with the SQLite service's environment. */
function pipeExportToImport(env: Record<string, string>, targetUrl: string): Promise<{ code: number | null; stderr: string }> {
  const q = (s: string) => `'${s.replaceAll("'", `'\\''`)}'`
  const newsdesk = [process.execPath, ...CLI].map(q).join(' ')
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', `set -o pipefail; ${newsdesk} export | DATABASE_URL=${q(targetUrl)} ${newsdesk} import -`], { cwd: ROOT, env })
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString() })
    child.stdout.resume()
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stderr }))
  })
}

describe('newsdesk export | DATABASE_URL=postgres://… newsdesk import -: a SQLite service moved to PostgreSQL', { timeout: 120_000 }, () => {
  const dir = tempDir('newsdesk-migration-')
  const sqliteFile = path.join(dir, 'newsdesk.db')
  const schema = schemas.fresh()
  let site: FixturePublishers | undefined
  let sqliteEnv: Record<string, string>
  let postgresEnv: Record<string, string>
  let crawledStories = 0
  let serve: ServeProcess | RunningService | undefined
  let urls: string[] = []
  const before_ = new Map<string, Answer>()

  before(async () => {
    site = await startFixturePublishers()
    const directory = path.join(dir, 'publishers.json')
    fs.writeFileSync(directory, JSON.stringify(site.directoryOf(PUBLISHERS.map((p) => p.slug))))
    const common = {
      DATA_DIR: path.join(dir, 'data'), SITE_URL, NEWSDESK_SAMPLE: 'off', NEWSDESK_PUBLISHERS: directory, NEWSDESK_FETCH_ALLOW: '127.0.0.1',
    }
    sqliteEnv = testEnv({ ...common, DATABASE_URL: `sqlite:${sqliteFile}` })
    postgresEnv = testEnv({ ...common, DATABASE_URL: schemaUrl(schema) })
    const input = path.join(dir, 'stories.ndjson')
    const lines = [
      ...fs.readFileSync(SAMPLE_EDITION_PATH, 'utf8').split('\n').filter(Boolean),
      ...ALL_SEARCH_STORIES.map((s) => JSON.stringify(s)),
      ...generatedStories(),
    ]
    fs.writeFileSync(input, `${lines.join('\n')}\n`)
    const imported = await runCliInProcess(['import', input], { env: sqliteEnv })
    assert.equal(imported.code, 0, imported.stderr)
    const crawled = await runCli(['crawl'], { env: sqliteEnv })
    assert.equal(crawled.code, 0, crawled.stderr)
    crawledStories = Number(/stories: (\d+) created/.exec(crawled.stdout)?.[1])
    assert.ok(crawledStories > 20, crawled.stdout)

    // What the SQLite service answers.
    const sqliteServe = await startServe(sqliteEnv)
    serve = sqliteServe
    urls = await contentUrls(sqliteServe.url)
    for (const url of urls) before_.set(url, await answer(sqliteServe.url, url))
    // NEWSDESK_CRAWL_INTERVAL=off (testEnv) still means no crawling.
    assert.ok(sqliteServe.logs.some((l) => l.msg === 'serve: not crawling' && l.reason === 'NEWSDESK_CRAWL_INTERVAL=off'))
    assert.equal(await sqliteServe.stop(), 0)
    serve = undefined
  })

  after(async () => {
    await serve?.stop()
    await site?.stop()
  })

  it('the pipe moves every row: stories, story texts, sources, months', async (t: TestContext) => {
    const started = Date.now()
    const moved = await pipeExportToImport(sqliteEnv, schemaUrl(schema))
    assert.equal(moved.code, 0, moved.stderr)
    t.diagnostic(`export | import: ${Date.now() - started} ms; ${moved.stderr.trim().split('\n').at(-1)}`)

    const db = new Database(sqliteFile, { readonly: true })
    const sqliteCounts = Object.fromEntries(TABLES.map((table) => [table, (db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n]))
    db.close()
    const postgresCounts = await inSchema(schema, async (c) => {
      const counts: Record<string, number> = {}
      for (const table of TABLES) counts[table] = (await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n
      return counts
    })
    t.diagnostic(`rows: ${JSON.stringify(postgresCounts)}`)
    assert.equal(sqliteCounts.stories, 159 + ALL_SEARCH_STORIES.length + GENERATED + crawledStories)
    assert.ok(sqliteCounts.feeds! > 20 && sqliteCounts.articles! > 20, JSON.stringify(sqliteCounts))
    assert.deepEqual(postgresCounts, sqliteCounts)
  })

  it('the API answers the same bytes and ETags before and after', async (t: TestContext) => {
    const postgresServe = await startInProcessServe(postgresEnv)
    serve = postgresServe
    const problems: string[] = []
    let sitemaps = 0
    for (const url of urls) {
      const was = before_.get(url)!
      const now = await answer(postgresServe.url, url)
      if (was.status !== 200) problems.push(`${url}: answered ${was.status} on SQLite`)
      if (isSitemap(url)) sitemaps++
      if (now.status !== was.status || now.etag !== was.etag || now.contentType !== was.contentType || !now.body.equals(was.body)) {
        problems.push(`${url}: PostgreSQL ${now.status} ${now.etag} (${now.body.length} bytes), SQLite ${was.status} ${was.etag} (${was.body.length} bytes)`)
      }
    }
    t.diagnostic(`${urls.length} URLs compared byte for byte with their ETags, ${sitemaps} of them sitemaps (<lastmod> included)`)
    assert.deepEqual(problems, [])
    await postgresServe.stop()
    serve = undefined
  })

  it('exports the same snapshots, byte for byte', async () => {
    const [fromSqlite, fromPostgres] = await Promise.all([runCliInProcess(['export'], { env: sqliteEnv }), runCliInProcess(['export'], { env: postgresEnv })])
    assert.equal(fromSqlite.code, 0, fromSqlite.stderr)
    assert.equal(fromPostgres.code, 0, fromPostgres.stderr)
    const lines = fromPostgres.stdout.split('\n').filter(Boolean)
    const stories = lines.filter((l) => !l.includes('"newsdesk_record"'))
    assert.equal(stories.length, 159 + ALL_SEARCH_STORIES.length + GENERATED + crawledStories)
    assert.ok(lines.length > stories.length + 50, 'the state follows the stories')
    assert.ok(fromPostgres.stdout === fromSqlite.stdout, 'the PostgreSQL export differs from the SQLite export')
    assert.match(fromPostgres.stderr, /export: \d+ stories and \d+ state lines/)
    const storiesOnly = await runCliInProcess(['export', '--stories-only'], { env: postgresEnv })
    assert.equal(storiesOnly.stdout, `${stories.join('\n')}\n`)
  })

  it('the crawler carries on where it was: conditional requests, no new article, no story twice', async (t: TestContext) => {
    const requestsBefore = site!.requests.length
    const pass = await runCli(['crawl', '--force'], { env: postgresEnv })
    assert.equal(pass.code, 0, pass.stderr)
    t.diagnostic(pass.stdout.trim().split('\n').join('; '))
    const m = /feeds: (\d+) \(ok (\d+), not modified (\d+), failed (\d+)\)\narticles new: (\d+)\nstories: (\d+) created/.exec(pass.stdout)
    assert.ok(m, pass.stdout)
    const [, , , notModified, , articlesNew, created] = m.map(Number)
    assert.equal(articlesNew, 0, 'every article was already known')
    assert.equal(created, 0, 'no story published a second time')
    assert.ok(notModified! > 10, `${notModified} feeds answered 304 to the moved validators`)
    const conditional = site!.requests.slice(requestsBefore).filter((r) => r.headers['if-none-match'] || r.headers['if-modified-since'])
    assert.ok(conditional.length >= notModified!, `${conditional.length} conditional requests`)
  })
})
