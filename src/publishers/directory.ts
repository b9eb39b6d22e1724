/**
 * The publisher directory: which feeds the crawler polls.
 *
 * By default the bundled content/publishers.json. `NEWSDESK_PUBLISHERS` changes it:
 *   NEWSDESK_PUBLISHERS=PATH    the file replaces the bundled directory;
 *   NEWSDESK_PUBLISHERS=+PATH   the file extends it: its publishers are added after the bundled ones, and an entry
 *                               with the feed URL of a bundled one replaces that one in place (to change its topic,
 *                               language or name). To drop bundled publishers, export the directory, edit it and
 *                               use the replace form.
 * The file is a JSON array in the bundled file's shape (PublisherEntry) or an OPML 1.0/2.0 subscription list; the
 * format is told from the content, not the extension. Invalid entries are reported with their position and reason
 * and skipped; entries repeating an earlier feed URL (see feedKey) are reported and skipped, the first one kept.
 * A file that cannot be read or parsed at all is a DirectoryError.
 */
import fs from 'node:fs'
import path from 'node:path'
import type { z } from 'zod'
import { PACKAGE_ROOT } from '../config/paths.ts'
import { guardJsonDepth } from '../util/json-shape.ts'
import { LANGUAGES, type Language, isLanguage } from '../domain/languages.ts'
import { HttpUrl } from '../domain/story.ts'
import { TOPICS, type Topic } from '../domain/topics.ts'
import { MAX_DIRECTORY_BYTES, OpmlError, decodeText, outlineTopic, parseOpml, type OpmlFeedOutline } from './opml.ts'
import { PublisherEntry, toPublisher } from './publisher.ts'
import type { Publisher } from '../domain/crawl-records.ts'

export const BUNDLED_DIRECTORY_PATH = path.join(PACKAGE_ROOT, 'content', 'publishers.json')

/** The environment variable naming the operator's directory file. */
export const DIRECTORY_ENV = 'NEWSDESK_PUBLISHERS'

/** Topic and language of an OPML feed that names neither (through a category, a folder or a language attribute). */
export const DEFAULT_OPML_TOPIC: Topic = 'business'
export const DEFAULT_OPML_LANG: Language = 'en'

export class DirectoryError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DirectoryError'
  }
}

export type DirectorySetting =
  | { mode: 'bundled' }
  | { mode: 'replace' | 'extend'; path: string }

/** `PATH` replaces the bundled directory, `+PATH` extends it, unset or empty keeps it. */
export function parseDirectorySetting(value: string | undefined): DirectorySetting {
  const v = (value ?? '').trim()
  if (v === '') return { mode: 'bundled' }
  if (v.startsWith('+')) {
    const p = v.slice(1).trim()
    if (p === '') throw new DirectoryError(`${DIRECTORY_ENV}: "+" must be followed by a file path (+PATH extends the bundled directory)`)
    return { mode: 'extend', path: p }
  }
  return { mode: 'replace', path: v }
}

export interface ConvertOptions {
  /** Topic for OPML feeds without a recognisable category or folder (default `business`); with fillMissing, also JSON entries without one. */
  defaultTopic?: Topic
  /** Language for OPML feeds without a supported `language` (default `en`); with fillMissing, also JSON entries without one. */
  defaultLang?: Language
  /** Fill a JSON entry's missing topic/lang from the defaults above instead of reporting it (`publishers import --topic/--lang`). */
  fillMissing?: boolean
}

export interface DirectoryFile {
  format: 'json' | 'opml'
  /** Valid entries, deduplicated by feed URL, in file order. */
  entries: PublisherEntry[]
  /** One line per skipped or amended entry: position, name when known, reason. */
  problems: string[]
  /** Entries found in the file (valid or not). */
  total: number
  /** Entries skipped as invalid or duplicate. */
  skipped: number
}

/**
 * The key two feed URLs are "the same feed" under: host (lower case) + path + query, ignoring the scheme
 * (http/https), a trailing slash, a default port and the fragment.
 */
export function feedKey(feedUrl: string): string {
  try {
    const u = new URL(feedUrl)
    const path = u.pathname.replace(/\/+$/, '')
    return `${u.host}${path}${u.search}`
  } catch {
    return feedUrl.trim()
  }
}

