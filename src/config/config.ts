import { z } from 'zod'
import { LlmEnvSchema, llmSettingsFromEnv, type LlmSettings } from './llm-config.ts'

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

const BaseEnvSchema = z.object({
  PORT: integer('PORT', 0, 65535, 3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  SITE_URL: z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL such as https://news.example.org' }).optional(),
  DATABASE_URL: z.string()
    .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)/, 'must be sqlite:PATH (for example sqlite:./data/newsdesk.db) or postgres://USER@HOST/DATABASE')
    .default('sqlite:./data/newsdesk.db'),
  NEWSDESK_SAMPLE: z.enum(['auto', 'off'], { error: 'must be "auto" or "off"' }).default('auto'),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  CACHE_MAX_AGE: integer('CACHE_MAX_AGE', 0, 86400, 60),
  CACHE_EDGE_MAX_AGE: integer('CACHE_EDGE_MAX_AGE', 0, 86400, 300),
  CACHE_STALE_WHILE_REVALIDATE: integer('CACHE_STALE_WHILE_REVALIDATE', 0, 86400, 300),
  CACHE_STALE_IF_ERROR: integer('CACHE_STALE_IF_ERROR', 0, 604800, 86400),
  RESPONSE_CACHE_MB: integer('RESPONSE_CACHE_MB', 0, 4096, 64),
  MAX_CONNECTIONS: z.string().optional().transform((v, ctx) => {
    if (v === undefined || v === '' || v === 'auto') return null
    if (!/^\d+$/.test(v) || Number(v) < 16 || Number(v) > 1_000_000) {
      ctx.addIssue({ code: 'custom', message: `must be "auto" or an integer from 16 to 1000000 (got "${v}")` })
      return z.NEVER
    }
    return Number(v)
  }),
  HEALTH_MAX_STORY_AGE_MINUTES: integer('HEALTH_MAX_STORY_AGE_MINUTES', 1, 525600, 1440),
  DATA_DIR: z.string().min(1).default('./data'),
  PAGES_DIR: z.string().min(1).optional(),
  OPERATOR_NAME: z.string().trim().min(1).max(200).optional(),
  OPERATOR_CONTACT: z.string().trim().max(320)
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https?:\/\/\S+|[^\s@:]+@[^\s@]+\.[^\s@]+)$/, 'must be an email address, a mailto: URI or an http(s) URL')
    .optional(),
  NEWSDESK_CRAWL_INTERVAL: z.string().optional().transform((v, ctx) => {
    if (v === undefined || v === '') return 15 * 60
    if (v === 'off') return null
    const match = /^(\d+)(s|m|h)?$/.exec(v)
    const seconds = match ? Number(match[1]) * ({ s: 1, m: 60, h: 3600 }[match[2] as 's' | 'm' | 'h'] ?? 60) : NaN
    if (!(seconds >= 60 && seconds <= 86_400)) {
      ctx.addIssue({ code: 'custom', message: `must be "off" or a duration from 1m to 24h such as 15m, 900s or 1h (got "${v}")` })
      return z.NEVER
    }
    return seconds
  }),
  NEWSDESK_CRAWL_LEASE_SECONDS: integer('NEWSDESK_CRAWL_LEASE_SECONDS', 5, 86_400, 600),
  NEWSDESK_PUBLISHERS: z.string().min(1).optional(),
  NEWSDESK_CLUSTER_MODEL: z.string().min(1).optional(),
  NEWSDESK_FETCH_ALLOW: z.string().optional(),
  METRICS_PORT: z.string().optional().transform((v, ctx) => {
    if (v === undefined || v === '' || v === 'off') return null
    if (!/^\d+$/.test(v) || Number(v) > 65535) {
      ctx.addIssue({ code: 'custom', message: `must be "off" or a port from 0 to 65535 (got "${v}")` })
      return z.NEVER
    }
    return Number(v)
  }),
  METRICS_HOST: z.string().min(1).optional(),
  NEWSDESK_COVER_IMAGES: z.enum(['proxy', 'off'], { error: 'must be "proxy" or "off"' }).default('proxy'),
  MCP_ALLOWED_ORIGINS: z.string().optional()
    .transform((v, ctx) => {
      const origins = (v ?? '').split(',').map((o) => o.trim()).filter(Boolean)
      for (const origin of origins) {
        if (!isOrigin(origin)) {
          ctx.addIssue({ code: 'custom', message: `must be a comma-separated list of origins such as https://app.example.com (got "${origin}")` })
          return z.NEVER
        }
      }
      return origins
    }),
  WEBSUB_HUB_URL: z.string().optional().transform((v, ctx) => {
    if (v === undefined || v.trim() === '') return null
    const problem = hubUrlProblem(v.trim())
    // Normalized (percent-encoded, a bare origin gets its slash): printed in feeds and headers as a valid URL.
    if (problem === null) return new URL(v.trim()).href
    ctx.addIssue({ code: 'custom', message: `must be ${problem} (got "${v.slice(0, 200)}")` })
    return z.NEVER
  }),
})

const EnvSchema = BaseEnvSchema.and(LlmEnvSchema)

