import type { StorySnapshot } from '../src/domain/story.ts'
import { TOPICS } from '../src/domain/topics.ts'
import { japaneseHeadline, koreanHeadline, productiveWord } from './synthetic-vocabulary.ts'

/**
 * Deterministic synthetic stories: headlines drawn from a Zipf-like vocabulary, plus planted words whose
 * frequencies are known, so search can be measured for rare, medium and common terms, plus one word from a
 * productive root per headline and Japanese and Korean translations on 4 % of stories (bench/synthetic-vocabulary.ts),
 * so prefix and CJK searches meet a real archive's vocabulary. Ids come from the seed too, so two stores built from
 * the same seed hold the same stories and must answer with the same bytes.
 */
export const GENERATOR_VERSION = 3
/** Every CJK_EVERY-th story (4 %) has Japanese and Korean headline translations. */
const CJK_EVERY = 25
const COMMON = ['market', 'growth', 'company', 'deal', 'report', 'plan', 'team', 'launch', 'revenue', 'users']
export const PLANTED = { rare: 'quetzalcoatl', medium: 'halvorsen', common: 'inflation' } as const

/** A seeded linear congruential generator: the synthetic corpora are the same on every run. */
export function rng(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

/** A version-4-shaped UUID drawn from `rand`. */
function uuid(rand: () => number): string {
  const hex = Array.from({ length: 32 }, () => Math.floor(rand() * 16).toString(16))
  hex[12] = '4'
  hex[16] = '89ab'[Math.floor(rand() * 4)]!
  const h = hex.join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

function word(i: number): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz'
  let w = ''
  let n = i + 26 * 26
  while (n > 0) {
    w += letters[n % 26]
    n = Math.floor(n / 26)
  }
  return w
}

export function* syntheticStories(count: number, seed = 42): Generator<StorySnapshot> {
  const rand = rng(seed)
  const ids = rng(seed ^ 0x5bd1e995) // a stream of its own: the headlines stay what they were with random ids
  // Another stream of its own: the eight base words, and so the frequencies the queries rely on, stay what they were.
  const tail = rng(seed ^ 0x2545f491)
  const sources = Array.from({ length: 500 }, (_, i) => ({ id: uuid(ids), name: `Publisher ${i}`, site_url: `https://p${i}.example` }))
  const start = Date.UTC(2024, 0, 1)
  const span = Date.UTC(2026, 10, 20) - start
  for (let i = 0; i < count; i++) {
    const words: string[] = []
    for (let k = 0; k < 8; k++) {
      const r = rand()
      words.push(r < 0.3 ? COMMON[Math.floor(rand() * COMMON.length)]! : word(Math.floor(60000 * rand() ** 3)))
    }
    if (i % 5000 === 17) words.push(PLANTED.rare)
    if (i % 100 === 3) words.push(PLANTED.medium)
    if (i % 8 === 1) words.push(PLANTED.common)
    words.push(productiveWord(tail))
    const headline = words.join(' ')
    yield {
      id: uuid(ids),
      original_url: `https://p${i % 500}.example/story/${i}`,
      original_title: headline,
      author: null,
      published_at: new Date(start + Math.floor((span * i) / count)).toISOString().replace('.000Z', 'Z'),
      cover_image_url: null,
      category: TOPICS[i % TOPICS.length]!,
      source: sources[i % sources.length]!,
      headline: headline[0]!.toUpperCase() + headline.slice(1),
      summary: `${headline}. A two-sentence synthetic summary that is about as long as a real one, for realistic payload sizes.`,
      cards: [{ heading: 'What happened', body: headline }],
      covered_by: [],
      multi_source: false,
      translations: {
        ...(i % 10 === 0 ? { es: { headline: `ES ${headline}` } } : {}),
        ...(i % CJK_EVERY === 7 ? { ja: { headline: japaneseHeadline(tail) }, ko: { headline: koreanHeadline(tail) } } : {}),
      },
      text_lang: 'en',
    }
  }
}
