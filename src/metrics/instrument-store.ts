import type { Store } from '../storage/store.ts'

export type QueryObserver = (operation: string, seconds: number, ok: boolean) => void

const isPromise = (v: unknown): v is Promise<unknown> => typeof (v as Promise<unknown> | null)?.then === 'function'

/** Times every promise-returning method of `target`, labelled `prefix + method name`; other members pass through. */
function timed<T extends object>(target: T, prefix: string, observe: QueryObserver, nested: Record<string, string> = {}): T {
  const wrapped = new Map<PropertyKey, unknown>()
  return new Proxy(target, {
    get(obj, prop, receiver) {
      const value = Reflect.get(obj, prop, receiver)
      if (typeof prop !== 'string') return value
      if (prop in nested && value && typeof value === 'object') {
        if (!wrapped.has(prop)) wrapped.set(prop, timed(value as object, nested[prop]!, observe))
        return wrapped.get(prop)
      }
      if (typeof value !== 'function') return value
      if (!wrapped.has(prop)) {
        const operation = `${prefix}${prop}`
        wrapped.set(prop, function (this: unknown, ...args: unknown[]) {
          const started = performance.now()
          const result = (value as (...a: unknown[]) => unknown).apply(obj, args)
          if (!isPromise(result)) return result
          return result.then(
            (v) => { observe(operation, (performance.now() - started) / 1000, true); return v },
            (err: unknown) => { observe(operation, (performance.now() - started) / 1000, false); throw err },
          )
        })
      }
      return wrapped.get(prop)
    },
  })
}

/**
 * The store, with the latency of every call observed by operation (listStories, getStory, crawl.claimDueFeeds, …):
 * one wrapper at the place the store is opened, none in the dialects. Async iterables (the export) are not timed.
 */
export function instrumentStore(store: Store, observe: QueryObserver): Store {
  return timed(store, '', observe, { crawl: 'crawl.' })
}
