/**
 * OPML 1.0/2.0 subscription lists: the format every feed reader imports and exports.
 *
 * Parsing runs the same linear pre-parse guard as feeds (util/xml-guard.ts: no DOCTYPE internal subset, no
 * entity or other markup declarations, bounded depth, size and counts) before fast-xml-parser sees the text, so a
 * hostile file is refused in milliseconds. The limits are looser than a feed's in the ways a subscription list needs
 * (many elements, several attributes each) and tighter in size.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { decodeBytes } from '../util/decode-bytes.ts'
import { guardXml } from '../util/xml-guard.ts'
import { TOPIC_NAMES, type Topic } from '../domain/topics.ts'
import type { PublisherEntry } from './publisher.ts'

/** Largest OPML (and directory) file read, in bytes. The bundled 537-publisher directory is ~82 KiB. */
export const MAX_DIRECTORY_BYTES = 8 * 1024 * 1024

const OPML_LIMITS = {
  maxChars: MAX_DIRECTORY_BYTES,
  maxDepth: 32,
  maxElements: 100_000,
  maxAttributesPerElement: 64,
  maxAttributes: 800_000,
  maxTagChars: 64 * 1024,
  maxTextRun: 64 * 1024,
  maxEntityRefs: 200_000,
}

export class OpmlError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'OpmlError'
  }
}

/** One `<outline>` that names a feed (it has an xmlUrl), with the folders it sits in. */
export interface OpmlFeedOutline {
  /** 1-based position among all outlines of the document, in document order. */
  position: number
  /** 1-based line of its start tag. */
  line: number
  text: string | null
  title: string | null
  type: string | null
  xmlUrl: string
  htmlUrl: string | null
  language: string | null
  /** The raw `category` attribute (comma-separated, slash-delimited category paths). */
  category: string | null
  /** Texts of the enclosing outlines, outermost first. */
  folders: string[]
}

/** An outline that looks meant as a feed but cannot be one (type="rss" without xmlUrl). */
export interface OpmlOutlineProblem {
  position: number
  line: number
  reason: string
}

export interface OpmlDocument {
  title: string | null
  /** Every outline in the document, folders included. */
  outlines: number
  feeds: OpmlFeedOutline[]
  problems: OpmlOutlineProblem[]
}

type Node = Record<string, unknown>

const META = XMLParser.getMetaDataSymbol() as unknown as symbol

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // Numeric character references (&#38; &#x41;) are decoded only with htmlEntities; named HTML entities are harmless.
  htmlEntities: true,
  parseAttributeValue: false,
  parseTagValue: false,
  allowBooleanAttributes: true,
  isArray: (name) => name === 'outline',
  captureMetaData: true,
})

function attr(node: Node, name: string): string | null {
  // Attribute names are case-sensitive in XML, but OPML writers in the wild vary (xmlurl, XMLURL).
  let value = node[name]
  if (value === undefined) {
    const lower = name.toLowerCase()
    for (const key of Object.keys(node)) {
      if (key.toLowerCase() === lower && typeof node[key] !== 'object') {
        value = node[key]
        break
      }
    }
  }
  // A valueless attribute (`<outline xmlUrl>`) parses as `true`: no value.
  if (typeof value !== 'string' && typeof value !== 'number') return null
  const text = String(value).replace(/\s+/g, ' ').trim()
  return text === '' ? null : text
}

function lineStarts(text: string): number[] {
  const starts = [0]
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1)
  return starts
}

function lineOf(starts: number[], index: number): number {
  let lo = 0
  let hi = starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (starts[mid]! <= index) lo = mid
    else hi = mid - 1
  }
  return lo + 1
}

/** Bytes → text the way feeds are decoded (BOM, then the XML declaration's encoding, else UTF-8), without a BOM. */
export function decodeText(input: string | Uint8Array): string {
  const text = typeof input === 'string' ? input : decodeBytes(input, null).text
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}

