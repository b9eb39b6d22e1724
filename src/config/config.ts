import { z } from 'zod'

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

const integer = (name: string, min: number, max: number, fallback: number) =>
  z.string().optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback
      if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) {
        ctx.addIssue({ code: 'custom', message: `must be an integer from ${min} to ${max} (got "${v}")` })
        return z.NEVER
      }
      return Number(v)
    })
    .describe(name)

const EnvSchema = z.object({
  PORT: integer('PORT', 0, 65535, 3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  SITE_URL: z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL such as https://news.example.org' }).optional(),
  DATABASE_URL: z.string()
    .regex(/^sqlite:.+/, 'must be sqlite:PATH (for example sqlite:./data/newsdesk.db)')
    .default('sqlite:./data/newsdesk.db'),
  NEWSDESK_SAMPLE: z.enum(['auto', 'off'], { error: 'must be "auto" or "off"' }).default('auto'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  CACHE_MAX_AGE: integer('CACHE_MAX_AGE', 0, 86400, 60),
  CACHE_EDGE_MAX_AGE: integer('CACHE_EDGE_MAX_AGE', 0, 86400, 300),
  CACHE_STALE_WHILE_REVALIDATE: integer('CACHE_STALE_WHILE_REVALIDATE', 0, 86400, 300),
  CACHE_STALE_IF_ERROR: integer('CACHE_STALE_IF_ERROR', 0, 604800, 86400),
  RESPONSE_CACHE_MB: integer('RESPONSE_CACHE_MB', 0, 4096, 64),
  HEALTH_MAX_STORY_AGE_MINUTES: integer('HEALTH_MAX_STORY_AGE_MINUTES', 1, 525600, 1440),
  DATA_DIR: z.string().min(1).default('./data'),
  PAGES_DIR: z.string().min(1).optional(),
  OPERATOR_NAME: z.string().trim().min(1).max(200).optional(),
  OPERATOR_CONTACT: z.string().trim().max(320)
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https?:\/\/\S+|[^\s@:]+@[^\s@]+\.[^\s@]+)$/, 'must be an email address, a mailto: URI or an http(s) URL')
    .optional(),
})

export interface Config {
  port: number
  host: string
  /** Public origin without a trailing slash; every absolute URL in a response starts with it. */
  siteUrl: string
  /** SITE_URL + /api/v1 */
  baseUrl: string
  databaseUrl: string
  sample: 'auto' | 'off'
  logLevel: (typeof LOG_LEVELS)[number]
  cache: {
    maxAgeSeconds: number
    edgeMaxAgeSeconds: number
    staleWhileRevalidateSeconds: number
    staleIfErrorSeconds: number
    responseCacheBytes: number
  }
  healthMaxStoryAgeMinutes: number
  /** Where the service keeps files of its own (the crawler's signing keys). */
  dataDir: string
  /** A directory of operator Markdown files (pricing.md, terms.md, privacy.md, refund.md) replacing the defaults. */
  pagesDir: string | undefined
  /** Who runs this instance and how publishers and readers reach them; shown on the legal pages. */
  operator: { name: string; contact: string | null }
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`config: invalid environment\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

/** Reads and validates the environment once; throws ConfigError listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Readonly<Config> {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`))
  }
  const e = parsed.data
  const siteUrl = (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '')
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    siteUrl,
    baseUrl: `${siteUrl}/api/v1`,
    databaseUrl: e.DATABASE_URL,
    sample: e.NEWSDESK_SAMPLE,
    logLevel: e.LOG_LEVEL,
    cache: Object.freeze({
      maxAgeSeconds: e.CACHE_MAX_AGE,
      edgeMaxAgeSeconds: e.CACHE_EDGE_MAX_AGE,
      staleWhileRevalidateSeconds: e.CACHE_STALE_WHILE_REVALIDATE,
      staleIfErrorSeconds: e.CACHE_STALE_IF_ERROR,
      responseCacheBytes: e.RESPONSE_CACHE_MB * 1024 * 1024,
    }),
    healthMaxStoryAgeMinutes: e.HEALTH_MAX_STORY_AGE_MINUTES,
    dataDir: e.DATA_DIR,
    pagesDir: e.PAGES_DIR,
    operator: Object.freeze({
      name: e.OPERATOR_NAME ?? `the operator of ${new URL(siteUrl).host}`,
      contact: e.OPERATOR_CONTACT === undefined ? null
        : /^(mailto:|https?:)/.test(e.OPERATOR_CONTACT) ? e.OPERATOR_CONTACT : `mailto:${e.OPERATOR_CONTACT}`,
    }),
  })
}
