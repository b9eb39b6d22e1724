import fs from 'node:fs'
import { isLanguage, LANGUAGES } from '../../domain/languages.ts'
import { isTopic, TOPICS } from '../../domain/topics.ts'
import {
  DIRECTORY_ENV, DirectoryError, loadDirectory, parseDirectoryText, readDirectoryFile, serializeDirectoryJson,
  type Directory, type DirectoryFile,
} from '../../publishers/directory.ts'
import { MAX_DIRECTORY_BYTES, serializeOpml } from '../../publishers/opml.ts'
import type { FeedRecord } from '../../domain/crawl-records.ts'
import { openStore } from '../../storage/open-store.ts'
import { writeFileAtomicSync } from '../../util/write-file-atomic.ts'
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type Command, type CommandContext } from '../command.ts'
import { configOrReport } from '../environment.ts'

const USAGE = `newsdesk publishers list [--json] [--failing] [--all]
newsdesk publishers import FILE|- [--topic SLUG] [--lang CODE] [--output FILE]
newsdesk publishers export [--format json|opml] [FILE]

The publisher directory: the feeds the crawler polls. By default the bundled directory (content/publishers.json).
${DIRECTORY_ENV}=PATH replaces it with the operator's file; ${DIRECTORY_ENV}=+PATH adds the file's publishers to
it (an entry with the feed URL of a bundled publisher replaces that one). The file is a JSON array in the shape
\`publishers export\` writes ({"name", "site_url", "feed_url", "topic", "lang"} per publisher) or an OPML list.
Invalid or duplicate entries in it are reported and skipped.

  list    syncs the directory into the database (new feeds become due at once; feeds that left the directory keep
          their state but are inactive), then prints every feed with its state: name, topic, language, last status
          ("never fetched" before its first crawl), consecutive failures, next fetch, articles, last error.
            --failing  only feeds whose last fetch failed
            --all      also feeds that left the directory
            --json     a JSON array instead of the table
  import  converts an OPML (or JSON) file to the JSON directory shape, on standard output or into --output FILE
          (written atomically). A feed's topic comes from its category attribute or enclosing folders when one
          names a topic (its slug, or its name in any of the nine languages), else --topic (default business); its
          language from its language attribute, else --lang (default en). For JSON input, --topic and --lang fill
          in entries that lack them. Then set ${DIRECTORY_ENV} to the output file (or +FILE to extend).
  export  writes the effective directory as JSON (default) or OPML 2.0 to FILE (atomically) or standard output;
          without --format, a FILE ending in .opml or .xml gets OPML.

Topics: ${TOPICS.join(', ')}. Languages: ${LANGUAGES.join(', ')}.
Exit codes: 0 ok; 1 entries were skipped (import) or FILE could not be read or parsed; 2 usage error, bad
configuration, or a ${DIRECTORY_ENV} file that cannot be used.`

const SUBCOMMANDS = ['list', 'import', 'export'] as const
type Subcommand = (typeof SUBCOMMANDS)[number]

/** Which subcommand each option belongs to. */
const OPTION_OWNER: Record<string, Subcommand> = {
  json: 'list', failing: 'list', all: 'list', topic: 'import', lang: 'import', output: 'import', format: 'export',
}

const MAX_REPORTED = 50

function usageError(ctx: CommandContext, message: string): number {
  ctx.stderr.write(`publishers: ${message}\n\n${USAGE}\n`)
  return EXIT_USAGE
}

function reportProblems(ctx: CommandContext, problems: string[], prefix = ''): void {
  for (const p of problems.slice(0, MAX_REPORTED)) ctx.stderr.write(`publishers: ${prefix}${p}\n`)
  if (problems.length > MAX_REPORTED) ctx.stderr.write(`publishers: ${prefix}… and ${problems.length - MAX_REPORTED} more\n`)
}

/** The effective directory, or null after reporting why NEWSDESK_PUBLISHERS cannot be used (exit code 2). */
function directoryOrReport(ctx: CommandContext): Directory | null {
  try {
    const directory = loadDirectory({ file: ctx.env[DIRECTORY_ENV] })
    reportProblems(ctx, directory.problems, 'warning: ')
    return directory
  } catch (err) {
    if (!(err instanceof DirectoryError)) throw err
    ctx.stderr.write(`publishers: ${DIRECTORY_ENV}: ${err.message}\n`)
    return null
  }
}

function describeSource(directory: Directory): string {
  if (directory.mode === 'bundled') return 'the bundled directory'
  if (directory.mode === 'replace') return directory.source
  return `the bundled directory extended with ${directory.source.slice('bundled+'.length)}`
}

async function readStdin(stdin: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stdin) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer)
    size += buf.length
    if (size > MAX_DIRECTORY_BYTES) throw new DirectoryError(`standard input: more than ${MAX_DIRECTORY_BYTES} bytes`)
    chunks.push(buf)
  }
  return Buffer.concat(chunks)
}

// --- list -----------------------------------------------------------------------------------------------------------

