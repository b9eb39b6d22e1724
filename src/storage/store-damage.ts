/**
 * Permanent damage to the database (a corrupt page or index), as opposed to a passing fault (a lock, a lost
 * connection). A damaged store must say so: answering "retry shortly" for a fault no retry fixes sends clients and
 * operators the wrong way.
 */
export interface StoreDamage {
  /** One sentence safe to publish (health): names the kind of damage, never a path or publisher data. */
  summary: string
  /** What the database reported, for the operator's log. */
  detail: string
}

/** Remembers the damage a check found or a query ran into, for health and for the read errors clients get. */
export interface DamageRecord {
  note(damage: StoreDamage): void
  current(): StoreDamage | null
}

export function createDamageRecord(): DamageRecord {
  let known: StoreDamage | null = null
  return {
    note(damage) {
      known ??= damage
    },
    current: () => known,
  }
}

/**
 * The store with every method watched: an error that `classify` calls damage is noted (and still thrown). Sync
 * properties, iterables and the crawl sub-store pass through untouched, and so do `memoryReads`: synchronous methods
 * that answer from memory on the request path (the front path asks contentVersionNow on every cache hit, so a
 * wrapper there is paid per request for nothing). Should one of them ever reach the database and fail, its caller
 * falls back to the async method of the same name, which is watched and notes the damage then.
 */
export function watchForDamage<T extends object>(
  store: T,
  classify: (err: unknown) => StoreDamage | null,
  record: DamageRecord,
  memoryReads: readonly (keyof T & string)[] = [],
): T {
  const noteIfDamage = (err: unknown): never => {
    const damage = classify(err)
    if (damage) record.note(damage)
    throw err
  }
  const unwatched = new Set<string | symbol>(['close', ...memoryReads])
  const watched: Record<string | symbol, unknown> = {}
  for (const key of Reflect.ownKeys(store)) {
    const value = (store as Record<string | symbol, unknown>)[key]
    if (typeof value !== 'function' || unwatched.has(key)) {
      watched[key] = value
      continue
    }
    watched[key] = (...args: unknown[]) => {
      let result: unknown
      try {
        result = (value as (...a: unknown[]) => unknown).apply(store, args)
      } catch (err) {
        noteIfDamage(err)
      }
      return result instanceof Promise ? result.catch(noteIfDamage) : result
    }
  }
  return watched as T
}
