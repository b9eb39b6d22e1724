import type { Store } from '../../src/storage/store.ts'

/**
 * A real store whose every call fails while `broken` is set: the database going away mid-flight, without mocking
 * what a working database returns. The error message carries a path, so tests can check it never reaches a client.
 */
export function breakable(store: Store) {
  const state = { broken: false }
  const proxy = new Proxy(store, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver)
      // knownDamage reads memory, not the database: it stays what the real store says.
      if (typeof value !== 'function' || prop === 'close' || prop === 'knownDamage') return value
      // The version known without I/O is a synchronous read: a broken database throws, as SQLite's statement would.
      if (prop === 'contentVersionNow') {
        return () => {
          if (state.broken) throw new Error('SQLITE_IOERR: disk I/O error at /var/lib/newsdesk/secret.db')
          return (value as () => unknown).apply(target)
        }
      }
      return (...args: unknown[]) => (state.broken
        ? Promise.reject(new Error('SQLITE_IOERR: disk I/O error at /var/lib/newsdesk/secret.db'))
        : (value as (...a: unknown[]) => unknown).apply(target, args))
    },
  })
  return { store: proxy, state }
}
