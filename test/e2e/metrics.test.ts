/**
 * /metrics end to end: a real `newsdesk serve` with METRICS_PORT, crawling the fixture publisher site on 127.0.0.1
 * with a fake OpenAI-compatible LLM (whose first answer fails), then serving requests. The scrape is read with a small
 * Prometheus text-format parser and every metric family the operator documentation names is checked.
 */
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { loadConfig } from '../../src/config/config.ts'
import { startCli, startServe, tempDir, testEnv, type ServeProcess } from '../helpers/cli.ts'
import { errorReply, startFakeLlmServer, type FakeLlmServer } from '../helpers/fake-llm-server.ts'
import { startFixturePublishers, type FixturePublishers } from '../helpers/fixture-publishers.ts'
import { request } from '../helpers/http.ts'

interface Sample { name: string; labels: Record<string, string>; value: number }

/** Prometheus text format 0.0.4: `name{a="b",…} value` lines; `#` lines are HELP and TYPE. */
function parseExposition(text: string): Sample[] {
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line)
    assert.ok(m, `a sample line: ${line}`)
    const labels: Record<string, string> = {}
    for (const l of m[2] ? m[2].matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g) : []) labels[l[1]!] = l[2]!
    samples.push({ name: m[1]!, labels, value: Number(m[3]) })
  }
  return samples
}

const pick = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
const sum = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  pick(samples, name, labels).reduce((n, s) => n + s.value, 0)

const GOOD = ['harbor-wire', 'ledger-post', 'circuit-daily']
const FAILING = ['broken-gazette', 'gone-weekly']

