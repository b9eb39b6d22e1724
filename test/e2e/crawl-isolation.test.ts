/**
 * `serve` that crawls in the same process keeps crawl work away from readers: /api/v1/health p99 of a serve running
 * a crawl pass of 80 feeds, against the p99 of a quiet serve sampled in turn with it (a ratio measured in one run,
 * never a time limit). The feeds carry full text, so every article goes through normalizing, language detection, clustering,
 * the quarantine, summarizing and the store's writes: the work that used to share the serving thread.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { mulberry32 } from '../../src/crawler/cluster/testdata/seeded-random.ts'
import { percentile, timeGet } from '../../bench/latency.ts'
import { startServe, tempDir, testEnv, type ServeProcess } from '../helpers/cli.ts'

const FEEDS = 80
const ITEMS = 10

/** A feed of ITEMS full-text articles whose words come from a seeded generator: distinct stories, stable per run. */
function renderFeed(origin: string, feed: number, now: number): string {
  const random = mulberry32(feed + 1)
  const syllables = ['ka', 'lo', 'mi', 'ren', 'tu', 'va', 'sor', 'pel', 'dax', 'quin', 'bro', 'ste', 'mar', 'fen', 'lit']
  const word = () => Array.from({ length: 2 + Math.floor(random() * 3) }, () => syllables[Math.floor(random() * syllables.length)]).join('')
  const sentence = () => {
    const words = Array.from({ length: 10 + Math.floor(random() * 8) }, word)
    return `${words.join(' ').replace(/^./, (c) => c.toUpperCase())}.`
  }
  const items = Array.from({ length: ITEMS }, (_, i) => {
    const paragraphs = Array.from({ length: 4 }, () => `<p>${Array.from({ length: 3 }, sentence).join(' ')}</p>`).join('')
    return `<item><title>${sentence()}</title><link>${origin}/a/${feed}/${i}</link><guid>${origin}/a/${feed}/${i}</guid>`
      + `<pubDate>${new Date(now - (feed * ITEMS + i) * 60_000).toUTCString()}</pubDate><description><![CDATA[${paragraphs}]]></description></item>`
  })
  return `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Feed ${feed}</title><link>${origin}/</link>`
    + `<language>en</language>${items.join('')}</channel></rss>`
}

/** One health request's time in ms, body read. */
const timeHealth = async (url: string): Promise<number> => (await timeGet(`${url}/api/v1/health`)).ms

describe('crawl isolation', () => {
  let feeds: http.Server
  let serve: ServeProcess | undefined
  let quiet: ServeProcess | undefined

  before(async () => {
    const now = Date.now()
    feeds = http.createServer((req, res) => {
      const m = /^\/feed\/(\d+)\.xml$/.exec(req.url ?? '')
      if (!m) return void res.writeHead(404).end()
      const origin = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`
      res.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(renderFeed(origin, Number(m[1]), now))
    })
    await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve))
  })
  after(async () => {
    await serve?.stop()
    await quiet?.stop()
    await new Promise((resolve) => feeds.close(resolve))
  })

  it('a crawl pass moves /api/v1/health p99 by at most 2x (a crawling serve vs. a quiet one, sampled alternately)', async (t) => {
    const origin = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`
    const env = (dir: string, crawl: boolean) => testEnv({
      DATABASE_URL: `sqlite:${path.join(dir, 'newsdesk.db')}`, DATA_DIR: path.join(dir, 'data'), NEWSDESK_SAMPLE: 'off',
      NEWSDESK_PUBLISHERS: path.join(dir, 'publishers.json'), NEWSDESK_FETCH_ALLOW: '127.0.0.1',
      NEWSDESK_CRAWL_INTERVAL: crawl ? '1h' : 'off', SITE_URL: 'https://news.example.org',
    })
    const crawlDir = tempDir()
    const directory = Array.from({ length: FEEDS }, (_, n) => ({
      name: `Feed ${n}`, site_url: `${origin}/`, feed_url: `${origin}/feed/${n}.xml`, topic: 'business', lang: 'en',
    }))
    fs.writeFileSync(path.join(crawlDir, 'publishers.json'), JSON.stringify(directory))
    // The quiet twin serves the same way without crawling. Requests alternate between the two, so both see the same
    // load from the rest of the machine at the same moments: what differs is the crawl inside one of them.
    quiet = await startServe(env(tempDir(), false))
    serve = await startServe(env(crawlDir, true))
    const logs = serve.logs
    const passFinished = new Promise<Record<string, unknown>>((resolve) => {
      const check = setInterval(() => {
        const line = logs.find((l) => l.msg === 'crawl: pass finished')
        if (line) {
          clearInterval(check)
          resolve(line)
        }
      }, 10)
    })
    const crawling: number[] = []
    const calm: number[] = []
    let finished = false
    void passFinished.then(() => { finished = true })
    while (!finished) {
      crawling.push(await timeHealth(serve.url))
      calm.push(await timeHealth(quiet.url))
    }
    const pass = await passFinished

    const ratio = percentile(crawling, 99) / percentile(calm, 99)
    const line = (name: string, v: number[]) => `${name}: ${v.length} requests, p50 ${percentile(v, 50).toFixed(2)} ms, p99 ${percentile(v, 99).toFixed(2)} ms, max ${Math.max(...v).toFixed(1)} ms`
    t.diagnostic(`pass: feeds ${JSON.stringify(pass.feeds)}, ${String(pass.articlesNew)} articles, ${String(pass.storiesCreated)} stories in ${String(pass.durationMs)} ms`)
    t.diagnostic(line('health of the crawling serve', crawling))
    t.diagnostic(line('health of the quiet serve', calm))
    t.diagnostic(`p99 ratio (crawling / quiet): ${ratio.toFixed(2)}`)

    // The pass did the work (every feed answered in full; a feed late under load would only lower the count).
    assert.ok(Number(pass.articlesNew) >= (FEEDS * ITEMS) / 2, `only ${String(pass.articlesNew)} articles crawled`)
    assert.ok(Number(pass.storiesCreated) > 0)
    assert.ok(crawling.length >= 200, `only ${crawling.length} health requests during the pass`)
    assert.ok(ratio <= 2, `health p99 while crawling is ${ratio.toFixed(2)}x the quiet twin's`)
  })
})
