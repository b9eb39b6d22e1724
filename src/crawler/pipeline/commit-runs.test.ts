import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { oldestFirst, type PreparedRun } from './commit-runs.ts'

/** A run of one feed holding articles published at the given times (only what the ordering reads is filled in). */
const run = (feed: string, items: Array<[url: string, publishedAt: string | null]>) => ({
  feed: { publisher: { feedUrl: feed } },
  articles: items.map(([canonicalUrl, publishedAt]) => ({ canonicalUrl, publishedAt, fetchedAt: '2026-11-30T12:00:00.000Z' })),
}) as unknown as PreparedRun

const urls = (runs: PreparedRun[]) => oldestFirst(runs).map((x) => x.article.canonicalUrl)

describe('oldestFirst: the order a pass clusters its feeds\' articles in', () => {
  it('takes articles oldest first across feeds, undated ones at their fetch time', () => {
    const a = run('https://a.example/feed', [['https://a.example/2', '2026-11-30T10:00:00Z'], ['https://a.example/1', '2026-11-30T08:00:00Z']])
    const b = run('https://b.example/feed', [['https://b.example/1', '2026-11-30T09:00:00Z'], ['https://b.example/2', null]])
    assert.deepEqual(urls([a, b]), ['https://a.example/1', 'https://b.example/1', 'https://a.example/2', 'https://b.example/2'])
  })

  it('orders articles published at the same moment by their links, whichever feed answered first', () => {
    // The corpus's hard negative n33 and its event's second report are both published 11 hours before the crawl: taken
    // in the order their feeds answered, two crawls of the same items made different stories (eval:stories 0 or 1 of 40).
    const a = run('https://capital-brief.example/feed', [['https://capital-brief.example/eldmark', '2026-11-30T01:00:00Z']])
    const b = run('https://handelsecho.example/feed', [['https://handelsecho.example/kronhaus', '2026-11-30T01:00:00Z']])
    const expected = ['https://capital-brief.example/eldmark', 'https://handelsecho.example/kronhaus']
    assert.deepEqual(urls([a, b]), expected)
    assert.deepEqual(urls([b, a]), expected)
  })
})