describe('metrics: Prometheus /metrics on METRICS_PORT', () => {
  let site: FixturePublishers
  let llm: FakeLlmServer
  let serve: ServeProcess
  let metricsUrl: string

  before(async () => {
    site = await startFixturePublishers()
    llm = await startFakeLlmServer()
    llm.enqueue(() => errorReply(500, 'fixture failure'))
    const dir = tempDir('newsdesk-metrics-')
    const directory = [...site.directoryOf(GOOD), ...site.directory.filter((e) => FAILING.some((slug) => e.feed_url.includes(`/${slug}/`)))]
    assert.equal(directory.length, GOOD.length + FAILING.length)
    const publishers = path.join(dir, 'publishers.json')
    fs.writeFileSync(publishers, JSON.stringify(directory))
    serve = await startServe(testEnv({
      DATABASE_URL: `sqlite:${path.join(dir, 'newsdesk.db')}`,
      DATA_DIR: path.join(dir, 'data'),
      SITE_URL: 'https://news.example.org',
      NEWSDESK_SAMPLE: 'off',
      NEWSDESK_PUBLISHERS: publishers,
      NEWSDESK_FETCH_ALLOW: '127.0.0.1',
      NEWSDESK_CRAWL_INTERVAL: '1h',
      LLM_BASE_URL: llm.baseUrl,
      LLM_MODEL: 'fake-model',
      LLM_TIMEOUT_SECONDS: '10',
      METRICS_PORT: '0',
      METRICS_HOST: '127.0.0.1',
    }))
    const listening = serve.logs.find((l) => l.msg === 'metrics: listening at /metrics')
    assert.ok(listening, 'serve logs the metrics listener')
    metricsUrl = `http://127.0.0.1:${listening.port as number}/metrics`
    // The first crawl pass starts at once; wait for it to finish.
    const deadline = Date.now() + 60_000
    while (!serve.logs.some((l) => l.msg === 'crawl: pass finished')) {
      assert.ok(Date.now() < deadline, 'the first crawl pass finishes within a minute')
      await new Promise((r) => setTimeout(r, 100))
    }
  })

  after(async () => {
    if (serve) assert.equal(await serve.stop(), 0, 'serve exits cleanly with the metrics listener open')
    await llm?.close()
    await site?.stop()
  })

  it('is off by default, never on the public port, and validated', () => {
    assert.equal(loadConfig({}).metrics.port, null)
    assert.deepEqual(loadConfig({ METRICS_PORT: '9464', HOST: '10.0.0.5' }).metrics, { port: 9464, host: '10.0.0.5' })
    assert.equal(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '127.0.0.1' }).metrics.host, '127.0.0.1')
    assert.equal(loadConfig({ METRICS_PORT: 'off' }).metrics.port, null)
    assert.throws(() => loadConfig({ METRICS_PORT: '99999' }), /METRICS_PORT: must be "off" or a port from 0 to 65535/)
  })

  it('counts requests by route pattern and status, with latency histograms, whoever answered', async () => {
    assert.equal((await request(`${serve.url}/metrics`)).status, 404, 'no /metrics on the public port')
    for (let i = 0; i < 3; i++) assert.equal((await request(`${serve.url}/api/v1/stories?limit=5`)).status, 200)
    for (const id of ['0f8fad5b-d9cb-469f-a165-70867728950e', '1f8fad5b-d9cb-469f-a165-70867728950e']) {
      assert.equal((await request(`${serve.url}/s/${id}`)).status, 404)
    }
    assert.equal((await request(`${serve.url}/no/such/path-1`)).status, 404)
    assert.equal((await request(`${serve.url}/no/such/path-2`)).status, 404)
    assert.equal((await request(`${serve.url}/feeds/topics/finance.atom`)).status, 200)

    const res = await request(metricsUrl)
    assert.equal(res.status, 200)
    assert.match(res.headers.get('content-type')!, /^text\/plain; version=0\.0\.4/)
    assert.equal(res.headers.get('cache-control'), 'no-store')
    const m = parseExposition(res.text)
    assert.ok(sum(m, 'newsdesk_http_requests_total', { method: 'GET', route: '/api/v1/stories', status: '200' }) >= 3)
    assert.equal(sum(m, 'newsdesk_http_requests_total', { route: '/s/:id', status: '404' }), 2, 'both ids count under one pattern')
    assert.equal(sum(m, 'newsdesk_http_requests_total', { route: '(unmatched)', status: '404' }), 3, 'unknown paths share one label (with /metrics on the public port)')
    assert.equal(sum(m, 'newsdesk_http_requests_total', { route: '/feeds/topics/:file', status: '200' }), 1)
    const routes = new Set(pick(m, 'newsdesk_http_requests_total').map((s) => s.labels.route!))
    for (const route of routes) assert.doesNotMatch(route, /[0-9a-f]{8}-|path-\d/, `a pattern, never a raw path: ${route}`)
    const count = sum(m, 'newsdesk_http_request_duration_seconds_count', { route: '/api/v1/stories' })
    assert.ok(count >= 3)
    assert.equal(sum(m, 'newsdesk_http_request_duration_seconds_bucket', { route: '/api/v1/stories', le: '+Inf' }), count)

    // Scrapes are not traffic: the metrics listener's own requests are never counted.
    const total = sum(m, 'newsdesk_http_requests_total')
    const again = parseExposition((await request(metricsUrl)).text)
    assert.equal(sum(again, 'newsdesk_http_requests_total'), total)
  })

  it('reports the response cache, store latency, the crawl, feeds by state, articles, stories and the LLM', async () => {
    await request(`${serve.url}/api/v1/categories`)
    await request(`${serve.url}/api/v1/categories`)
    const m = parseExposition((await request(metricsUrl)).text)
    assert.ok(sum(m, 'newsdesk_response_cache_hits_total') >= 1, 'cache hits')
    assert.ok(sum(m, 'newsdesk_response_cache_misses_total') >= 1, 'cache misses')
    assert.ok(sum(m, 'newsdesk_response_cache_bytes') > 0, 'cache bytes')
    assert.ok(sum(m, 'newsdesk_store_query_duration_seconds_count', { operation: 'listCategories', outcome: 'ok' }) >= 1)
    assert.ok(sum(m, 'newsdesk_store_query_duration_seconds_count', { operation: 'crawl.claimDueFeeds' }) >= 1, 'the crawler\'s store calls too')
    assert.equal(sum(m, 'newsdesk_crawl_passes_total', { outcome: 'ok' }), 1)
    assert.equal(sum(m, 'newsdesk_crawl_pass_duration_seconds_count'), 1)
    assert.ok(sum(m, 'newsdesk_crawl_last_success_timestamp_seconds') > Date.now() / 1000 - 120)
    assert.equal(sum(m, 'newsdesk_crawl_feed_fetches_total', { status: 'ok' }), GOOD.length)
    assert.equal(sum(m, 'newsdesk_crawl_feed_fetches_total', { status: 'failed' }), FAILING.length)
    assert.equal(sum(m, 'newsdesk_feeds', { state: 'ok' }), GOOD.length)
    assert.equal(sum(m, 'newsdesk_feeds', { state: 'failing' }), FAILING.length, 'one failure each: failing, not yet backed off')
    assert.equal(sum(m, 'newsdesk_feeds', { state: 'backoff' }), 0)
    assert.ok(sum(m, 'newsdesk_articles_clustered_total') > 0, 'articles clustered')
    // The fixture's teaser-only items: their pages are fetched and extracted.
    assert.ok(sum(m, 'newsdesk_articles_fetched_total', { outcome: 'ok' }) > 0, 'article pages fetched')
    assert.equal(sum(m, 'newsdesk_articles_extracted_total', { outcome: 'ok' }) + sum(m, 'newsdesk_articles_extracted_total', { outcome: 'failed' }),
      sum(m, 'newsdesk_articles_fetched_total', { outcome: 'ok' }), 'every page fetched is extracted')
    assert.ok(sum(m, 'newsdesk_stories_published_total', { kind: 'created' }) > 0, 'stories published')
    assert.equal(sum(m, 'newsdesk_llm_calls_total', { outcome: 'http-error' }), 1, 'the failed LLM call')
    assert.ok(sum(m, 'newsdesk_llm_calls_total', { outcome: 'ok' }) >= 1, 'LLM calls that worked')
    assert.equal(sum(m, 'newsdesk_llm_call_duration_seconds_count'), sum(m, 'newsdesk_llm_calls_total'))
    assert.equal(llm.requests.length, sum(m, 'newsdesk_llm_calls_total'), 'every request the LLM received is counted')
    for (const name of ['nodejs_eventloop_lag_seconds', 'nodejs_eventloop_lag_p99_seconds', 'process_cpu_user_seconds_total', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes']) {
      assert.equal(pick(m, name).length, 1, `default metric ${name}`)
    }
  })

  it('answers only GET and HEAD at /metrics', async () => {
    assert.equal((await request(metricsUrl, { method: 'HEAD' })).status, 200)
    const post = await request(metricsUrl, { method: 'POST' })
    assert.equal(post.status, 405)
    assert.equal(post.headers.get('allow'), 'GET, HEAD')
    assert.equal((await request(metricsUrl.replace('/metrics', '/other'))).status, 404)
  })
})

