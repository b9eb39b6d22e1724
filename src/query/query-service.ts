import type { z } from 'zod'
import { AppError } from '../domain/errors.ts'
import { invalidInput } from '../domain/validation.ts'
import { MAX_SEARCH_TERMS, parseSearchTerms } from '../domain/search-terms.ts'
import { TOPICS } from '../domain/topics.ts'
import type {
  ContentVersions, SearchIndex, SourceRecord, SourceTopicRecord, StoreHealth, StoryReader, StoryRecord, StoryStamp,
} from '../storage/store.ts'
import type { StoryFilter } from '../storage/story-window.ts'
import { makeCursor, makeSourceCursor, readCursor, readSourceCursor } from './cursor.ts'
import { ArchiveMonthInput, GetSourceInput, GetStoryInput, ListCategoriesInput, ListSourcesInput, ListStoriesInput } from './inputs.ts'
import {
  STATIC_PAGE_PATHS, createViews, type ArchiveIndex, type ArchiveMonthSitemap, type CategoryList, type Health,
  type SitemapEntries, type SitemapRef, type SitemapUrl, type SourceDirectory, type SourceList, type SourceStories,
  type SourceSummary, type StoryList,
  type StoryResponse,
} from './views.ts'
import { createStoryFeed } from './story-feed.ts'

/**
 * Health answers within this whatever the store does: a monitor or load balancer must learn "not answering" fast,
 * not time out itself (PostgreSQL's own ping gives up after 1 s; this bounds the whole probe).
 */
export const HEALTH_DEADLINE_MS = 1_500

/** `work`'s result, or `late` once `ms` have passed (the timer's verdict waits a turn for an answer already in). */
function within<T, L>(ms: number, work: Promise<T>, late: () => L): Promise<T | L> {
  return new Promise((resolve, reject) => {
    let done = false
    // The second timer runs after the event loop has polled for I/O once more: an answer already in is taken.
    const timer = setTimeout(() => setTimeout(() => {
      if (!done) {
        done = true
        resolve(late())
      }
    }), ms)
    work.then((v) => { if (!done) { done = true; clearTimeout(timer); resolve(v) } },
      (err) => { if (!done) { done = true; clearTimeout(timer); reject(err) } })
  })
}

/** What a damaged store means for readers, after the damage's own summary in the health detail. */
const DAMAGE_ADVICE = 'Some stories may be missing or unreadable until the operator restores it.'

/**
 * URLs per sitemap. sitemaps.org allows 50,000, but a story entry is about 130 bytes, so a part that full would be
 * 6.5 MB to build, hold and send; 2,500 keeps every part near 320 kB (about 420 kB with a 64-character SITE_URL),
 * and the index stays within its own 50,000 children up to 125 million stories.
 */
export const SITEMAP_MAX_URLS = 2_500

/** How many pages of a search the "newer stories" link follows from the newest before it settles for the first page. */
export const NEWER_WALK_PAGES = 20

/** What the query service asks of the store: reads, search, the content version and health; never a write. */
export type QueryStore = StoryReader & SearchIndex & ContentVersions & StoreHealth

export interface QueryServiceDeps {
  store: QueryStore
  siteUrl: string
  version: string
  healthMaxStoryAgeMinutes: number
  now?: () => number
  /** Sitemap sizes (default SITEMAP_MAX_URLS); tests lower maxUrls to see months split. */
  sitemaps?: { maxUrls?: number }
}

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input ?? {})
  if (!result.success) throw invalidInput(result.error)
  return result.data
}

/**
 * Store faults become `unavailable`; the cause stays attached for the log, never for the client. A store known to be
 * damaged says so instead of "retry shortly": no retry fixes a corrupt file.
 */
function storeCalls(store: StoreHealth) {
  return async function fromStore<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (err) {
      if (err instanceof AppError) throw err
      const message = store.knownDamage()
        ? 'The story store is damaged and cannot answer this request until the operator restores it.'
        : 'The story store is temporarily unavailable. Retry shortly.'
      throw new AppError('unavailable', message, { cause: err })
    }
  }
}