/** Terminal columns of a string: East Asian wide and fullwidth characters take two. */
function displayWidth(s: string): number {
  let width = 0
  for (const ch of s) {
    const c = ch.codePointAt(0)!
    if (c < 0x20 || (c >= 0x300 && c <= 0x36f) || c === 0x200b || c === 0x200d) continue
    const wide = (c >= 0x1100 && c <= 0x115f) || (c >= 0x2e80 && c <= 0xa4cf && c !== 0x303f) || (c >= 0xac00 && c <= 0xd7a3) ||
      (c >= 0xf900 && c <= 0xfaff) || (c >= 0xfe30 && c <= 0xfe4f) || (c >= 0xff00 && c <= 0xff60) || (c >= 0xffe0 && c <= 0xffe6) ||
      (c >= 0x1f300 && c <= 0x1faff) || (c >= 0x20000 && c <= 0x3fffd)
    width += wide ? 2 : 1
  }
  return width
}

function truncate(s: string, max: number): string {
  if (displayWidth(s) <= max) return s
  let out = ''
  for (const ch of s) {
    if (displayWidth(out + ch) > max - 1) break
    out += ch
  }
  return `${out}…`
}

const pad = (s: string, width: number) => s + ' '.repeat(Math.max(0, width - displayWidth(s)))

