/**
 * Crash safety of the crawler (issue 5, "a crash mid-run loses nothing and the next run resumes"):
 * the real CLI (`newsdesk crawl`) over real SQLite files, against the fixture publisher site of
 * test/helpers/fixture-publishers.ts on 127.0.0.1, its article pages answered 100–300 ms late so a pass lasts seconds.
 *
 *   1. a clean run into its own database: the reference story set (`newsdesk export`);
 *   2. runs into fresh databases killed with SIGKILL at points drawn from a seeded RNG: during start-up (migration,
 *      directory sync, claiming, the first fetches), a few milliseconds after the k-th feed committed in each part
 *      of the pass, and around the last feeds. After each kill:
 *      - the file opened read-only: `PRAGMA integrity_check` is ok and `PRAGMA foreign_key_check` empty;
 *      - `newsdesk crawl` re-run until a pass finds no due feed and writes nothing; then no duplicate article, every
 *        article's story written, no rewrite mark left (`story_summaries.retry_at`), integrity still ok;
 *      - the exported stories, matched by cluster (story ids are random per run): the same clusters as the clean
 *        run, and the same content (original article, source, category, headline, summary, cards, covered_by,
 *        multi_source, language).
 *
 * Leases: a killed run leaves the feeds it claimed and did not commit leased for 10 minutes (`feeds.lease_until`),
 * and neither `crawl` nor `crawl --force` takes over a live lease: a re-run right after a crash reports "feeds: 0"
 * and fetches none of them. The test cannot wait 10 minutes: it expires the leases in the file, as if the time had
 * passed (`UPDATE feeds SET lease_until = NULL`), and reports how many there were.
 *
 * The kill scenarios run three at a time. CRASH_SEED=N draws other kill points (the seed is printed as a
 * diagnostic); CRASH_KILLS=N runs N kills instead of 5 (a soak run should do 100).
 */
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import readline from 'node:readline'
import { after, before, describe, it, type TestContext } from 'node:test'
import Database from '../../src/storage/sqlite/driver.ts'
import type { PublisherEntry } from '../../src/publishers/publisher.ts'
import { CLI, ROOT, runCli, runCliInProcess, tempDir, testEnv, type CliResult } from '../helpers/cli.ts'
import { FAILING_FEEDS, PUBLISHERS } from '../fixtures/publishers-site/content.ts'
import { startFixturePublishers, type FixturePublishers } from '../helpers/fixture-publishers.ts'
import { mulberry32 } from '../../src/crawler/cluster/testdata/seeded-random.ts' // replay a failing set of kill points with CRASH_SEED

const SEED = Number(process.env.CRASH_SEED ?? 0x5eed_c0de)
const KILLS = Math.max(2, Number(process.env.CRASH_KILLS ?? 5))
const SITE_URL = 'https://news.example.org'


/** 100–300 ms per article page, fixed per page (and seed), whatever order the crawler asks in. */
function pageDelay(pathname: string): number {
  const h = createHash('sha1').update(`${SEED}:${pathname}`).digest()
  return 100 + (h.readUInt16BE(0) % 201)
}

interface CrawlProcess {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  /** ms after spawn at which each progress line ("crawl: k/N FEED: …", written after feed k committed) arrived. */
  lineTimes: number[]
  /** ms after spawn at which the process ended. */
  exitedAfter: number
  /** Whether our SIGKILL ended it (false: it finished before the kill point). */
  killed: boolean
}

/**
 * Where to kill: `afterMs` after the database file appears (`afterLine` 0), or after the `afterLine`-th progress line
 * ("crawl: k/N FEED: …", written once feed k has committed).
 */
interface KillPoint {
  label: string
  afterLine: number
  afterMs: number
}

