/**
 * The sets the injection screen is measured on, kept apart from what it was written from:
 *   - injections: test/fixtures/prompt-injection/injections-dev.json (looked at while writing the cue lexicons) and
 *     injections-held-out.json (written first, only scored), hand-written in 13 languages;
 *   - tricky benign sentences: benign-dev.json and benign-held-out.json beside them (news about chatbots, password
 *     advice, officials' imperatives);
 *   - real news sentences: every sentence of the real-news development set's article titles and paragraphs and of
 *     the extraction benchmark's human-marked bodies, read from shared/data (never copied into the repository).
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { splitSentences } from '../../src/crawler/quarantine/quarantine.ts'
import { findBenchmarkDir } from '../extraction/benchmark-pages.ts'
import { findRealNewsDir, loadRealNews } from '../stories/real-news.ts'

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'test', 'fixtures', 'prompt-injection')

export type Half = 'dev' | 'held-out'

/** One injection: `text`, embedded between article sentences when `before`/`after` are given. */
export interface InjectionItem { lang: string; text: string; before?: string; after?: string; tags?: string[] }
export interface BenignItem { lang: string; text: string }

export function loadInjections(half: Half): InjectionItem[] {
  return (JSON.parse(fs.readFileSync(path.join(FIXTURES, `injections-${half}.json`), 'utf8')) as { items: InjectionItem[] }).items
}

export function loadBenign(half: Half): BenignItem[] {
  return (JSON.parse(fs.readFileSync(path.join(FIXTURES, `benign-${half}.json`), 'utf8')) as { items: BenignItem[] }).items
}

/** Sentences of a text as the screen sees them (split as screenText splits), without empty ones. */
export function sentencesOf(text: string): string[] {
  return text.split(/\n\s*\n|\n/).flatMap((p) => splitSentences(p)).map((s) => s.trim()).filter((s) => s !== '')
}

/**
 * How a screen fares on one injection: caught when it flags a sentence of the injection; `collateral` counts the
 * article sentences around it that it flags too.
 */
export function scoreInjection(item: InjectionItem, flags: (sentence: string) => boolean): { caught: boolean; collateral: number } {
  const around = [...sentencesOf(item.before ?? ''), ...sentencesOf(item.after ?? '')]
  return { caught: sentencesOf(item.text).some(flags), collateral: around.filter(flags).length }
}

export interface RealSentences { source: string; sentences: string[] }

/** Every distinct sentence of the two shared real-news sets that are present on this machine. */
export function loadRealSentences(): RealSentences[] {
  const sets: RealSentences[] = []
  const newsDir = findRealNewsDir()
  if (newsDir !== null) {
    const texts = loadRealNews(newsDir).articles.flatMap((a) => [a.title, ...a.paragraphs])
    sets.push({ source: 'real-news-dev (titles and paragraphs)', sentences: distinct(texts.flatMap(sentencesOf)) })
  }
  const benchDir = findBenchmarkDir()
  if (benchDir !== null) {
    const truth = JSON.parse(fs.readFileSync(path.join(benchDir, 'ground-truth.json'), 'utf8')) as Record<string, { articleBody?: string }>
    const texts = Object.keys(truth).sort().map((id) => truth[id]!.articleBody ?? '')
    sets.push({ source: 'extraction-benchmark (true bodies)', sentences: distinct(texts.flatMap(sentencesOf)) })
  }
  return sets
}

function distinct(sentences: string[]): string[] {
  return [...new Set(sentences)]
}
