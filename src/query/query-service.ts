import type { z } from 'zod'
import { AppError } from '../domain/errors.ts'
import { describeIssues } from '../domain/validation.ts'
import { MAX_SEARCH_TERMS, parseSearchTerms } from '../domain/search-terms.ts'
import type { Store } from '../storage/store.ts'
import { GetStoryInput, ListCategoriesInput, ListStoriesInput } from './inputs.ts'
import {
  createViews, type CategoryList, type Health, type SourceList, type StoryList, type StoryResponse,
} from './views.ts'

export interface QueryServiceDeps {
  store: Store
  siteUrl: string
  version: string
  healthMaxStoryAgeMinutes: number
  now?: () => number
}

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input ?? {})
  if (!result.success) throw new AppError('invalid_parameter', describeIssues(result.error))
  return result.data
}

/** Store faults become `unavailable`; the cause stays attached for the log, never for the client. */
async function fromStore<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (err) {
    if (err instanceof AppError) throw err
    throw new AppError('unavailable', 'The story store is temporarily unavailable. Retry shortly.', { cause: err })
  }
}

/** The one read service: REST, pages, Markdown, MCP and A2A all call these functions and nothing else. */
export function createQueryService(deps: QueryServiceDeps) {
  const { store } = deps
  const now = deps.now ?? Date.now
  const views = createViews(deps.siteUrl)

  async function listStories(input: unknown): Promise<StoryList> {
    const { q, topic, limit, lang } = parse(ListStoriesInput, input)
    if (q !== undefined) {
      const terms = parseSearchTerms(q)
      if (terms.length > MAX_SEARCH_TERMS) {
        throw new AppError('invalid_parameter', `q: must contain at most ${MAX_SEARCH_TERMS} keywords`)
      }
      const records = await fromStore(() => store.searchStories({ terms, limit, lang }))
      const stories = records.map((r) => views.story(r, lang))
      return { stories, count: stories.length, lang }
    }
    const records = await fromStore(() => store.listStories({ topic, limit, lang }))
    const stories = records.map((r) => views.story(r, lang))
    return { stories, count: stories.length, lang }
  }

  async function getStory(input: unknown): Promise<StoryResponse> {
    const { id, lang } = parse(GetStoryInput, input)
    const record = await fromStore(() => store.getStory(id.toLowerCase(), lang))
    if (!record) throw new AppError('not_found', `No story with id ${id}`)
    return { story: views.storyDetail(record, lang) }
  }

  async function listCategories(input: unknown): Promise<CategoryList> {
    const { lang } = parse(ListCategoriesInput, input)
    const records = await fromStore(() => store.listCategories(lang))
    return { categories: records.map(views.category) }
  }

  async function listSources(): Promise<SourceList> {
    const records = await fromStore(() => store.listSources())
    return { sources: records.map(views.source), count: records.length }
  }

  /** ok when the store answers and the newest story is fresh enough; degraded when stale or empty; error when down. */
  async function health(): Promise<Health> {
    const started = now()
    let latest: string | null
    try {
      await store.ping()
      latest = await store.latestPublishedAt()
    } catch {
      return {
        status: 'error', version: deps.version, latest_story_at: null, latest_story_age_minutes: null,
        latency_ms: Math.max(0, Math.round(now() - started)), detail: 'The story store is unreachable.',
      }
    }
    const latencyMs = Math.max(0, Math.round(now() - started))
    const age = latest ? Math.max(0, Math.floor((now() - Date.parse(latest)) / 60_000)) : null
    const base = { version: deps.version, latest_story_at: latest, latest_story_age_minutes: age, latency_ms: latencyMs }
    if (age === null) return { status: 'degraded', ...base, detail: 'The store holds no stories yet.' }
    if (age > deps.healthMaxStoryAgeMinutes) {
      return {
        status: 'degraded', ...base,
        detail: `The newest story is ${age} minutes old (threshold ${deps.healthMaxStoryAgeMinutes}).`,
      }
    }
    return { status: 'ok', ...base }
  }

  /** Changes whenever stored content changes; response caches key on it. */
  function contentVersion(): Promise<string> {
    return fromStore(() => store.contentVersion())
  }

  return { listStories, getStory, listCategories, listSources, health, contentVersion }
}

export type QueryService = ReturnType<typeof createQueryService>
