/**
 * A feed that never answers (the fixture site's slow feed) is ended by the crawler's 10 s headers timeout and
 * recorded on the feed as `timeout`, one failure, within 12 s of its request. Out of test/e2e/crawl-hostile.test.ts,
 * which runs alone for its 1 s bounds: this case is a timer, not a time a neighbour's CPU decides, and waiting for it
 * there kept the whole machine for 10 s with nothing else to do.
 */
import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { runCli } from '../helpers/cli.ts'
import { assertExit0, crawlEnv, publishersList } from '../helpers/crawl-checks.ts'
import { startFixturePublishers, type FixturePublishers } from '../helpers/fixture-publishers.ts'

describe('newsdesk crawl over a feed that never answers', { timeout: 60_000 }, () => {
  let site: FixturePublishers

  before(async () => {
    site = await startFixturePublishers()
  })

  after(async () => {
    await site?.stop()
  })

  it('the headers timeout ends the fetch and the failure is recorded on the feed within 12 s of the request', async (t) => {
    const slow = site.expected.hostileFailures.find((f) => f.status === 'timeout')
    assert.ok(slow, 'the fixture site has a slow feed')
    const env = crawlEnv('https://news.example.org', site.hostileDirectory.filter((e) => e.feed_url === slow.feedUrl))
    const mark = site.requests.length
    assertExit0(await runCli(['crawl'], { env }), 'crawl')

    const feedPath = new URL(slow.feedUrl).pathname
    const req = site.requests.slice(mark).find((r) => new URL(r.path, site.url).pathname === feedPath)
    assert.ok(req, 'the slow feed was fetched')
    const got = (await publishersList(env)).get(slow.feedUrl)
    assert.equal(got?.last_status, 'timeout')
    assert.equal(got.consecutive_failures, 1)
    const ms = Date.parse(got.last_fetched_at ?? '') - req.at
    t.diagnostic(`failure recorded ${ms} ms after the request`)
    assert.ok(ms >= 0 && ms < 12_000, `failure recorded ${ms} ms after the request (limit 12000 ms)`)
  })
})
