/**
 * Synthetic unrelated articles for the scale test: English-like text drawn from Zipf-distributed vocabularies (a
 * 20,000-word lexicon whose head words recur in many articles, as "government" or "police" do: the most frequent is
 * in about 7 % of articles; and a 50,000-name directory, capitalized mid-sentence so they count as names: the most
 * frequent is in about 3 % of articles, like "Trump"). Deterministic for a given seed.
 */
import type { ClusterArticle } from '../fingerprint.ts'
import { mulberry32 } from './seeded-random.ts'

const SYLLABLES = ['ka', 'lo', 'mi', 'ra', 'te', 'su', 'no', 'vi', 'da', 'pe', 'lu', 'ko', 'ma', 'ri', 'sa', 'to', 'ne', 'bi', 'go', 'fa', 'zu', 'he', 'ji', 'wo']

function words(count: number, rand: () => number, minSyl: number): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  while (out.length < count) {
    const n = minSyl + Math.floor(rand() * 3)
    let w = ''
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(rand() * SYLLABLES.length)]!
    if (!seen.has(w)) {
      seen.add(w)
      out.push(w)
    }
  }
  return out
}

/**
 * A sampler of index i with probability ∝ 1/(i + 1 + offset): Zipf with its very head cut off (in real text the head
 * is stopwords, which the tokenizer drops).
 */
function zipf(n: number, rand: () => number, offset: number): () => number {
  const cdf = new Float64Array(n)
  let sum = 0
  for (let i = 0; i < n; i++) cdf[i] = sum += 1 / (i + 1 + offset)
  return () => {
    const x = rand() * sum
    let lo = 0
    let hi = n - 1
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if (cdf[mid]! < x) lo = mid + 1
      else hi = mid
    }
    return lo
  }
}

export interface SyntheticCorpus {
  /** The i-th article: publisher `pub-(i mod 500)`, published at start + i × stepMs. */
  article(i: number): ClusterArticle
}

export function syntheticCorpus(seed: number, start: number, stepMs: number): SyntheticCorpus {
  const rand = mulberry32(seed)
  const lexicon = words(20_000, rand, 2)
  const directory = words(50_000, rand, 3).map((w) => w[0]!.toUpperCase() + w.slice(1))
  const word = zipf(lexicon.length, rand, 100)
  const name = zipf(directory.length, rand, 20)
  const sentence = (length: number, names: number) => {
    const out: string[] = []
    for (let i = 0; i < length; i++) out.push(lexicon[word()]!)
    for (let k = 0; k < names; k++) out.splice(1 + Math.floor(rand() * (out.length - 1)), 0, directory[name()]!)
    return out.join(' ')
  }
  return {
    article(i: number): ClusterArticle {
      const title = sentence(7, 2)
      const lead = `${sentence(16, 2)}. ${sentence(14, 1)}.`
      return {
        title: title[0]!.toUpperCase() + title.slice(1), teaserText: lead[0]!.toUpperCase() + lead.slice(1), fullText: null,
        language: 'en', publishedAt: new Date(start + i * stepMs).toISOString(), publisherId: `pub-${i % 500}`,
      }
    },
  }
}
