import type { Topic } from '../domain/topics.ts'
import { FEED_STORIES } from '../query/story-feed.ts'
import type { StoryReader } from '../storage/store.ts'
import type { StoryPlace, StoryWrite } from './story-write-log.ts'

/**
 * A feed the crawl changes and the hub is told of: the home edition's, a topic's or a publisher's (a FeedTarget of
 * surfaces/feeds/feed-urls.ts; which searches a pass changed is not known, so search feeds name no hub).
 */
export type PushedFeed = { kind: 'latest' } | { kind: 'topic'; slug: Topic } | { kind: 'source'; id: string }

type FeedReader = Pick<StoryReader, 'listStories' | 'listSourceStories'>

const keyOf = (feed: PushedFeed) => (feed.kind === 'latest' ? 'latest' : feed.kind === 'topic' ? `topic:${feed.slug}` : `source:${feed.id}`)

/** The newest stories of a feed, which are its entries; the same in every language (only their text differs). */
function entriesOf(feed: PushedFeed, reader: FeedReader, size: number) {
  switch (feed.kind) {
    case 'latest': return reader.listStories({ limit: size, lang: 'en' })
    case 'topic': return reader.listStories({ topic: feed.slug, limit: size, lang: 'en' })
    case 'source': return reader.listSourceStories({ sourceId: feed.id, limit: size, lang: 'en' })
  }
}

/**
 * The feeds whose entries a pass changed (docs/decisions/0053-websub-pings.md): of the home feed and the topic and
 * publisher feeds the written stories are in now or were in before, those that now list a written story (a new
 * entry, or one whose text or time moved), or that a story left while it was recent enough to be one of their
 * entries. One read of each such feed's entries, after the pass.
 */
export async function changedFeeds(writes: StoryWrite[], reader: FeedReader, size = FEED_STORIES): Promise<PushedFeed[]> {
  if (writes.length === 0) return []
  const candidates = new Map<string, { feed: PushedFeed; left: StoryPlace[] }>()
  const consider = (feed: PushedFeed, left?: StoryPlace) => {
    const entry = candidates.get(keyOf(feed)) ?? { feed, left: [] }
    if (left) entry.left.push(left)
    candidates.set(keyOf(feed), entry)
  }
  consider({ kind: 'latest' })
  for (const { before, after } of writes) {
    consider({ kind: 'topic', slug: after.topic })
    if (after.sourceId !== null) consider({ kind: 'source', id: after.sourceId })
    if (before && before.topic !== after.topic) consider({ kind: 'topic', slug: before.topic }, before)
    if (before?.sourceId && before.sourceId !== after.sourceId) consider({ kind: 'source', id: before.sourceId }, before)
  }
  const written = new Set(writes.map((w) => w.id))
  const changed: PushedFeed[] = []
  // One feed at a time: this runs beside the next crawl pass and the readers, and a few dozen reads are quick.
  for (const { feed, left } of candidates.values()) {
    const entries = await entriesOf(feed, reader, size)
    const oldest = entries.at(-1)
    // A story that left was an entry when the feed was not full, or when it sorts above the feed's oldest entry now.
    const leftAnEntry = left.some((p) => entries.length < size || (oldest !== undefined && BigInt(p.sortKey) >= BigInt(oldest.sortKey)))
    if (leftAnEntry || entries.some((s) => written.has(s.id))) changed.push(feed)
  }
  return changed
}