describe('metrics: crawl --worker serves /metrics too', () => {
  it('reports its passes, feeds and store calls, and has no HTTP traffic of its own', async () => {
    const site = await startFixturePublishers()
    const dir = tempDir('newsdesk-metrics-worker-')
    const publishers = path.join(dir, 'publishers.json')
    fs.writeFileSync(publishers, JSON.stringify(site.directoryOf(GOOD)))
    const worker = await startCli(['crawl', '--worker'], testEnv({
      DATABASE_URL: `sqlite:${path.join(dir, 'newsdesk.db')}`,
      DATA_DIR: path.join(dir, 'data'),
      NEWSDESK_PUBLISHERS: publishers,
      NEWSDESK_FETCH_ALLOW: '127.0.0.1',
      NEWSDESK_CRAWL_INTERVAL: '1h',
      METRICS_PORT: '0',
      METRICS_HOST: '127.0.0.1',
    }), 'crawl: worker started')
    try {
      const listening = worker.logs.find((l) => l.msg === 'metrics: listening at /metrics')
      assert.ok(listening, 'the worker logs its metrics listener')
      const deadline = Date.now() + 60_000
      while (!worker.logs.some((l) => l.msg === 'crawl: pass finished')) {
        assert.ok(Date.now() < deadline, 'the first pass finishes within a minute')
        await new Promise((r) => setTimeout(r, 100))
      }
      const m = parseExposition((await request(`http://127.0.0.1:${listening.port as number}/metrics`)).text)
      assert.equal(sum(m, 'newsdesk_crawl_passes_total', { outcome: 'ok' }), 1)
      assert.equal(sum(m, 'newsdesk_feeds', { state: 'ok' }), GOOD.length)
      assert.ok(sum(m, 'newsdesk_store_query_duration_seconds_count', { operation: 'crawl.commitClusteredRun' }) >= 1)
      assert.equal(pick(m, 'newsdesk_http_requests_total').length, 0, 'no HTTP service, no request series')
    } finally {
      assert.equal(await worker.stop(), 0, 'the worker stops cleanly with the metrics listener open')
      await site.stop()
    }
  })
})