/** `NEWSDESK_FETCH_ALLOW`: comma-separated hostnames or CIDRs (a bare IP is a /32 or /128); the crawler checks each. */
function parseAllowList(value: string | undefined): string[] {
  return (value ?? '').split(',').map((s) => s.trim()).filter(Boolean)
}

/** scheme://host[:port] and nothing else: what a browser sends in Origin. */
function isOrigin(value: string): boolean {
  try {
    const url = new URL(value)
    return /^https?:$/.test(url.protocol) && url.origin === value.replace(/\/$/, '')
  } catch {
    return false
  }
}

/**
 * What is wrong with a WebSub hub address, or null. The address is printed in every feed, so it may carry no
 * user name or password, and it is where a publish request is POSTed, so it is an absolute http(s) URL without a
 * fragment.
 */
function hubUrlProblem(value: string): string | null {
  const expected = 'an absolute http(s) URL of a WebSub hub such as https://hub.example.org/'
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return expected
  }
  if (!/^https?:$/.test(url.protocol) || url.hostname === '') return expected
  if (url.username !== '' || url.password !== '') return `${expected}, without a user name or password (every feed shows it)`
  if (url.hash !== '') return `${expected}, without a #fragment`
  return null
}

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
  /** MAX_CONNECTIONS: open HTTP connections beyond this get a 503 at once; null: 4096 or 80% of the fd limit. */
  maxConnections: number | null
  /** Where the service keeps files of its own (the crawler's signing keys). */
  dataDir: string
  /** A directory of operator Markdown files (pricing.md, terms.md, privacy.md, refund.md) replacing the defaults. */
  pagesDir: string | undefined
  /** Who runs this instance and how publishers and readers reach them; shown on the legal pages. */
  operator: { name: string; contact: string | null; named: boolean }
  /** Browser origins, besides SITE_URL's and localhost's, allowed to call POST /mcp (the MCP Origin check). */
  mcpAllowedOrigins: readonly string[]
  /**
   * NEWSDESK_COVER_IMAGES: `proxy` shows story cover images through this site (/img/{id}), so a reader's browser
   * never contacts the image's host; `off` shows none.
   */
  coverImages: 'proxy' | 'off'
  crawl: {
    /** Seconds between crawl passes in `serve` and each feed's base polling interval; null: `serve` does not crawl. */
    intervalSeconds: number | null
    /**
     * How long a crawler holds a feed it claimed (NEWSDESK_CRAWL_LEASE_SECONDS): longer than any healthy feed run;
     * the feeds of a crawler that died return to the others this long after it claimed them.
     */
    leaseSeconds: number
    /** NEWSDESK_PUBLISHERS: a directory file replacing the bundled one, or `+PATH` extending it. */
    publishers: string | undefined
    /**
     * NEWSDESK_CLUSTER_MODEL: a clustering model refitted on other labelled data (`npm run fit:clustering -- --out
     * FILE`), replacing the bundled weights; docs/clustering.md.
     */
    clusterModel: string | undefined
    /** Hosts or CIDRs exempt from the SSRF guard (NEWSDESK_FETCH_ALLOW). */
    fetchAllow: readonly string[]
  }
  /** The optional LLM for summaries and translations (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL, …). */
  llm: LlmSettings
  /** Prometheus /metrics on a listener of its own (METRICS_PORT, METRICS_HOST, default HOST); port null: off. */
  metrics: { port: number | null; host: string }
  /**
   * WEBSUB_HUB_URL: the WebSub hub every feed names (rel="hub") and the crawler tells after each pass which feeds
   * changed; null: feeds name no hub and nothing is sent.
   */
  websub: { hubUrl: string | null }
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
    maxConnections: e.MAX_CONNECTIONS,
    dataDir: e.DATA_DIR,
    pagesDir: e.PAGES_DIR,
    operator: Object.freeze({
      name: e.OPERATOR_NAME ?? `the operator of ${new URL(siteUrl).host}`,
      /** False when OPERATOR_NAME is unset and `name` is the generic phrase above. */
      named: e.OPERATOR_NAME !== undefined,
      contact: e.OPERATOR_CONTACT === undefined ? null
        : /^(mailto:|https?:)/.test(e.OPERATOR_CONTACT) ? e.OPERATOR_CONTACT : `mailto:${e.OPERATOR_CONTACT}`,
    }),
    mcpAllowedOrigins: Object.freeze(e.MCP_ALLOWED_ORIGINS.map((o) => o.replace(/\/$/, ''))),
    coverImages: e.NEWSDESK_COVER_IMAGES,
    crawl: Object.freeze({
      intervalSeconds: e.NEWSDESK_CRAWL_INTERVAL,
      leaseSeconds: e.NEWSDESK_CRAWL_LEASE_SECONDS,
      publishers: e.NEWSDESK_PUBLISHERS,
      clusterModel: e.NEWSDESK_CLUSTER_MODEL,
      fetchAllow: Object.freeze(parseAllowList(e.NEWSDESK_FETCH_ALLOW)),
    }),
    llm: llmSettingsFromEnv(e),
    metrics: Object.freeze({ port: e.METRICS_PORT, host: e.METRICS_HOST ?? e.HOST }),
    websub: Object.freeze({ hubUrl: e.WEBSUB_HUB_URL }),
  })
}