/** The one read service: REST, pages, Markdown, MCP and A2A all call these functions and nothing else. */
export function createQueryService(deps: QueryServiceDeps) {
  const { store } = deps
  const fromStore = storeCalls(store)
  const now = deps.now ?? Date.now
  const views = createViews(deps.siteUrl)
  const { urls } = views
  const maxUrls = deps.sitemaps?.maxUrls ?? SITEMAP_MAX_URLS

  async function listStories(input: unknown): Promise<StoryList> {
    const { q, topic, limit, lang, source, since, until, cursor } = parse(ListStoriesInput, input)
    if (since !== undefined && until !== undefined && Date.parse(since) >= Date.parse(until)) {
      throw AppError.invalidField('until', 'must be later than since')
    }
    const filter: StoryFilter = { sourceId: source?.toLowerCase(), since, until, before: cursor === undefined ? undefined : readCursor(cursor) }
    let records: StoryRecord[]
    if (q !== undefined) {
      const { terms, keywords, dropped } = parseSearchTerms(q, lang)
      if (keywords > MAX_SEARCH_TERMS) {
        throw AppError.invalidField('q', `must contain at most ${MAX_SEARCH_TERMS} keywords`)
      }
      // Only punctuation matches nothing (an empty page); only dropped keywords would match everything: an error.
      if (terms.length === 0 && dropped.length > 0) {
        throw AppError.invalidField('q', 'needs a keyword of two or more letters that is not a common word such as "the" or "of"')
      }
      records = await fromStore(() => store.searchStories({ terms, limit, lang, filter }))
    } else {
      records = await fromStore(() => store.listStories({ topic, limit, lang, filter }))
    }
    const stories = records.map((r) => views.story(r, lang))
    // A full page may have a next one; a short page is the last.
    const next = records.length === limit ? makeCursor(records[records.length - 1]!.sortKey) : null
    return { stories, count: stories.length, lang, next_cursor: next }
  }

  async function getStory(input: unknown): Promise<StoryResponse> {
    const { id, lang } = parse(GetStoryInput, input)
    const wanted = id.toLowerCase()
    // A story merged into an older one answers with the survivor (its own id in the body); only a miss pays the
    // redirect lookup. The related stories are asked for with the story (one round trip on PostgreSQL).
    const withRelated = (storyId: string) => Promise.all([store.getStory(storyId, lang), store.relatedStories(storyId, lang)])
    const [record, related] = await fromStore(async () => {
      const found = await withRelated(wanted)
      if (found[0]) return found
      const survivor = await store.storyRedirect(wanted)
      return survivor === null ? found : withRelated(survivor)
    })
    if (!record) throw new AppError('not_found', `No story with id ${id}`)
    return { story: views.storyDetail(record, lang, related) }
  }

  /** One publisher and its stories, newest first, a page at a time (the publisher page). */
  async function getSource(input: unknown): Promise<SourceStories> {
    const { id, limit, lang, cursor } = parse(GetSourceInput, input)
    const sourceId = id.toLowerCase()
    const record = await fromStore(() => store.getSource(sourceId))
    if (!record) throw new AppError('not_found', `No publisher with id ${id}`)
    const records = cursor === undefined
      ? await fromStore(() => store.listSourceStories({ sourceId, limit, lang }))
      : await fromStore(() => store.listStories({ limit, lang, filter: { sourceId, before: readCursor(cursor) } }))
    const stories = records.map((r) => views.story(r, lang))
    const next = records.length === limit ? makeCursor(records[records.length - 1]!.sortKey) : null
    return { source: views.source(record), stories, count: stories.length, lang, next_cursor: next }
  }

  /**
   * The cursor of the page before (newer than) the page `cursor` opens, for the same list or search; null when that
   * is the first page (no cursor), or when `cursor` is absent. A list walks up its index from the cursor's story
   * (O(limit)); a search or a date-bounded list, which have no upward walk, follows its pages from the newest, at
   * most NEWER_WALK_PAGES of them, and beyond that answers the first page.
   */
  async function newerCursor(input: unknown): Promise<string | null> {
    const { q, topic, limit, lang, source, since, until, cursor } = parse(ListStoriesInput, input)
    if (cursor === undefined) return null
    const key = readCursor(cursor)
    if (q === undefined && since === undefined && until === undefined) {
      const above = await fromStore(() => store.storyKeyAbove({ key, offset: limit, topic, sourceId: source?.toLowerCase() }))
      return above === null ? null : makeCursor(above)
    }
    let at: string | undefined
    for (let i = 0; i < NEWER_WALK_PAGES; i++) {
      const page = await listStories({ q, topic, limit, lang, source, since, until, cursor: at })
      if (page.next_cursor === null) break
      const next = readCursor(page.next_cursor)
      if (next === key) return at ?? null
      if (BigInt(next) < BigInt(key)) break
      at = page.next_cursor
    }
    return null
  }

  /**
   * The publisher index: every publisher by name with its main topic, story count and newest story's time. Reads the
   * publishers and the store's publisher summary (O(publishers × topics)), never the stories.
   */
  async function sourceDirectory(input?: unknown): Promise<SourceDirectory> {
    const { lang } = parse(ListCategoriesInput, input)
    const [summary, { categories }] = await Promise.all([fromStore(() => store.sourceTopics()), listCategories({ lang })])
    const records: SourceRecord[] = []
    for (let after: string | undefined; ;) {
      const page = await fromStore(() => store.listSources({ limit: 1000, after }))
      records.push(...page)
      if (page.length < 1000) break
      after = page[page.length - 1]!.id
    }
    const bySource = new Map<string, SourceTopicRecord[]>()
    for (const row of summary) bySource.set(row.sourceId, [...(bySource.get(row.sourceId) ?? []), row])
    const sources = records.map((record): SourceSummary => {
      const rows = bySource.get(record.id) ?? []
      const newest = rows.reduce<SourceTopicRecord | null>((best, r) => (best === null || BigInt(r.lastKey) > BigInt(best.lastKey) ? r : best), null)
      const main = rows.reduce<SourceTopicRecord | null>((best, r) => (best === null || r.stories > best.stories
        || (r.stories === best.stories && BigInt(r.lastKey) > BigInt(best.lastKey)) ? r : best), null)
      return {
        ...views.source(record),
        topic: main ? categories.find((c) => c.slug === main.category) ?? null : null,
        stories: rows.reduce((n, r) => n + r.stories, 0),
        latest_story_at: newest?.lastPublishedAt ?? null,
      }
    })
    return { sources, count: sources.length, lang }
  }

  async function listCategories(input: unknown): Promise<CategoryList> {
    const { lang } = parse(ListCategoriesInput, input)
    const records = await fromStore(() => store.listCategories(lang))
    return { categories: records.map(views.category) }
  }

  /** The publishers by name, a page at a time (`limit`, default 1,000: a directory of that size in one answer). */
  async function listSources(input?: unknown): Promise<SourceList> {
    const { limit, cursor } = parse(ListSourcesInput, input)
    const after = cursor === undefined ? undefined : readSourceCursor(cursor)
    const records = await fromStore(() => store.listSources({ limit, after }))
    // A full page may have a next one; a short page is the last.
    const next = records.length === limit ? makeSourceCursor(records[records.length - 1]!.id) : null
    return { sources: records.map(views.source), count: records.length, next_cursor: next }
  }

  /**
   * ok when the store answers and the newest story is fresh enough; degraded when stale or empty; error when down or
   * silent for HEALTH_DEADLINE_MS.
   */
  async function health(): Promise<Health> {
    const started = now()
    let latest: string | null
    const silent = { silent: true } as const
    try {
      const probed = await within(HEALTH_DEADLINE_MS, (async () => {
        await store.ping()
        return store.latestPublishedAt()
      })(), () => silent)
      if (typeof probed === 'object' && probed !== null) {
        return {
          status: 'error', version: deps.version, latest_story_at: null, latest_story_age_minutes: null,
          latency_ms: Math.max(0, Math.round(now() - started)),
          detail: `The story store did not answer within ${HEALTH_DEADLINE_MS} ms.`,
        }
      }
      latest = probed
    } catch {
      const damage = store.knownDamage()
      return {
        status: damage ? 'degraded' : 'error', version: deps.version, latest_story_at: null, latest_story_age_minutes: null,
        latency_ms: Math.max(0, Math.round(now() - started)),
        detail: damage ? `${damage.summary} ${DAMAGE_ADVICE}` : 'The story store is unreachable.',
      }
    }
    const latencyMs = Math.max(0, Math.round(now() - started))
    const age = latest ? Math.max(0, Math.floor((now() - Date.parse(latest)) / 60_000)) : null
    const base = { version: deps.version, latest_story_at: latest, latest_story_age_minutes: age, latency_ms: latencyMs }
    // Damage found at start or met by any read since: the store answers, but not every answer can be trusted.
    const damage = store.knownDamage()
    if (damage) return { status: 'degraded', ...base, detail: `${damage.summary} ${DAMAGE_ADVICE}` }
    if (age === null) return { status: 'degraded', ...base, detail: 'The store holds no stories yet.' }
    if (age > deps.healthMaxStoryAgeMinutes) {
      return {
        status: 'degraded', ...base,
        detail: `The newest story is ${age} minutes old (threshold ${deps.healthMaxStoryAgeMinutes}).`,
      }
    }
    return { status: 'ok', ...base }
  }

  /** A story page in a sitemap; lastmod is when the store last wrote the story. */
  const storyEntry = (s: StoryStamp): SitemapUrl => ({ loc: urls.story(s.id), lastmod: s.updatedAt })

  /**
   * /sitemap.xml: home, the topics, the publisher index and the publishers, the pricing and legal pages, at most
   * maxUrls in all (publishers give way if the total would exceed it). The stories are in the monthly archive
   * sitemaps only, so every URL is in exactly one sitemap (decision 0047).
   */
  async function sitemapEntries(): Promise<SitemapEntries> {
    const home: SitemapUrl = { loc: urls.home() }
    const topics = TOPICS.map((slug): SitemapUrl => ({ loc: urls.topic(slug) }))
    const pages = STATIC_PAGE_PATHS.map((path): SitemapUrl => ({ loc: urls.page(path) }))
    const room = maxUrls - 1 - topics.length - pages.length
    const sources = room > 0 ? await fromStore(() => store.listSources({ limit: room })) : []
    const publishers = sources.map((s): SitemapUrl => ({ loc: urls.source(s.id) }))
    return { urls: [home, ...topics, ...publishers, ...pages] }
  }

  /**
   * /sitemaps/index.xml: /sitemap.xml first (so the index alone reaches every page, and is never empty), then one
   * child per month that holds stories, newest month first, split in parts of maxUrls; undated stories last.
   * Cost O(months): counts come from the store's month summary.
   */
  async function archiveMonths(): Promise<ArchiveIndex> {
    const months = await fromStore(() => store.archiveMonths())
    const sitemaps: SitemapRef[] = [{ loc: urls.sitemap() }]
    for (const m of months) {
      const parts = Math.ceil(m.stories / maxUrls)
      for (let part = 1; part <= parts; part++) {
        sitemaps.push({ loc: urls.archiveMonth(m.month ?? 'undated', part), lastmod: m.lastModified })
      }
    }
    return { sitemaps }
  }

  /** One archive child: part `part` of the stories of `month`, oldest first. Unknown month or part: not_found. */
  async function archiveMonth(input: unknown): Promise<ArchiveMonthSitemap> {
    const { month, part } = parse(ArchiveMonthInput, input)
    const key = month === 'undated' ? null : month
    const summary = (await fromStore(() => store.archiveMonths())).find((m) => m.month === key)
    if (!summary) throw new AppError('not_found', `No stories in the archive for ${month}`)
    const parts = Math.ceil(summary.stories / maxUrls)
    if (part > parts) throw new AppError('not_found', `The ${month} archive has ${parts} part${parts === 1 ? '' : 's'}, not ${part}`)
    const stamps = await fromStore(() => store.listMonthStamps({ month: key, offset: (part - 1) * maxUrls, limit: maxUrls }))
    if (stamps.length === 0) throw new AppError('not_found', `No stories in the archive for ${month}, part ${part}`)
    return { month, part, parts, urls: stamps.map(storyEntry) }
  }

  /** Changes whenever stored content changes; response caches key on it. */
  function contentVersion(): Promise<string> {
    return fromStore(() => store.contentVersion())
  }

  /** The stories of a feed (home edition, topic, publisher or search), each in full. */
  const storyFeed = createStoryFeed({ store, views, parse, fromStore, listStories, getSource, listCategories })

  /**
   * The content version if the store knows it without I/O, else null. For answering requests read from a socket
   * (the front path): the SQLite value is re-validated once per event-loop turn, so a write made earlier in the
   * same turn may not show yet; anything else should use contentVersion().
   */
  function contentVersionNow(): string | null {
    try {
      const version = store.contentVersionNow?.()
      return typeof version === 'string' ? version : null
    } catch {
      return null // a closed or broken store: the framework path reports it properly
    }
  }

  return {
    storyFeed,
    contentVersionNow,
    listStories, getStory, getSource, listCategories, listSources, health, contentVersion,
    newerCursor, sourceDirectory,
    sitemapEntries, archiveMonths, archiveMonth,
  }
}

export type QueryService = ReturnType<typeof createQueryService>
