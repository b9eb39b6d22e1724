import { isInstructionLike } from '../../src/crawler/quarantine/quarantine.ts'
import { benchArgs } from '../bench-args.ts'
import { isInstructionLikeBefore } from './pattern-screen-before.ts'
import { loadBenign, loadInjections, loadRealSentences, scoreInjection, type Half, type InjectionItem } from './sets.ts'

/**
 * npm run eval:injection [-- --show dev|held-out|benign-dev|benign-held-out|real --rounds 7 --tuning]
 * Scores the prompt-injection screen (src/crawler/quarantine/) on sets it was not written from (bench/injection/
 * sets.ts): recall per language on the development and held-out injections, false positives on every sentence of
 * the shared real-news sets and on the tricky benign sentences, and CPU per sentence against the pattern-list screen
 * it replaced (6a93c0b, frozen in pattern-screen-before.ts), both timed in this process on the real sentences.
 * `--show` lists the misses of an injection set or the sentences flagged in a benign one; `--tuning` leaves the
 * held-out sets out of the output, for use while writing cues.
 */
const { values } = benchArgs({ options: {
  show: { type: 'string', default: '' },
  rounds: { type: 'string', default: '7' },
  // While writing cues: leave the held-out sets out of the output, so they are not tuned on by accident.
  tuning: { type: 'boolean', default: false },
} })

const LANGS = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ja', 'ko', 'ar', 'ru', 'zh', 'nl', 'tr']
const screens = { now: isInstructionLike, before: isInstructionLikeBefore }
const pct = (n: number, d: number) => (d === 0 ? '—' : `${((100 * n) / d).toFixed(n === d || n === 0 ? 0 : 1)}%`)

function recallRow(label: string, items: InjectionItem[], flags: (s: string) => boolean): string {
  const caught = items.map((item) => scoreInjection(item, flags).caught)
  const cells = LANGS.map((l) => {
    const mine = items.map((item, i) => ({ item, ok: caught[i] })).filter((x) => x.item.lang === l)
    return `${mine.filter((x) => x.ok).length}/${mine.length}`.padStart(6)
  })
  const total = caught.filter(Boolean).length
  return `${label.padEnd(26)}${cells.join('')}   ${`${total}/${items.length}`.padStart(8)} ${pct(total, items.length).padStart(6)}`
}

const injections: Record<Half, InjectionItem[]> = { dev: loadInjections('dev'), 'held-out': loadInjections('held-out') }
console.log('Prompt-injection screen: recall per language (caught / injections)')
console.log(`${''.padEnd(26)}${LANGS.map((l) => l.padStart(6)).join('')}   ${'all'.padStart(8)}`)
const halves = values.tuning ? (['dev'] as const) : (['dev', 'held-out'] as const)
for (const half of halves) {
  console.log(recallRow(`${half} (${injections[half].length})`, injections[half], screens.now))
  console.log(recallRow(`  before (6a93c0b)`, injections[half], screens.before))
}
if (!values.tuning) {
const collateral = injections['held-out'].reduce((n, item) => n + scoreInjection(item, screens.now).collateral, 0)
const embedded = injections['held-out'].filter((i) => i.before || i.after).length
console.log(`held-out injections embedded mid-article: ${embedded}; article sentences around them flagged: ${collateral}`)
const byTag = new Map<string, InjectionItem[]>()
for (const item of injections['held-out']) for (const tag of item.tags ?? ['plain']) byTag.set(tag, [...(byTag.get(tag) ?? []), item])
console.log(`held-out by evasion: ${[...byTag].map(([tag, items]) => `${tag} ${items.filter((i) => scoreInjection(i, screens.now).caught).length}/${items.length}`).join(', ')}`)
}

console.log('\nFalse positives (sentences flagged)')
const real = loadRealSentences()
if (real.length === 0) console.log('  real news: shared/data not found (NEWSDESK_REAL_NEWS, NEWSDESK_EXTRACTION_BENCHMARK)')
const allReal = real.flatMap((r) => r.sentences)
for (const r of [...real, ...(real.length > 1 ? [{ source: 'real news, all', sentences: allReal }] : [])]) {
  const now = r.sentences.filter(screens.now).length
  const before = r.sentences.filter(screens.before).length
  console.log(`  ${r.source.padEnd(40)} ${`${now}/${r.sentences.length}`.padStart(10)} ${pct(now, r.sentences.length).padStart(6)}   before: ${before} (${pct(before, r.sentences.length)})`)
}
for (const half of halves) {
  const items = loadBenign(half)
  const now = items.filter((i) => screens.now(i.text)).length
  const before = items.filter((i) => screens.before(i.text)).length
  console.log(`  ${`tricky benign, ${half}`.padEnd(40)} ${`${now}/${items.length}`.padStart(10)} ${pct(now, items.length).padStart(6)}   before: ${before} (${pct(before, items.length)})`)
}

// CPU per sentence. The two screens alternate every CHUNK sentences, about one article's worth, as the crawler
// screens an article between other work (the order flips each time), so both meet the same load on a shared
// machine; each round's ratio is taken on what both met in the same moments; the first round warms the JIT.
const CHUNK = 40
const rounds = Math.max(2, Number(values.rounds))
const perRound: Array<{ now: number; before: number }> = []
for (let round = 0; round < rounds; round++) {
  const spent = { now: 0, before: 0 }
  for (let at = 0, flip = round % 2 === 0; at < allReal.length; at += CHUNK, flip = !flip) {
    const chunk = allReal.slice(at, at + CHUNK)
    for (const name of (flip ? ['before', 'now'] : ['now', 'before']) as Array<keyof typeof screens>) {
      const start = process.cpuUsage()
      for (const s of chunk) screens[name](s)
      const used = process.cpuUsage(start)
      spent[name] += used.user + used.system
    }
  }
  if (round > 0) perRound.push({ now: spent.now / allReal.length, before: spent.before / allReal.length })
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
if (allReal.length > 0) {
  const [now, before] = [median(perRound.map((r) => r.now)), median(perRound.map((r) => r.before))]
  const ratio = median(perRound.map((r) => r.now / r.before))
  const spread = perRound.map((r) => r.now / r.before).sort((a, b) => a - b)
  console.log(`\nCPU per sentence (${allReal.length} real sentences, isInstructionLike with its normalization, median of ${rounds - 1} rounds): before ${before.toFixed(2)} µs, now ${now.toFixed(2)} µs; now ÷ before ${ratio.toFixed(2)}× (rounds ${spread[0]!.toFixed(2)}–${spread[spread.length - 1]!.toFixed(2)}×)`)
}

const show = String(values.show)
if (show === 'dev' || show === 'held-out') {
  console.log(`\nMissed (${show}):`)
  for (const item of injections[show]) if (!scoreInjection(item, screens.now).caught) console.log(`  [${item.lang}] ${item.text}`)
} else if (show === 'benign-dev' || show === 'benign-held-out') {
  console.log(`\nFlagged (${show}):`)
  for (const item of loadBenign(show === 'benign-dev' ? 'dev' : 'held-out')) if (screens.now(item.text)) console.log(`  [${item.lang}] ${item.text}`)
} else if (show === 'real') {
  console.log('\nFlagged real sentences:')
  for (const s of allReal) if (screens.now(s)) console.log(`  ${s}`)
}