/** Parses an OPML document. Throws OpmlError for anything that is not a well-formed, harmless OPML file. */
export function parseOpml(input: string | Uint8Array): OpmlDocument {
  const size = typeof input === 'string' ? Buffer.byteLength(input) : input.byteLength
  if (size > MAX_DIRECTORY_BYTES) throw new OpmlError(`file is ${size} bytes, the cap is ${MAX_DIRECTORY_BYTES}`)
  const text = decodeText(input)
  const guard = guardXml(text, OPML_LIMITS)
  if (!guard.ok) {
    const why = guard.reason === 'xml-entities' ? 'entity or DTD declarations are not allowed' : guard.reason === 'too-deep' ? 'nested too deeply' : 'too large'
    throw new OpmlError(`refused: ${why} (${guard.detail})`)
  }
  const valid = XMLValidator.validate(text, { allowBooleanAttributes: true })
  if (valid !== true) throw new OpmlError(`not well-formed XML: ${valid.err.msg} (line ${valid.err.line}, column ${valid.err.col})`)

  let root: Node
  try {
    root = parser.parse(text) as Node
  } catch (err) {
    throw new OpmlError(`not well-formed XML: ${(err as Error).message.slice(0, 200)}`)
  }
  if (!Object.hasOwn(root, 'opml')) {
    const found = Object.keys(root).find((k) => !k.startsWith('?') && !k.startsWith('#'))
    throw new OpmlError(`not an OPML document: the root element is ${found ? `<${found}>` : 'missing'}, expected <opml>`)
  }
  const opml: Node = typeof root.opml === 'object' && root.opml !== null ? (root.opml as Node) : {}
  const head = opml.head as Node | undefined
  // An empty <body/> parses as '' (no outlines); a missing one as undefined.
  const body = opml.body
  if (body === undefined) throw new OpmlError('not an OPML document: <opml> has no <body>')

  const starts = lineStarts(text)
  const doc: OpmlDocument = {
    title: head && typeof head === 'object' && typeof head.title === 'string' ? head.title.trim() || null : null,
    outlines: 0,
    feeds: [],
    problems: [],
  }
  // Iterative walk in document order (fast-xml-parser keeps sibling outlines in order within their array).
  const stack: Array<{ node: Node; folders: string[] }> = []
  const pushChildren = (parent: unknown, folders: string[]) => {
    if (typeof parent !== 'object' || parent === null) return
    const children = (parent as Node).outline
    if (!Array.isArray(children)) return
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i]
      stack.push({ node: typeof child === 'object' && child !== null ? (child as Node) : {}, folders })
    }
  }
  pushChildren(body, [])
  while (stack.length > 0) {
    const { node, folders } = stack.pop()!
    const position = ++doc.outlines
    const meta = (node as Record<symbol, { startIndex?: number } | undefined>)[META]
    const line = meta?.startIndex === undefined ? 0 : lineOf(starts, meta.startIndex)
    const xmlUrl = attr(node, 'xmlUrl')
    const type = attr(node, 'type')
    const label = attr(node, 'text') ?? attr(node, 'title')
    if (xmlUrl) {
      doc.feeds.push({
        position, line, text: attr(node, 'text'), title: attr(node, 'title'), type, xmlUrl,
        htmlUrl: attr(node, 'htmlUrl'), language: attr(node, 'language'), category: attr(node, 'category'), folders,
      })
    } else if (type && /^(rss|atom)$/i.test(type)) {
      doc.problems.push({ position, line, reason: `${label ? `"${label}": ` : ''}type="${type}" without an xmlUrl` })
    }
    pushChildren(node, label ? [...folders, label] : folders)
  }
  return doc
}

/** Lower case, no accents, punctuation as single spaces: "Data & AI", "data-ai" and "DATA/AI" all read "data ai". */
function categoryKey(s: string): string {
  return s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim()
}

