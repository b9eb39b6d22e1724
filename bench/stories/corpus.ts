/**
 * The labelled development corpus of test/fixtures/story-corpus/: outlets (outlets.txt) and hand-written articles
 * (articles-*.txt), each labelled with its event, the event's topic and, for a hard negative, the event it must stay
 * apart from. Format (plain text, so the articles read like articles):
 *
 *   ## <event> | topic=<slug> [| negative-of=<event>] | <description>
 *   ### <article id> | <outlet slug> | -<hours>h        (published that many hours before the crawl)
 *   <title>
 *   <paragraphs, separated by blank lines>
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { isTopic, type Topic } from '../../src/domain/topics.ts'

export const CORPUS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'test', 'fixtures', 'story-corpus')

export type Layout = 'rss-full' | 'rss-teaser' | 'atom-full' | 'json-full'

export interface Outlet {
  slug: string
  name: string
  lang: string
  topic: Topic
  layout: Layout
}

export interface CorpusArticle {
  id: string
  event: string
  topic: Topic
  /** The event this article's event must stay apart from (a hard negative), if any. */
  negativeOf: string | null
  outlet: string
  /** Hours before the crawl. */
  hoursAgo: number
  title: string
  paragraphs: string[]
}

export interface StoryCorpus {
  outlets: Outlet[]
  articles: CorpusArticle[]
}

const LAYOUTS: Layout[] = ['rss-full', 'rss-teaser', 'atom-full', 'json-full']

function parseOutlets(text: string): Outlet[] {
  return text.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#')).map((line) => {
    const [slug, name, lang, topic, layout] = line.split('|').map((s) => s.trim())
    if (!slug || !name || !lang || !isTopic(topic) || !LAYOUTS.includes(layout as Layout)) throw new Error(`outlets.txt: bad line ${line}`)
    return { slug, name, lang, topic, layout: layout as Layout }
  })
}

function parseArticles(file: string, text: string): CorpusArticle[] {
  const out: CorpusArticle[] = []
  let event: { id: string, topic: Topic, negativeOf: string | null } | null = null
  let current: { head: string[], lines: string[] } | null = null
  const flush = () => {
    if (!current || !event) return
    const [id, outlet, ago] = current.head
    const lines = current.lines.map((l) => l.trim())
    const title = lines.find((l) => l !== '') ?? ''
    const paragraphs = lines.slice(lines.indexOf(title) + 1).join('\n').trim().split(/\n\s*\n/).map((p) => p.replace(/\s*\n\s*/g, ' ').trim()).filter(Boolean)
    const hours = /^-(\d+(?:\.\d+)?)h$/.exec(ago ?? '')
    if (!id || !outlet || !hours || title === '' || paragraphs.length === 0) throw new Error(`${file}: bad article ${current.head.join(' | ')}`)
    out.push({ id, event: event.id, topic: event.topic, negativeOf: event.negativeOf, outlet, hoursAgo: Number(hours[1]), title, paragraphs })
    current = null
  }
  for (const line of text.split('\n')) {
    if (line.startsWith('### ')) {
      flush()
      current = { head: line.slice(4).split('|').map((s) => s.trim()), lines: [] }
    } else if (line.startsWith('## ')) {
      flush()
      const parts = line.slice(3).split('|').map((s) => s.trim())
      const topic = parts.find((p) => p.startsWith('topic='))?.slice(6)
      if (!parts[0] || !isTopic(topic)) throw new Error(`${file}: bad event line ${line}`)
      event = { id: parts[0], topic, negativeOf: parts.find((p) => p.startsWith('negative-of='))?.slice(12) ?? null }
    } else if (current) {
      current.lines.push(line)
    }
  }
  flush()
  return out
}

export function loadStoryCorpus(dir = CORPUS_DIR): StoryCorpus {
  const outlets = parseOutlets(fs.readFileSync(path.join(dir, 'outlets.txt'), 'utf8'))
  const articles = fs.readdirSync(dir).filter((f) => /^articles-.*\.txt$/.test(f)).sort()
    .flatMap((f) => parseArticles(f, fs.readFileSync(path.join(dir, f), 'utf8')))
  const slugs = new Set(outlets.map((o) => o.slug))
  const ids = new Set<string>()
  for (const a of articles) {
    if (!slugs.has(a.outlet)) throw new Error(`article ${a.id}: unknown outlet ${a.outlet}`)
    if (ids.has(a.id)) throw new Error(`article ${a.id}: duplicate id`)
    ids.add(a.id)
  }
  return { outlets, articles }
}