/** `newsdesk crawl` as a child process, like runCli, but with progress timing and an optional kill -9. */
function crawlProcess(env: Record<string, string>, dbFile: string, kill?: KillPoint): Promise<CrawlProcess> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const child = spawn(process.execPath, [...CLI, 'crawl'], { cwd: ROOT, env })
    const out: Buffer[] = []
    const err: string[] = []
    const lineTimes: number[] = []
    let killed = false
    let timer: NodeJS.Timeout | undefined
    let watch: NodeJS.Timeout | undefined
    const arm = () => {
      timer = setTimeout(() => {
        if (child.exitCode === null && child.signalCode === null) killed = child.kill('SIGKILL')
      }, kill!.afterMs)
    }
    child.stdout.on('data', (d: Buffer) => out.push(d))
    readline.createInterface({ input: child.stderr }).on('line', (line) => {
      err.push(line)
      if (!/^crawl: \d+\/\d+ /.test(line)) return
      lineTimes.push(Date.now() - started)
      if (kill && kill.afterLine === lineTimes.length) arm()
    })
    if (kill && kill.afterLine === 0) {
      watch = setInterval(() => {
        if (!fs.existsSync(dbFile)) return
        clearInterval(watch)
        arm()
      }, 2)
    }
    child.on('error', reject)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      clearInterval(watch)
      resolve({
        code, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: err.join('\n'), lineTimes,
        exitedAfter: Date.now() - started, killed: killed && signal === 'SIGKILL',
      })
    })
    child.stdin.end()
  })
}

function summaryOf(stdout: string) {
  const m = /feeds: (\d+) \(ok (\d+), not modified (\d+), failed (\d+)\)\narticles new: (\d+)\nstories: (\d+) created, (\d+) updated/.exec(stdout)
  assert.ok(m, `no crawl summary in:\n${stdout}`)
  const [feeds, ok, notModified, failed, articlesNew, created, updated] = m.slice(1).map(Number) as number[]
  const retried = Number(/stories rewritten from earlier passes[^:]*: (\d+)/.exec(stdout)?.[1] ?? 0)
  return { feeds: feeds!, ok: ok!, notModified: notModified!, failed: failed!, articlesNew: articlesNew!, created: created!, updated: updated!, retried }
}

function assertExit0(result: CliResult | CrawlProcess, what: string) {
  assert.equal(result.code, 0, `${what} exited ${result.code}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}`)
}

/**
 * A story without its random id: what must be equal between a clean run and a crashed-and-resumed one. Stories are
 * matched by their cluster (the original article and each covering publisher's article), so a story whose original
 * article changed shows as one story with different fields, not as one missing and one extra.
 */
interface StoryContent {
  original_url: string
  covered_by: string[]
  category: string
  headline: string
  summary: string | null
  multi_source: boolean
  text_lang: string
  original_title: string
  source: string | null
  cards: unknown
}

/**
 * `export --stories-only` through the CLI's `main` in this process: it only reads a file no crawl writes any more, so
 * a child proves nothing extra (the crawls, which are killed, stay processes). The CLI's modules are loaded in
 * before(), so no compile holds this process's event loop while another scenario waits to kill its crawl.
 */
async function exportedStories(env: Record<string, string>): Promise<Map<string, StoryContent>> {
  const result = await runCliInProcess(['export', '--stories-only'], { env })
  assertExit0(result, 'export')
  const stories = new Map<string, StoryContent>()
  for (const line of result.stdout.split('\n')) {
    if (!line) continue
    const s = JSON.parse(line) as {
      original_url: string; original_title: string; covered_by: Array<{ url: string | null }> | null; category: string
      headline: string; summary: string | null; cards: unknown; multi_source: boolean; text_lang?: string
      source: { name: string } | null
    }
    const content: StoryContent = {
      original_url: s.original_url,
      covered_by: (s.covered_by ?? []).map((c) => c.url ?? '').sort(),
      category: s.category,
      headline: s.headline,
      summary: s.summary,
      multi_source: s.multi_source,
      text_lang: s.text_lang ?? 'en',
      original_title: s.original_title,
      source: s.source?.name ?? null,
      cards: s.cards,
    }
    const cluster = [content.original_url, ...content.covered_by].sort().join(' + ')
    assert.ok(!stories.has(cluster), `two stories for ${cluster}`)
    stories.set(cluster, content)
  }
  return stories
}