const TOPIC_BY_KEY: Map<string, Topic> = (() => {
  const map = new Map<string, Topic>()
  for (const [topic, names] of Object.entries(TOPIC_NAMES) as Array<[Topic, Record<string, string>]>) {
    map.set(categoryKey(topic), topic)
    for (const name of Object.values(names)) if (!map.has(categoryKey(name))) map.set(categoryKey(name), topic)
  }
  return map
})()

/** The topic a category or folder name stands for: a topic slug or a topic's name in any of the nine languages. */
export function topicForCategory(category: string): Topic | undefined {
  return TOPIC_BY_KEY.get(categoryKey(category))
}

/**
 * The topic of a feed outline: its `category` attribute first (every path segment, most specific first), then its
 * folders (innermost first), else undefined.
 */
export function outlineTopic(feed: Pick<OpmlFeedOutline, 'category' | 'folders'>): Topic | undefined {
  for (const path of (feed.category ?? '').split(',')) {
    const segments = path.split('/').map((s) => s.trim()).filter(Boolean)
    for (let i = segments.length - 1; i >= 0; i--) {
      const topic = topicForCategory(segments[i]!)
      if (topic) return topic
    }
    const whole = topicForCategory(path)
    if (whole) return whole
  }
  for (let i = feed.folders.length - 1; i >= 0; i--) {
    const topic = topicForCategory(feed.folders[i]!)
    if (topic) return topic
  }
  return undefined
}

/** Characters XML 1.0 cannot carry at all (C0 controls but tab/LF/CR, lone surrogates, U+FFFE/U+FFFF): dropped. */
const XML_INVALID = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g

/** Escapes an attribute value for a double-quoted attribute; whitespace controls become references so they survive. */
export function escapeAttribute(value: string): string {
  return value.replace(XML_INVALID, '').replace(/[&<>"\t\n\r]/g, (c) => {
    switch (c) {
      case '&': return '&amp;'
      case '<': return '&lt;'
      case '>': return '&gt;'
      case '"': return '&quot;'
      case '\t': return '&#9;'
      case '\n': return '&#10;'
      default: return '&#13;'
    }
  })
}

export interface SerializeOpmlOptions {
  title?: string
  /** The document's dateCreated; defaults to now. */
  date?: Date
}

/**
 * OPML 2.0 for a publisher list. Feeds are grouped in one folder per topic (folder text: the topic's English name,
 * which maps back to the topic on import), topics in order of first appearance and publishers in list order within
 * each; every feed outline also carries `category="/slug"` and `language`, so readers that ignore folders keep both.
 */
export function serializeOpml(entries: readonly PublisherEntry[], options: SerializeOpmlOptions = {}): string {
  const groups = new Map<Topic, PublisherEntry[]>()
  for (const entry of entries) {
    const group = groups.get(entry.topic)
    if (group) group.push(entry)
    else groups.set(entry.topic, [entry])
  }
  const a = (name: string, value: string | null) => (value === null ? '' : ` ${name}="${escapeAttribute(value)}"`)
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<opml version="2.0">',
    '  <head>',
    `    <title>${escapeAttribute(options.title ?? 'Newsdesk publishers')}</title>`,
    `    <dateCreated>${(options.date ?? new Date()).toUTCString()}</dateCreated>`,
    '    <docs>http://opml.org/spec2.opml</docs>',
    '  </head>',
    '  <body>',
  ]
  for (const [topic, group] of groups) {
    lines.push(`    <outline${a('text', TOPIC_NAMES[topic].en)}${a('title', TOPIC_NAMES[topic].en)}>`)
    for (const e of group) {
      lines.push(`      <outline type="rss"${a('text', e.name)}${a('title', e.name)}${a('xmlUrl', e.feed_url)}${a('htmlUrl', e.site_url)}${a('category', `/${e.topic}`)}${a('language', e.lang)}/>`)
    }
    lines.push('    </outline>')
  }
  lines.push('  </body>', '</opml>', '')
  return lines.join('\n')
}