const describe = (value: unknown): string => {
  const s = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value)
  return s.length > 80 ? `${s.slice(0, 77)}…` : s
}

/** A readable reason from the schema's issues: `topic "tech" is not one of business, data-ai, …`. */
function entryProblems(input: unknown, issues: readonly z.core.$ZodIssue[]): string {
  const obj = typeof input === 'object' && input !== null ? (input as Record<string, unknown>) : {}
  return issues.map((issue) => {
    const field = issue.path.map(String).join('.')
    if (issue.code === 'unrecognized_keys') return `unknown field${issue.keys.length > 1 ? 's' : ''} ${issue.keys.join(', ')} (allowed: name, site_url, feed_url, topic, lang)`
    if (field === '') return issue.message
    const value = obj[field]
    if (value === undefined) return `${field} is missing`
    if (field === 'name') {
      if (typeof value !== 'string') return `name must be a string, got ${describe(value)}`
      return value.trim() === '' ? 'name is empty' : 'name is longer than 300 characters'
    }
    if (field === 'topic') return `topic ${describe(value)} is not one of ${TOPICS.join(', ')}`
    if (field === 'lang') return `lang ${describe(value)} is not one of ${LANGUAGES.join(', ')}`
    if (field === 'feed_url' || field === 'site_url') return `${field} ${describe(value)} is not an absolute http(s) URL`
    return `${field}: ${issue.message}`
  }).join('; ')
}

function validateEntry(input: unknown): { ok: true; entry: PublisherEntry } | { ok: false; reason: string } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, reason: `expected an object with name, site_url, feed_url, topic and lang, got ${Array.isArray(input) ? 'an array' : describe(input)}` }
  }
  const candidate: Record<string, unknown> = { ...(input as Record<string, unknown>) }
  // Names are one line of text: whitespace runs (newlines, tabs) become a space, other control characters go.
  if (typeof candidate.name === 'string') candidate.name = candidate.name.replace(/\s+/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
  for (const key of ['feed_url', 'site_url'] as const) {
    if (typeof candidate[key] === 'string') candidate[key] = (candidate[key] as string).trim()
  }
  if (candidate.site_url === '') candidate.site_url = null
  const parsed = PublisherEntry.safeParse(candidate)
  if (!parsed.success) return { ok: false, reason: entryProblems(candidate, parsed.error.issues) }
  return { ok: true, entry: parsed.data }
}

/** Adds entries keeping the first of each feed key; returns the reason when `entry` repeats an earlier one. */
class EntryList {
  readonly entries: PublisherEntry[] = []
  private readonly firstAt = new Map<string, string>()

  add(entry: PublisherEntry, at: string): string | null {
    const key = feedKey(entry.feed_url)
    const first = this.firstAt.get(key)
    if (first !== undefined) return `duplicate feed_url ${entry.feed_url} (first listed at ${first}); skipped`
    this.firstAt.set(key, at)
    this.entries.push(entry)
    return null
  }
}

const named = (name: unknown) => (typeof name === 'string' && name.trim() ? ` "${name.trim().slice(0, 80)}"` : '')

function fromJson(text: string, label: string, opts: ConvertOptions): DirectoryFile {
  const depth = guardJsonDepth(text, 16)
  if (!depth.ok) throw new DirectoryError(`${label}: refused: ${depth.detail}`)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (err) {
    throw new DirectoryError(`${label}: invalid JSON: ${(err as Error).message.slice(0, 200)}`)
  }
  if (!Array.isArray(value)) {
    throw new DirectoryError(`${label}: expected a JSON array of publishers ({"name", "site_url", "feed_url", "topic", "lang"}), got ${typeof value === 'object' && value !== null ? 'an object' : describe(value)}`)
  }
  const list = new EntryList()
  const problems: string[] = []
  let skipped = 0
  value.forEach((raw, index) => {
    const at = `entry ${index + 1}${named((raw as { name?: unknown } | null)?.name)}`
    let input = raw
    if (opts.fillMissing && typeof raw === 'object' && raw !== null && !Array.isArray(raw)) {
      const r = raw as Record<string, unknown>
      input = { ...r, topic: r.topic ?? opts.defaultTopic, lang: r.lang ?? opts.defaultLang }
    }
    const result = validateEntry(input)
    if (!result.ok) {
      problems.push(`${label}: ${at}: ${result.reason}; skipped`)
      skipped++
      return
    }
    const dup = list.add(result.entry, `entry ${index + 1}`)
    if (dup) {
      problems.push(`${label}: ${at}: ${dup}`)
      skipped++
    }
  })
  return { format: 'json', entries: list.entries, problems, total: value.length, skipped }
}

