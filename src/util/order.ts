/**
 * Comparators for sorts whose order must not depend on the machine. Strings go by UTF-16 code units: localeCompare
 * follows the runtime's ICU data and locale, so two instances sharing a store could break one tie differently (which
 * story a capped comparison reads, which article of one second is clustered first). Numbers may be ±Infinity (an
 * unknown time sorts last or first): a − b is NaN for two infinities.
 */
export const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

export const byNumber = (a: number, b: number): number => (a === b ? 0 : a < b ? -1 : 1)

/** Pairs (header name and value, …) by their first string. */
export const byFirstString = (a: readonly [string, ...unknown[]], b: readonly [string, ...unknown[]]): number => byCodeUnits(a[0], b[0])