/** `2025-03-04 05:06Z`, or `due` when the time has come. */
function when(iso: string | null, now: string): string {
  if (!iso) return '-'
  if (iso <= now) return 'due'
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}Z`
}

function status(feed: FeedRecord): string {
  const s = feed.lastStatus ?? 'never fetched'
  return feed.active ? s : `removed (${s})`
}

function isFailing(feed: FeedRecord): boolean {
  return feed.consecutiveFailures > 0
}

function feedJson(f: FeedRecord) {
  return {
    id: f.publisher.id, name: f.publisher.name, site_url: f.publisher.siteUrl, feed_url: f.publisher.feedUrl,
    topic: f.publisher.topic, lang: f.publisher.lang, active: f.active,
    last_status: f.lastStatus, last_error: f.lastError, consecutive_failures: f.consecutiveFailures,
    last_fetched_at: f.lastFetchedAt, last_success_at: f.lastSuccessAt, next_fetch_at: f.nextFetchAt,
    interval_seconds: f.intervalSeconds, article_count: f.articleCount,
  }
}

/** One line of plain text: whitespace runs become one space, control characters (terminal escapes) go. */
const cell = (s: string) => s.replace(/\s+/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim()

function table(feeds: FeedRecord[], now: string): string {
  const header = ['NAME', 'TOPIC', 'LANG', 'STATUS', 'FAILS', 'NEXT FETCH', 'ARTICLES', 'LAST ERROR']
  const rows = feeds.map((f) => [
    truncate(cell(f.publisher.name), 40), f.publisher.topic, f.publisher.lang, truncate(cell(status(f)), 24),
    String(f.consecutiveFailures), when(f.nextFetchAt, now), String(f.articleCount), truncate(cell(f.lastError ?? ''), 80),
  ])
  const all = [header, ...rows]
  const widths = header.map((_, i) => Math.max(...all.map((r) => displayWidth(r[i]!))))
  return all.map((r) => r.map((text, i) => pad(text, widths[i]!)).join('  ').trimEnd()).join('\n') + '\n'
}

async function list(values: Record<string, unknown>, ctx: CommandContext): Promise<number> {
  const config = configOrReport(ctx)
  if (!config) return EXIT_USAGE
  const directory = directoryOrReport(ctx)
  if (!directory) return EXIT_USAGE
  const store = openStore(config.databaseUrl)
  let feeds: FeedRecord[]
  let synced
  const now = new Date().toISOString()
  try {
    synced = await store.crawl.syncPublishers(directory.publishers, now)
    feeds = await store.crawl.listFeeds()
  } finally {
    await store.close()
  }
  const active = feeds.filter((f) => f.active)
  const shown = feeds.filter((f) => (values.all || f.active) && (!values.failing || isFailing(f)))
  if (values.json) ctx.stdout.write(`${JSON.stringify(shown.map(feedJson), null, 2)}\n`)
  else if (shown.length > 0) ctx.stdout.write(table(shown, now))
  const never = active.filter((f) => f.lastFetchedAt === null).length
  const failing = active.filter(isFailing).length
  const inactive = feeds.length - active.length
  ctx.stderr.write(`publishers: ${active.length} feeds from ${describeSource(directory)} (${never} never fetched, ${failing} failing)` +
    `${inactive > 0 && !values.all ? `; ${inactive} feeds no longer in the directory not shown (--all)` : ''}` +
    `; sync: ${synced.added} added, ${synced.updated} updated, ${synced.deactivated} deactivated\n`)
  return EXIT_OK
}

// --- import ---------------------------------------------------------------------------------------------------------

async function importFile(file: string, values: Record<string, unknown>, ctx: CommandContext): Promise<number> {
  const topic = values.topic as string | undefined
  const lang = values.lang as string | undefined
  if (topic !== undefined && !isTopic(topic)) return usageError(ctx, `--topic must be one of ${TOPICS.join(', ')} (got "${topic}")`)
  if (lang !== undefined && !isLanguage(lang)) return usageError(ctx, `--lang must be one of ${LANGUAGES.join(', ')} (got "${lang}")`)
  if (file !== '-' && !fs.existsSync(file)) {
    ctx.stderr.write(`publishers: no such file: ${file}\n`)
    return EXIT_USAGE
  }
  const output = values.output as string | undefined
  const opts = { defaultTopic: topic, defaultLang: lang, fillMissing: true }
  let result: DirectoryFile
  try {
    result = file === '-' ? parseDirectoryText(await readStdin(ctx.stdin), 'standard input', opts) : readDirectoryFile(file, opts)
  } catch (err) {
    if (!(err instanceof DirectoryError)) throw err
    ctx.stderr.write(`publishers: ${err.message}\n`)
    return EXIT_FAILURE
  }
  reportProblems(ctx, result.problems)
  const label = file === '-' ? 'standard input' : file
  const counts = `${result.entries.length} publishers from ${label} (${result.format.toUpperCase()}, ${result.total} entries, ${result.skipped} skipped)`
  if (result.entries.length === 0) {
    ctx.stderr.write(`publishers: no valid publishers in ${label}; nothing written\n`)
    return EXIT_FAILURE
  }
  const text = serializeDirectoryJson(result.entries)
  if (output === undefined || output === '-') {
    ctx.stdout.write(text)
    ctx.stderr.write(`publishers: ${counts}\n`)
  } else {
    writeFileAtomicSync(output, text)
    ctx.stderr.write(`publishers: ${counts} written to ${output}\n` +
      `publishers: use it with ${DIRECTORY_ENV}=${output} (replaces the bundled directory) or ${DIRECTORY_ENV}=+${output} (adds to it)\n`)
  }
  return result.skipped > 0 ? EXIT_FAILURE : EXIT_OK
}

// --- export ---------------------------------------------------------------------------------------------------------

function exportDirectory(file: string | undefined, values: Record<string, unknown>, ctx: CommandContext): number {
  const given = values.format as string | undefined
  if (given !== undefined && given !== 'json' && given !== 'opml') return usageError(ctx, `--format must be json or opml (got "${given}")`)
  const format = given ?? (file && /\.(opml|xml)$/i.test(file) ? 'opml' : 'json')
  const directory = directoryOrReport(ctx)
  if (!directory) return EXIT_USAGE
  const text = format === 'opml'
    ? serializeOpml(directory.entries, { title: `Newsdesk publishers (${describeSource(directory)})` })
    : serializeDirectoryJson(directory.entries)
  if (!file || file === '-') {
    ctx.stdout.write(text)
    ctx.stderr.write(`publishers: exported ${directory.entries.length} publishers from ${describeSource(directory)} as ${format.toUpperCase()}\n`)
  } else {
    writeFileAtomicSync(file, text)
    ctx.stderr.write(`publishers: exported ${directory.entries.length} publishers from ${describeSource(directory)} as ${format.toUpperCase()} to ${file}\n`)
  }
  return EXIT_OK
}

export const publishersCommand: Command = {
  usage: USAGE,
  options: {
    json: { type: 'boolean' },
    failing: { type: 'boolean' },
    all: { type: 'boolean' },
    topic: { type: 'string' },
    lang: { type: 'string' },
    output: { type: 'string', short: 'o' },
    format: { type: 'string' },
  },
  allowPositionals: true,
  async run({ values, positionals }, ctx) {
    const [sub, ...rest] = positionals
    if (!sub || !(SUBCOMMANDS as readonly string[]).includes(sub)) {
      return usageError(ctx, sub ? `unknown subcommand "${sub}"` : 'expected a subcommand: list, import or export')
    }
    const subcommand = sub as Subcommand
    for (const [option, owner] of Object.entries(OPTION_OWNER)) {
      if (values[option] !== undefined && owner !== subcommand) return usageError(ctx, `--${option} applies to \`publishers ${owner}\` only`)
    }
    try {
      if (subcommand === 'list') {
        if (rest.length > 0) return usageError(ctx, `unexpected argument "${rest[0]}"`)
        return await list(values, ctx)
      }
      if (subcommand === 'import') {
        if (rest.length !== 1) return usageError(ctx, 'import expects exactly one FILE (OPML or JSON; - for standard input)')
        return await importFile(rest[0]!, values, ctx)
      }
      if (rest.length > 1) return usageError(ctx, 'export expects at most one FILE')
      return exportDirectory(rest[0], values, ctx)
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      if (typeof code !== 'string') throw err
      // File system errors on the output (EACCES, ENOENT for a missing directory, ENOSPC, …).
      ctx.stderr.write(`publishers: ${(err as Error).message}\n`)
      return EXIT_FAILURE
    }
  },
}
