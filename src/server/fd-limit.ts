import fs from 'node:fs'

/** The cap when the open-files limit cannot be read (not Linux): far above what one Node process serves well. */
const FALLBACK_MAX_CONNECTIONS = 4096

/**
 * The default connection cap: 4,096, or 80% of the process's open-files limit when that is lower, so the
 * database, the log and the crawler keep descriptors to spare. Node raises its soft limit to the hard one at
 * start, so /proc/self/limits shows the limit that applies.
 */
export function defaultMaxConnections(limitsFile = '/proc/self/limits'): number {
  let limit: number | undefined
  try {
    const match = /^Max open files\s+(\d+)/m.exec(fs.readFileSync(limitsFile, 'utf8'))
    if (match) limit = Number(match[1])
  } catch {
    // Not Linux: no /proc.
  }
  return limit === undefined ? FALLBACK_MAX_CONNECTIONS : Math.max(16, Math.min(FALLBACK_MAX_CONNECTIONS, Math.floor(limit * 0.8)))
}