/** Clusters (sets of article URLs) only in one of the two sets. */
function clusterDiff(got: Map<string, StoryContent>, want: Map<string, StoryContent>): string[] {
  return [
    ...[...want.keys()].filter((k) => !got.has(k)).map((k) => `missing: ${k}`),
    ...[...got.keys()].filter((k) => !want.has(k)).map((k) => `extra: ${k}`),
  ]
}

/** Stories of the same cluster whose content differs, with the fields that differ. */
function contentDiff(got: Map<string, StoryContent>, want: Map<string, StoryContent>): string[] {
  const problems: string[] = []
  for (const [cluster, w] of want) {
    const g = got.get(cluster)
    if (!g || JSON.stringify(g) === JSON.stringify(w)) continue
    const fields = (Object.keys(w) as Array<keyof StoryContent>).filter((k) => JSON.stringify(g[k]) !== JSON.stringify(w[k]))
    const show = (v: unknown) => { const j = JSON.stringify(v); return j.length > 90 ? `${j.slice(0, 90)}…` : j }
    problems.push(`${cluster}:\n${fields.map((k) => `    ${k}: ${show(g[k])}\n      clean run: ${show(w[k])}`).join('\n')}`)
  }
  return problems
}

interface DbState {
  exists: boolean
  integrity: string[]
  foreignKeys: unknown[]
  /** Feeds committed (fetched) / leased and not committed / total. */
  feedsDone: number
  feedsLeased: number
  feeds: number
  articles: number
  stories: number
  /** Stories marked for rewriting and not rewritten. */
  marked: number
  /** Articles whose story has no row in stories. */
  orphanStories: number
}

/** The database as a crashed run left it, opened read-only (SQLite reads the committed frames of the WAL). */
function inspect(file: string): DbState {
  const state: DbState = { exists: false, integrity: [], foreignKeys: [], feedsDone: 0, feedsLeased: 0, feeds: 0, articles: 0, stories: 0, marked: 0, orphanStories: 0 }
  if (!fs.existsSync(file)) return state
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    state.exists = true
    state.integrity = (db.pragma('integrity_check') as Array<{ integrity_check: string }>).map((r) => r.integrity_check)
    state.foreignKeys = db.pragma('foreign_key_check') as unknown[]
    const tables = new Set((db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).all() as Array<{ name: string }>).map((r) => r.name))
    if (!tables.has('feeds')) return state
    const n = (sql: string, ...params: unknown[]) => (db.prepare(sql).get(...params) as { n: number }).n
    state.feeds = n('SELECT COUNT(*) AS n FROM feeds')
    state.feedsDone = n('SELECT COUNT(*) AS n FROM feeds WHERE last_fetched_at IS NOT NULL')
    state.feedsLeased = n('SELECT COUNT(*) AS n FROM feeds WHERE lease_until > ?', new Date().toISOString())
    state.articles = n('SELECT COUNT(*) AS n FROM articles')
    state.stories = n('SELECT COUNT(*) AS n FROM stories')
    state.marked = n('SELECT COUNT(*) AS n FROM story_summaries WHERE retry_at IS NOT NULL')
    state.orphanStories = n('SELECT COUNT(DISTINCT story_id) AS n FROM articles WHERE story_id NOT IN (SELECT id FROM stories)')
  } finally {
    db.close()
  }
  return state
}

/** Each feed's last fetch as the store recorded it: which feeds a missing article's loss goes back to. */
function feedStates(file: string): string {
  const db = new Database(file, { readonly: true, fileMustExist: true })
  try {
    const rows = db.prepare('SELECT feed_url, last_status, last_error, article_count, consecutive_failures FROM feeds ORDER BY feed_url').all() as Array<Record<string, unknown>>
    return rows.map((r) => `  ${r.feed_url}: ${r.last_status} (${r.article_count} articles, ${r.consecutive_failures} failures)${r.last_error ? ` ${String(r.last_error).slice(0, 160)}` : ''}`).join('\n')
  } finally {
    db.close()
  }
}

