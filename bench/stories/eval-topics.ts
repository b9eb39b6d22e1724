/**
 * Topic accuracy of the categorizer alone, on every labelled set, without a crawl: each event's articles go to
 * `categorizeStory` together (the story as it would be if clustering were perfect) and each article alone (a story
 * only one outlet covered). `npm run eval:stories` measures topics on the crawled stories instead, so its number also
 * moves with clustering.
 *
 *   npm run eval:topics [-- --verbose]
 *
 * Sets: the development corpus (test/fixtures/story-corpus/, tuned on), the held-out story set
 * (test/fixtures/topic-held-out/: 45 events, 91 articles, written before it was first scored and not tuned on), and the categorizer's older
 * labelled article sets (test/fixtures/labelled-articles/ main and held-out).
 */
import path from 'node:path'
import { categorizeStory, type StoryArticle } from '../../src/crawler/categorize/categorize.ts'
import { evaluate, loadLabelled } from '../../src/crawler/categorize/evaluate.ts'
import type { Topic } from '../../src/domain/topics.ts'
import { CORPUS_DIR, loadStoryCorpus } from './corpus.ts'

const HELD_OUT_DIR = path.resolve(CORPUS_DIR, '..', 'topic-held-out')
const verbose = process.argv.includes('--verbose')

interface Score { right: number, total: number, wrong: string[] }

function scoreCorpus(dir: string): { stories: Score, articles: Score } {
  const corpus = loadStoryCorpus(dir)
  const outlets = new Map(corpus.outlets.map((o) => [o.slug, o]))
  const events = new Map<string, { topic: Topic, articles: (StoryArticle & { id: string })[] }>()
  for (const a of corpus.articles) {
    const outlet = outlets.get(a.outlet)!
    const e = events.get(a.event) ?? { topic: a.topic, articles: [] }
    e.articles.push({ id: a.id, title: a.title, text: a.paragraphs.join('\n\n'), lang: outlet.lang, publisherTopic: outlet.topic })
    events.set(a.event, e)
  }
  const stories: Score = { right: 0, total: 0, wrong: [] }
  const articles: Score = { right: 0, total: 0, wrong: [] }
  for (const [id, e] of events) {
    const topic = categorizeStory(e.articles).topic
    stories.total++
    if (topic === e.topic) stories.right++
    else stories.wrong.push(`${id}: ${topic} (want ${e.topic}) "${e.articles[0]!.title}"`)
    for (const a of e.articles) {
      const alone = categorizeStory([a]).topic
      articles.total++
      if (alone === e.topic) articles.right++
      else articles.wrong.push(`${a.id}: ${alone} (want ${e.topic}) "${a.title}"`)
    }
  }
  return { stories, articles }
}

const f = (s: Score) => `${(s.right / s.total).toFixed(3)} (${s.right}/${s.total})`
const rows: [string, Score][] = []
for (const [name, dir] of [['development corpus', CORPUS_DIR], ['held-out story set', HELD_OUT_DIR]] as const) {
  const { stories, articles } = scoreCorpus(dir)
  rows.push([`${name}, per story`, stories], [`${name}, per article alone`, articles])
}
for (const name of ['main', 'held-out'] as const) {
  const e = evaluate(loadLabelled(name))
  rows.push([`labelled articles ${name}`, { right: e.correct, total: e.total, wrong: e.errors.map((x) => `${x.id}: ${x.predicted} (want ${x.truth}) "${x.title}"`) }])
}
for (const [name, s] of rows) {
  console.log(`${name.padEnd(44)} ${f(s)}`)
  if (verbose) for (const w of s.wrong) console.log(`    ${w}`)
}
