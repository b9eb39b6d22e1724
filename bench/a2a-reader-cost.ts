/**
 * What reading a free-text A2A request costs, in one process (CPU time of this thread, median of rounds):
 * - cold: the reader on each of the 180 labelled requests, as on an agent's first message of a kind;
 * - memoized: understandMessage on the benchmark's two SendMessage texts, as on every repeated request (the front
 *   path and the route both read the message before they look up the answer cache).
 *
 *   node --import tsx bench/a2a-reader-cost.ts [--rounds 7]
 */
import fs from 'node:fs'
import path from 'node:path'
const ROOT = path.resolve(import.meta.dirname, '..')
import { coldRead, memoizedRead } from './a2a-reader-cost-calls.ts'

const SITE = 'https://news.example.org'
const rounds = Number(process.argv[process.argv.indexOf('--rounds') + 1]) || 7
const requests = ['dev.json', 'held-out.json'].flatMap((name) =>
  (JSON.parse(fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'a2a-requests', name), 'utf8')) as { requests: { text: string; args: Record<string, unknown> }[] }).requests)
const texts = requests.map((r) => r.text)
const dated = requests.filter((r) => 'since' in r.args || 'until' in r.args).map((r) => r.text)
const undated = requests.filter((r) => !('since' in r.args || 'until' in r.args)).map((r) => r.text)
const publisherNames = (JSON.parse(fs.readFileSync(path.join(ROOT, 'content', 'publishers.json'), 'utf8')) as { name: string }[]).map((p) => p.name)

const cpuUs = () => {
  const u = process.cpuUsage()
  return u.user + u.system
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** Microseconds of CPU per call of `fn`, median over rounds of `calls` calls. */
function measure(calls: number, fn: (i: number) => void): number {
  for (let i = 0; i < calls; i++) fn(i) // warm up
  const perCall: number[] = []
  for (let r = 0; r < rounds; r++) {
    const start = cpuUs()
    for (let i = 0; i < calls; i++) fn(i)
    perCall.push((cpuUs() - start) / calls)
  }
  return median(perCall)
}

const cold = coldRead(SITE, publisherNames)
const memo = memoizedRead(SITE, publisherNames)
const benchTexts = ['search semiconductor', 'latest AI news in Spanish']
const coldUs = (list: string[]) => measure(list.length * 5, (i) => cold(list[i % list.length]!)).toFixed(1)
const all = coldUs(texts)
const withDates = coldUs(dated)
const without = coldUs(undated)
const memoUs = measure(200_000, (i) => memo(benchTexts[i % 2]!))
console.log(`reading a request, CPU per call (median of ${rounds} rounds): cold ${all} µs (${texts.length} labelled requests; `
  + `${without} µs the ${undated.length} without a date, ${withDates} µs the ${dated.length} with one), memoized ${(memoUs * 1000).toFixed(0)} ns (the bench's two texts)`)