function writeDirectory(dir: string, entries: PublisherEntry[]): string {
  const file = path.join(dir, 'publishers.json')
  fs.writeFileSync(file, JSON.stringify(entries, null, 2))
  return file
}

/**
 * The kill points, spread over the whole pass: the first while the run starts (migration, directory sync, claiming,
 * robots.txt and the first fetches, before any feed committed), the last around the final feeds and the story
 * writer's last rewrites, the others after the k-th feed of each part of the pass, a few milliseconds later.
 */
function killPoints(random: () => number, feeds: number, count: number): KillPoint[] {
  const points: KillPoint[] = [{ label: 'start-up', afterLine: 0, afterMs: Math.round(random() * 400) }]
  const middle = count - 2
  for (let i = 0; i < middle; i++) {
    // Part i of feeds 1 .. feeds-4, so the kills fall early, midway and late in the pass.
    const afterLine = 1 + Math.floor(((i + random()) / middle) * (feeds - 4))
    points.push({ label: 'mid-pass', afterLine, afterMs: Math.round(random() * 150) })
  }
  points.push({ label: 'last feeds', afterLine: feeds - 3 + Math.floor(random() * 4), afterMs: Math.round(random() * 20) })
  return points
}

const KILL_POINTS = killPoints(mulberry32(SEED), PUBLISHERS.length + FAILING_FEEDS.length, KILLS)

