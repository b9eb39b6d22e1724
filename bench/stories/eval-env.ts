/**
 * The environment both story evals crawl with: a fresh SQLite store in `dir`, the loopback site's publishers as the
 * directory (written beside it), no sample edition, fetches allowed to 127.0.0.1 only.
 */
import fs from 'node:fs'
import path from 'node:path'
import { testEnv } from '../../test/helpers/cli.ts'

export function evalCrawlEnv(dir: string, directory: unknown, extra: Record<string, string> = {}): { env: ReturnType<typeof testEnv>; db: string } {
  const db = path.join(dir, 'newsdesk.db')
  fs.writeFileSync(path.join(dir, 'publishers.json'), JSON.stringify(directory, null, 2))
  const env = testEnv({
    DATABASE_URL: `sqlite:${db}`,
    DATA_DIR: path.join(dir, 'data'),
    SITE_URL: 'https://news.example.org',
    NEWSDESK_SAMPLE: 'off',
    NEWSDESK_PUBLISHERS: path.join(dir, 'publishers.json'),
    NEWSDESK_FETCH_ALLOW: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...extra,
  })
  return { env, db }
}
