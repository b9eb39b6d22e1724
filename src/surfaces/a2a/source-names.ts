import { createSourceIndex, NO_SOURCES, type SourceIndex, type SourceName } from '../../capabilities/intent/sources.ts'
import type { QueryService } from '../../query/query-service.ts'

/**
 * The publisher names the free-text reader matches ("from TechCrunch"), as an index built once per content version
 * from the query service's list of publishers, and reused while the list is unchanged (a crawl changes the content
 * version often, the publishers rarely): a reading made with it is memoized under the index's key, so readings
 * stay memoized across versions too.
 */
export interface SourceNames {
  /** The index for `version` if it is built; undefined leaves a request to the route, which builds it. */
  peek(version: string): SourceIndex | undefined
  /**
   * The index for `version` (null: the version the store knows now). When the store cannot say, the last index
   * built (or none): reading a request never fails for want of publisher names.
   */
  at(version: string | null): Promise<SourceIndex>
}

/** Pages of publishers read: 1,000 a page, so directories of up to 20,000. */
const MAX_PAGES = 20

export function createSourceNames(query: Pick<QueryService, 'listSources' | 'contentVersion' | 'contentVersionNow'>): SourceNames {
  let built: { version: string; index: SourceIndex; fingerprint: string } | undefined
  let loading: { version: string; promise: Promise<SourceIndex> } | undefined

  async function load(version: string): Promise<SourceIndex> {
    const names: SourceName[] = []
    let cursor: string | undefined
    for (let page = 0; page < MAX_PAGES; page++) {
      const list = await query.listSources(cursor === undefined ? {} : { cursor })
      for (const s of list.sources) names.push({ id: s.id, name: s.name })
      if (!list.next_cursor) break
      cursor = list.next_cursor
    }
    const fingerprint = names.map((s) => `${s.id}\t${s.name}`).join('\n')
    const index = built?.fingerprint === fingerprint ? built.index : createSourceIndex(names)
    built = { version, index, fingerprint }
    return index
  }

  return {
    peek: (version) => (built?.version === version ? built.index : undefined),
    async at(version) {
      try {
        const v = version ?? query.contentVersionNow() ?? await query.contentVersion()
        if (built?.version === v) return built.index
        if (loading?.version !== v) {
          const promise = load(v).finally(() => { if (loading?.promise === promise) loading = undefined })
          loading = { version: v, promise }
        }
        return await loading.promise
      } catch {
        return built?.index ?? NO_SOURCES
      }
    },
  }
}