// The timeout is a hang guard, not a speed check: on a loaded 2-core CI machine the clean run alone took 32 s and
// the suite 123 s (it had 30 s + 18 s per kill).
describe('newsdesk crawl killed with SIGKILL: the store stays sound and the next runs converge on a clean run', { timeout: 60_000 + KILLS * 45_000, concurrency: 3 }, () => {
  let site: FixturePublishers
  let publishersFile: string
  // The clean run's stories, awaited by the kill scenarios (which run alongside it).
  let cleanDone!: (stories: Map<string, StoryContent>) => void
  let cleanFailed!: (err: unknown) => void
  const clean = new Promise<Map<string, StoryContent>>((resolve, reject) => { cleanDone = resolve; cleanFailed = reject })
  clean.catch(() => {})

  const envFor = (name: string) => {
    const dir = tempDir(`newsdesk-crash-${name}-`)
    return {
      file: path.join(dir, 'newsdesk.db'),
      env: testEnv({
        DATABASE_URL: `sqlite:${path.join(dir, 'newsdesk.db')}`,
        DATA_DIR: path.join(dir, 'data'),
        SITE_URL,
        NEWSDESK_SAMPLE: 'off',
        NEWSDESK_PUBLISHERS: publishersFile,
        NEWSDESK_FETCH_ALLOW: '127.0.0.1',
      }),
    }
  }

  before(async () => {
    await import('../../src/cli/main.ts')
    site = await startFixturePublishers({ articleDelayMs: pageDelay })
    publishersFile = writeDirectory(tempDir('newsdesk-crash-dir-'), site.directory)
    assert.equal(site.directory.length, PUBLISHERS.length + FAILING_FEEDS.length)
  })

  after(async () => {
    await site?.stop()
  })

  it('a clean run: the reference story set', async (t) => {
    t.diagnostic(`CRASH_SEED=${SEED}`)
    const { env, file } = envFor('clean')
    try {
      const run = await crawlProcess(env, file)
      assertExit0(run, 'clean crawl')
      const s = summaryOf(run.stdout)
      assert.equal(s.feeds, site.directory.length, run.stdout)
      assert.equal(s.articlesNew, site.expected.articles.length, run.stdout)
      t.diagnostic(`clean run: ${run.exitedAfter} ms; first feed committed after ${run.lineTimes[0]} ms, last after ${run.lineTimes.at(-1)} ms`)
      const state = inspect(file)
      assert.deepEqual(state.integrity, ['ok'])
      assert.deepEqual(state.foreignKeys, [])
      assert.equal(state.marked, 0)
      const stories = await exportedStories(env)
      assert.equal(stories.size, site.expected.events.length + site.expected.singles.length)
      cleanDone(stories)
    } catch (err) {
      cleanFailed(err)
      throw err
    }
  })

  for (const [i, point] of KILL_POINTS.entries()) {
    const where = `kill ${i + 1}/${KILLS} (${point.label}: ${point.afterLine ? `feed ${point.afterLine} committed` : 'database created'} + ${point.afterMs} ms)`
    it(where, async (t: TestContext) => {
      const { env, file } = envFor(`kill${i}`)
      const killed = await crawlProcess(env, file, point)
      const state = inspect(file)
      t.diagnostic(`${killed.killed ? `killed after ${killed.exitedAfter} ms` : `finished before the kill (exit ${killed.code})`}; `
        + (state.exists
          ? `feeds committed ${state.feedsDone}/${state.feeds}, left leased ${state.feedsLeased}, articles ${state.articles}, `
            + `stories ${state.stories}, marked for rewrite ${state.marked}, articles whose story is not written ${state.orphanStories}`
          : 'no database'))
      if (!killed.killed) assertExit0(killed, where)

      await t.test('the file after the kill: integrity_check ok, foreign_key_check empty', () => {
        assert.ok(state.exists, 'the database file exists')
        assert.deepEqual(state.integrity, ['ok'])
        assert.deepEqual(state.foreignKeys, [])
      })

      // The dead run's leases hold its unfinished feeds for 10 minutes (neither `crawl` nor `crawl --force` takes
      // them over): expire them, as if that time had passed.
      if (state.feedsLeased > 0) {
        const db = new Database(file)
        try {
          db.prepare('UPDATE feeds SET lease_until = NULL').run()
        } finally {
          db.close()
        }
      }

      await t.test('re-runs converge: a pass with no due feed that writes nothing; nothing left marked', async () => {
        const passes: string[] = []
        let quiet = false
        for (let pass = 0; pass < 3 && !quiet; pass++) {
          const result = await runCli(['crawl'], { env })
          assertExit0(result, `re-run ${pass + 1}`)
          const s = summaryOf(result.stdout)
          passes.push(`feeds ${s.feeds}, articles ${s.articlesNew}, stories ${s.created} created ${s.updated} updated, ${s.retried} carried over`)
          quiet = s.feeds === 0 && s.articlesNew === 0 && s.created === 0 && s.updated === 0 && s.retried === 0
        }
        t.diagnostic(`re-runs: ${passes.join(' | ')}`)
        assert.ok(quiet, `no quiet pass in ${passes.length} re-runs: ${passes.join(' | ')}`)
        const after = inspect(file)
        assert.deepEqual(after.integrity, ['ok'])
        assert.deepEqual(after.foreignKeys, [])
        assert.equal(after.articles, site.expected.articles.length, `articles after the re-runs; feeds:\n${feedStates(file)}`)
        assert.equal(after.orphanStories, 0, 'articles whose story was never written')
        const db = new Database(file, { readonly: true })
        try {
          assert.deepEqual(db.prepare('SELECT canonical_url, COUNT(*) AS n FROM articles GROUP BY 1 HAVING COUNT(*) > 1').all(), [], 'duplicate articles')
          assert.deepEqual(db.prepare('SELECT story_id FROM story_summaries WHERE retry_at IS NOT NULL').all(), [], 'rewrite marks left')
        } finally {
          db.close()
        }
      })

      const stories = await exportedStories(env)
      const reference = await clean.catch(() => assert.fail('no clean run to compare with'))
      await t.test('the same clusters as the clean run', () => {
        const problems = clusterDiff(stories, reference)
        assert.ok(problems.length === 0, `clusters differ from the clean run's:\n${problems.join('\n')}`)
      })
      await t.test('the same stories as the clean run (original article, source, category, headline, summary, cards, covered_by, language)', () => {
        const problems = contentDiff(stories, reference)
        assert.ok(problems.length === 0, `${problems.length} ${problems.length === 1 ? 'story differs' : 'stories differ'} from the clean run's:\n${problems.join('\n')}`)
      })
    })
  }
})
