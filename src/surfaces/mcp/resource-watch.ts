import { createHash } from 'node:crypto'
import type { QueryService } from '../../query/query-service.ts'
import { readResourceUri, resourceUri, type ResourceRef, type ResourceSite } from './resource-uris.ts'

/**
 * Which subscribed resources changed, for every listener of this process at once
 * (docs/decisions/0054-mcp-resources-and-subscriptions.md). Listeners never read the store: while any is open, one
 * timer looks at the content version the response caches already keep (QueryService.contentVersionNow: from memory on
 * PostgreSQL, kept current by NOTIFY from every instance; one `data_version` check on SQLite), and when it has moved,
 * one check reads each distinct watched resource once (the newest story ids of a list, a story's text) and tells every
 * listener of each that changed. A crawl pass that commits feed by feed moves the version several times; checks never
 * overlap, so a pass costs a check per quiet moment, not per commit.
 */

export interface ResourceWatchOptions extends ResourceSite {
  query: Pick<QueryService, 'listStories' | 'getStory' | 'contentVersion' | 'contentVersionNow'>
  /** How often the content version is looked at while anything is watched. */
  tickMs?: number
  /** Distinct resources watched at once, at most (each costs one read per change). */
  maxResources?: number
  /** Told once per change of each URI (as written) any listener watches: the 2026-07-28 listen streams' bus. */
  onChanged?: (uri: string) => void
  onError?: (err: unknown) => void
}

/** Told the URI (as the listener wrote it) of a watched resource that changed. */
export type ResourceChanged = (uri: string) => void

export interface ResourceWatch {
  /**
   * Watches `uris` for `changed`; resolves once their current state is known (so a change after this is reported),
   * with an unwatch function. Throws WatchRefused for a URI that names no resource, or past the resource cap.
   */
  watch(uris: readonly string[], changed: ResourceChanged): Promise<() => void>
  /** Distinct resources and listeners watched now (metrics, tests). */
  size(): { resources: number; listeners: number }
  close(): void
}

export class WatchRefused extends Error {
  readonly uri: string
  readonly reason: 'unknown' | 'full'
  constructor(uri: string, reason: 'unknown' | 'full') {
    super(reason === 'unknown' ? `Resource not found: ${uri.slice(0, 300)}` : 'Too many distinct resources are watched on this server; retry later')
    this.uri = uri
    this.reason = reason
  }
}

export const DEFAULT_WATCH_TICK_MS = 250
export const DEFAULT_MAX_WATCHED_RESOURCES = 1000
/** The newest stories of a list that make its state: a new story that matched shows among them. */
const LIST_DEPTH = 20

interface Watched {
  ref: ResourceRef
  /** The listeners, each with the URIs (as written) it watches this resource by. */
  listeners: Map<ResourceChanged, Set<string>>
  state: Promise<string>
}

export function createResourceWatch(opts: ResourceWatchOptions): ResourceWatch {
  const { query } = opts
  const tickMs = opts.tickMs ?? DEFAULT_WATCH_TICK_MS
  const maxResources = opts.maxResources ?? DEFAULT_MAX_WATCHED_RESOURCES
  const onError = opts.onError ?? (() => {})
  const watched = new Map<string, Watched>()
  let listenerCount = 0
  let version: string | null = null
  let timer: NodeJS.Timeout | undefined
  let checking = false

  /** A resource's state: its newest story ids (a list) or its text (a story); the language does not matter. */
  async function stateOf(ref: ResourceRef): Promise<string> {
    const { target } = ref
    if (target.kind === 'story') {
      const { story } = await query.getStory({ id: target.id })
      return createHash('sha256').update(JSON.stringify(story)).digest('base64url')
    }
    const filter = target.kind === 'topic' ? { topic: target.topic } : target.kind === 'search' ? { q: target.q, lang: ref.lang } : {}
    const list = await query.listStories({ ...filter, limit: LIST_DEPTH })
    return list.stories.map((s) => s.id).join(',')
  }

  const currentVersion = async () => query.contentVersionNow() ?? await query.contentVersion()

  async function check(): Promise<void> {
    if (checking) return
    checking = true
    try {
      for (;;) {
        const now = await currentVersion()
        if (now === version) return
        version = now
        for (const entry of watched.values()) {
          const before = await entry.state.catch(() => null)
          const after = await stateOf(entry.ref).catch((err: unknown) => { onError(err); return before })
          if (after === before || after === null) continue
          entry.state = Promise.resolve(after)
          // A state that could not be read before (the store was down) is no change to report: only now known.
          if (before === null) continue
          const told = new Set<string>()
          for (const [listener, uris] of entry.listeners) {
            for (const uri of uris) {
              listener(uri)
              told.add(uri)
            }
          }
          for (const uri of told) opts.onChanged?.(uri)
        }
      }
    } catch (err) {
      onError(err)
    } finally {
      checking = false
    }
  }

  const start = () => {
    if (timer) return
    timer = setInterval(() => void check(), tickMs)
    timer.unref()
  }
  const stopIfIdle = () => {
    if (listenerCount > 0 || !timer) return
    clearInterval(timer)
    timer = undefined
  }

  return {
    async watch(uris, changed) {
      const refs = uris.map((uri) => {
        const ref = readResourceUri(uri, opts)
        if (ref === undefined) throw new WatchRefused(uri, 'unknown')
        return { uri, key: resourceUri({ ...ref, format: 'markdown' }, opts), ref }
      })
      const fresh = new Set(refs.map((r) => r.key).filter((k) => !watched.has(k)))
      if (watched.size + fresh.size > maxResources) throw new WatchRefused(refs[0]?.uri ?? '', 'full')
      // The version before the states are read: a change committed while they are read is checked again.
      if (version === null) version = await currentVersion()
      const added: Array<[Watched, string]> = []
      for (const { uri, key, ref } of refs) {
        let entry = watched.get(key)
        if (!entry) {
          entry = { ref, listeners: new Map(), state: stateOf(ref) }
          entry.state.catch(onError)
          watched.set(key, entry)
        }
        const mine = entry.listeners.get(changed) ?? new Set<string>()
        mine.add(uri)
        entry.listeners.set(changed, mine)
        added.push([entry, uri])
      }
      listenerCount++
      start()
      await Promise.all(added.map(([entry]) => entry.state.catch(() => null)))
      let live = true
      return () => {
        if (!live) return
        live = false
        listenerCount--
        for (const [entry, uri] of added) {
          const mine = entry.listeners.get(changed)
          mine?.delete(uri)
          if (mine?.size === 0) entry.listeners.delete(changed)
          if (entry.listeners.size === 0) {
            for (const [key, value] of watched) if (value === entry) watched.delete(key)
          }
        }
        stopIfIdle()
      }
    },
    size: () => ({ resources: watched.size, listeners: listenerCount }),
    close() {
      clearInterval(timer)
      timer = undefined
      watched.clear()
    },
  }
}