/** The language of an OPML feed: the primary subtag of its `language` attribute ("pt-BR" → pt). */
function outlineLanguage(feed: OpmlFeedOutline, fallback: Language): { lang: Language } | { unsupported: string } {
  if (!feed.language) return { lang: fallback }
  const primary = feed.language.split(/[-_]/)[0]!.toLowerCase()
  return isLanguage(primary) ? { lang: primary } : { unsupported: feed.language }
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname || null
  } catch {
    return null
  }
}

function fromOpml(text: string, label: string, opts: ConvertOptions): DirectoryFile {
  let doc
  try {
    doc = parseOpml(text)
  } catch (err) {
    if (err instanceof OpmlError) throw new DirectoryError(`${label}: ${err.message}`)
    throw err
  }
  const list = new EntryList()
  const problems: string[] = doc.problems.map((p) => `${label}: outline ${p.position} (line ${p.line}): ${p.reason}; skipped`)
  let skipped = doc.problems.length
  const defaultTopic = opts.defaultTopic ?? DEFAULT_OPML_TOPIC
  const defaultLang = opts.defaultLang ?? DEFAULT_OPML_LANG
  for (const feed of doc.feeds) {
    const name = feed.text ?? feed.title ?? hostOf(feed.xmlUrl) ?? feed.xmlUrl
    const at = `outline ${feed.position} (line ${feed.line}${named(name).replace(/^ /, ', ')})`
    const lang = outlineLanguage(feed, defaultLang)
    if ('unsupported' in lang) {
      problems.push(`${label}: ${at}: language ${describe(lang.unsupported)} is not one of ${LANGUAGES.join(', ')}; skipped`)
      skipped++
      continue
    }
    let siteUrl: string | null = feed.htmlUrl
    if (siteUrl !== null && !HttpUrl.safeParse(siteUrl).success) {
      problems.push(`${label}: ${at}: htmlUrl ${describe(siteUrl)} is not an absolute http(s) URL; kept without a site_url`)
      siteUrl = null
    }
    const result = validateEntry({
      name: name.slice(0, 300), site_url: siteUrl, feed_url: feed.xmlUrl, topic: outlineTopic(feed) ?? defaultTopic, lang: lang.lang,
    })
    if (!result.ok) {
      problems.push(`${label}: ${at}: ${result.reason.replace(/^feed_url /, 'xmlUrl ')}; skipped`)
      skipped++
      continue
    }
    const dup = list.add(result.entry, `outline ${feed.position} (line ${feed.line})`)
    if (dup) {
      problems.push(`${label}: ${at}: ${dup.replace(/^duplicate feed_url/, 'duplicate xmlUrl')}`)
      skipped++
    }
  }
  if (doc.feeds.length === 0 && doc.problems.length === 0) {
    throw new DirectoryError(`${label}: no feeds: the OPML file has no <outline> with an xmlUrl`)
  }
  return { format: 'opml', entries: list.entries, problems, total: doc.feeds.length + doc.problems.length, skipped }
}

