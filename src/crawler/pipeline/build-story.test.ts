import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { toPublisher } from '../../publishers/publisher.ts'
import type { ArticleRecord } from '../../domain/crawl-records.ts'
import { buildStorySnapshot } from './build-story.ts'

const gazette = toPublisher({ name: 'Harbour Gazette', site_url: 'https://gazette.example/', feed_url: 'https://gazette.example/feed', topic: 'business', lang: 'en' })
const courier = toPublisher({ name: 'Courier', site_url: 'https://courier.example/', feed_url: 'https://courier.example/feed', topic: 'business', lang: 'en' })

function article(n: number, publisherId: string, url: string, title: string): ArticleRecord {
  return {
    id: `a${n}`, storyId: 's', publisherId, feedUrl: 'https://x.example/feed', canonicalUrl: url, guidKey: null, contentHash: `h${n}`,
    title, text: `${title}.`, lang: 'en', publishedAt: `2026-11-2${n}T10:00:00.000Z`, fetchedAt: '2026-11-24T10:00:00.000Z',
    author: null, imageUrl: null, signature: new Uint8Array(),
  }
}

describe('story snapshot', () => {
  const members = [
    article(1, gazette.id, 'https://gazette.example/strike', 'Dockworkers walk out at Port Calder'),
    article(2, courier.id, 'https://courier.example/calder', 'Calder port stoppage drags on'),
    article(3, gazette.id, 'https://gazette.example/strike-talks', 'Port Calder strike: talks to resume on Friday'),
  ]
  const build = (lead: number, headline: string) => buildStorySnapshot({
    storyId: '2b7f6c1e-0000-4000-8000-000000000001', members, lead, publishers: new Map([[gazette.id, gazette], [courier.id, courier]]),
    text: { headline, summary: null, cards: [] }, textLang: 'en', translations: {}, topic: 'people',
  })

  it('cites its lead article: link, title and publisher are the lead\'s; published_at stays the earliest', () => {
    const story = build(2, 'Port Calder strike: talks to resume on Friday')
    assert.equal(story.original_url, 'https://gazette.example/strike-talks')
    assert.equal(story.original_title, 'Port Calder strike: talks to resume on Friday')
    assert.equal(story.source?.name, 'Harbour Gazette')
    assert.equal(story.published_at, '2026-11-21T10:00:00Z')
  })

  it('never lists its own publisher in covered_by, whichever of its articles leads', () => {
    for (const lead of [0, 2]) {
      const story = build(lead, members[lead]!.title)
      assert.deepEqual((story.covered_by ?? []).map((c) => [c.name, c.url]), [['Courier', 'https://courier.example/calder']])
      assert.equal(story.multi_source, true)
    }
  })

  it('the lead\'s publisher under another feed (another id, the same name) is not another outlet', () => {
    const other = toPublisher({ name: 'Harbour Gazette', site_url: 'https://gazette.example/', feed_url: 'https://gazette.example/business/feed', topic: 'business', lang: 'en' })
    const story = buildStorySnapshot({
      storyId: '2b7f6c1e-0000-4000-8000-000000000002', lead: 0, topic: 'people', textLang: 'en', translations: {},
      members: [members[0]!, { ...members[2]!, publisherId: other.id }], publishers: new Map([[gazette.id, gazette], [other.id, other]]),
      text: { headline: 'Dockworkers walk out at Port Calder', summary: null, cards: [] },
    })
    assert.deepEqual(story.covered_by, [])
    assert.equal(story.multi_source, false)
  })
})
