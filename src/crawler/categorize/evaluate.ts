/**
 * Accuracy of the categorizer on a labelled set (test/fixtures/labelled-articles/), against the "publisher topic only"
 * baseline. Run it directly to print the report:
 *
 *   node --import tsx src/crawler/categorize/evaluate.ts [main|held-out]
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { isTopic, TOPICS, type Topic } from '../../domain/topics.ts'
import { categorize, textEvidence } from './categorize.ts'

export interface LabelledArticle {
  id: string
  lang: string
  publisher: string
  publisherTopic: Topic | null
  /** The true topic. */
  topic: Topic
  title: string
  text: string
}

export interface Evaluation {
  total: number
  correct: number
  accuracy: number
  /** Accuracy when the publisher's main topic is taken as the answer (no publisher topic counts as wrong). */
  baseline: number
  /** Accuracy on the articles whose publisher topic differs from the true one (or is unknown). */
  offPublisher: { total: number, accuracy: number }
  /** confusion[truth][predicted] */
  confusion: Record<Topic, Record<Topic, number>>
  errors: { id: string, truth: Topic, predicted: Topic, publisherTopic: Topic | null, title: string }[]
}

export const FIXTURE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'test', 'fixtures', 'labelled-articles')

export function loadLabelled(name: 'main' | 'held-out'): LabelledArticle[] {
  const list = JSON.parse(fs.readFileSync(path.join(FIXTURE_DIR, `${name}.json`), 'utf8')) as LabelledArticle[]
  for (const a of list) {
    if (!isTopic(a.topic) || (a.publisherTopic !== null && !isTopic(a.publisherTopic))) throw new Error(`${name}: bad topic in ${a.id}`)
  }
  return list
}

export function evaluate(articles: readonly LabelledArticle[]): Evaluation {
  const confusion = Object.fromEntries(TOPICS.map((t) => [t, Object.fromEntries(TOPICS.map((u) => [u, 0]))])) as Evaluation['confusion']
  const errors: Evaluation['errors'] = []
  let correct = 0
  let baseline = 0
  let off = 0
  let offCorrect = 0
  for (const a of articles) {
    const { topic } = categorize({ title: a.title, text: a.text, publisherTopic: a.publisherTopic, lang: a.lang })
    confusion[a.topic][topic]++
    if (topic === a.topic) correct++
    else errors.push({ id: a.id, truth: a.topic, predicted: topic, publisherTopic: a.publisherTopic, title: a.title })
    if (a.publisherTopic === a.topic) baseline++
    else {
      off++
      if (topic === a.topic) offCorrect++
    }
  }
  const n = articles.length
  return {
    total: n,
    correct,
    accuracy: n === 0 ? 0 : correct / n,
    baseline: n === 0 ? 0 : baseline / n,
    offPublisher: { total: off, accuracy: off === 0 ? 0 : offCorrect / off },
    confusion,
    errors,
  }
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`

export function report(name: string, e: Evaluation): string {
  const lines = [
    `${name}: ${e.correct}/${e.total} = ${pct(e.accuracy)} (publisher topic only: ${pct(e.baseline)}; ` +
      `articles off their publisher's topic: ${pct(e.offPublisher.accuracy)} of ${e.offPublisher.total})`,
  ]
  for (const err of e.errors) {
    lines.push(`  ${err.id} ${err.truth} → ${err.predicted} (publisher ${err.publisherTopic ?? 'none'}): ${err.title}`)
  }
  return lines.join('\n')
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const which = (process.argv[2] ?? 'main') as 'main' | 'held-out'
  const articles = loadLabelled(which)
  const e = evaluate(articles)
  console.log(report(which, e))
  if (process.argv.includes('--explain')) {
    for (const err of e.errors) {
      const a = articles.find((x) => x.id === err.id)!
      const ev = textEvidence(a.title, a.text, a.lang)
      console.log(`\n${a.id} truth=${a.topic}`, TOPICS.filter((t) => ev.byTopic[t] > 0).map((t) => `${t}:${ev.byTopic[t].toFixed(1)}`).join(' '))
      console.log('   ', ev.terms.slice(0, 12).map((t) => `${t.term.topic}/${t.term.source}×${t.count}`).join(', '))
    }
  }
}