/** Converts a directory file's content (JSON array or OPML, told apart by the first character). `label` names it in messages. */
export function parseDirectoryText(input: string | Uint8Array, label: string, opts: ConvertOptions = {}): DirectoryFile {
  const size = typeof input === 'string' ? Buffer.byteLength(input) : input.byteLength
  if (size > MAX_DIRECTORY_BYTES) throw new DirectoryError(`${label}: file is ${size} bytes, the cap is ${MAX_DIRECTORY_BYTES}`)
  const text = decodeText(input)
  const start = text.search(/\S/)
  if (start < 0) throw new DirectoryError(`${label}: the file is empty`)
  const first = text[start]
  if (first === '[' || first === '{') return fromJson(text, label, opts)
  if (first === '<') return fromOpml(text, label, opts)
  throw new DirectoryError(`${label}: neither a JSON array nor an OPML document (starts with ${describe(text.slice(start, start + 20))})`)
}

/** Reads and converts a directory file. Throws DirectoryError when it is missing, unreadable, too large or unparseable. */
export function readDirectoryFile(file: string, opts: ConvertOptions = {}): DirectoryFile {
  let bytes: Buffer
  try {
    const stat = fs.statSync(file)
    if (stat.isDirectory()) throw new DirectoryError(`${file}: is a directory, expected a JSON or OPML file`)
    if (stat.size > MAX_DIRECTORY_BYTES) throw new DirectoryError(`${file}: file is ${stat.size} bytes, the cap is ${MAX_DIRECTORY_BYTES}`)
    bytes = fs.readFileSync(file)
  } catch (err) {
    if (err instanceof DirectoryError) throw err
    const code = (err as NodeJS.ErrnoException).code
    throw new DirectoryError(code === 'ENOENT' ? `${file}: no such file` : `${file}: cannot read: ${(err as Error).message}`)
  }
  return parseDirectoryText(bytes, file, opts)
}

export interface Directory {
  publishers: Publisher[]
  entries: PublisherEntry[]
  /** 'bundled', the operator's file path (replace), or `bundled+PATH` (extend). */
  source: 'bundled' | string
  mode: DirectorySetting['mode']
  /** Entries skipped or amended, one line each (the bundled file has none; its test makes sure). */
  problems: string[]
}

function loadBundled(): DirectoryFile {
  return readDirectoryFile(BUNDLED_DIRECTORY_PATH)
}

/**
 * The effective directory. `file` is the NEWSDESK_PUBLISHERS value: unset/empty for the bundled directory, `PATH` to
 * replace it, `+PATH` to extend it. Never throws for bad entries (they are skipped and listed in `problems`); throws
 * DirectoryError when the file itself is unusable, or when it holds entries but none of them is valid.
 */
export function loadDirectory(opts: { file?: string } & ConvertOptions = {}): Directory {
  const setting = parseDirectorySetting(opts.file)
  const finish = (entries: PublisherEntry[], source: string, problems: string[]): Directory =>
    ({ publishers: entries.map(toPublisher), entries, source, mode: setting.mode, problems })
  if (setting.mode === 'bundled') {
    const bundled = loadBundled()
    return finish(bundled.entries, 'bundled', bundled.problems)
  }
  const own = readDirectoryFile(setting.path, opts)
  if (own.total > 0 && own.entries.length === 0) {
    throw new DirectoryError(`${setting.path}: none of its ${own.total} entries is valid:\n${own.problems.slice(0, 5).map((p) => `  ${p}`).join('\n')}`)
  }
  if (setting.mode === 'replace') return finish(own.entries, setting.path, own.problems)

  const bundled = loadBundled()
  const merged = [...bundled.entries]
  const index = new Map(merged.map((e, i) => [feedKey(e.feed_url), i]))
  for (const entry of own.entries) {
    const at = index.get(feedKey(entry.feed_url))
    if (at === undefined) {
      index.set(feedKey(entry.feed_url), merged.length)
      merged.push(entry)
    } else {
      merged[at] = entry
    }
  }
  return finish(merged, `bundled+${setting.path}`, [...bundled.problems, ...own.problems])
}

/** The JSON directory text: one publisher per line, the bundled file's layout. */
export function serializeDirectoryJson(entries: readonly PublisherEntry[]): string {
  if (entries.length === 0) return '[]\n'
  const line = (e: PublisherEntry) => JSON.stringify({ name: e.name, site_url: e.site_url, feed_url: e.feed_url, topic: e.topic, lang: e.lang })
  return `[\n${entries.map((e) => `  ${line(e)}`).join(',\n')}\n]\n`
}
