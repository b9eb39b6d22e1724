/**
 * What reading a free-text A2A request costs, this tree against another checkout's source, alternating rounds in
 * one process (CPU time of this thread, median of the rounds):
 * - memoized: understandMessage and the answer-cache key on the benchmark's two SendMessage texts, as on every
 *   repeated request (the front path and the route both read the message before they look up the answer cache);
 * - cold: the reader itself (no memo) on the 180 labelled requests, those without a date and those with one, as on
 *   a text's first reading.
 * The other checkout may predate issue 29 (a reader without publishers: its understandText takes a time, not
 * options); the publishers are the bundled directory's.
 *
 *   node --import tsx bench/a2a-reader-ab.ts [--base DIR] [--rounds 21]
 */
import fs from 'node:fs'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '..')
const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined)
const base = arg('--base')
const rounds = Number(arg('--rounds') ?? 21)
const SITE = 'https://news.example.org'

const requests = ['dev.json', 'held-out.json'].flatMap((name) =>
  (JSON.parse(fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'a2a-requests', name), 'utf8')) as { requests: { text: string; args: Record<string, unknown> }[] }).requests)
const dated = (r: { args: Record<string, unknown> }) => 'since' in r.args || 'until' in r.args
const sets = { all: requests.map((r) => r.text), undated: requests.filter((r) => !dated(r)).map((r) => r.text), dated: requests.filter(dated).map((r) => r.text) }
const names = (JSON.parse(fs.readFileSync(path.join(ROOT, 'content', 'publishers.json'), 'utf8')) as { name: string }[])
  .map((p, i) => ({ id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, name: p.name }))
const BENCH_TEXTS = ['search semiconductor', 'latest AI news in Spanish']

interface Tree { label: string; cold: (text: string) => void; memoized: (i: number) => void }

async function load(dir: string, label: string): Promise<Tree> {
  const reader = await import(path.join(dir, 'src/capabilities/intent/understand.ts'))
  const message = await import(path.join(dir, 'src/surfaces/a2a/handle-message.ts'))
  const reply = await import(path.join(dir, 'src/surfaces/a2a/send-reply.ts'))
  const withSources = fs.existsSync(path.join(dir, 'src/capabilities/intent/sources.ts'))
  const sources = withSources ? (await import(path.join(dir, 'src/capabilities/intent/sources.ts'))).createSourceIndex(names) : undefined
  const msg = (text: string) => ({ messageId: 'm', parts: [{ kind: 'text', text }] })
  return {
    label,
    cold: withSources ? (text) => reader.understandText(text, SITE, { sources }) : (text) => reader.understandText(text, SITE, Date.now()),
    memoized: (i) => reply.partsKey('1.0', message.understandMessage(msg(BENCH_TEXTS[i & 1]!), SITE, { sources, now: Date.now() })),
  }
}

const cpu = () => {
  const u = process.cpuUsage()
  return u.user + u.system
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** ns per call of each tree's `fn`, alternating rounds. */
function alternate(trees: Tree[], calls: number, fn: (t: Tree, i: number) => void): number[] {
  for (const t of trees) for (let i = 0; i < calls; i++) fn(t, i)
  const samples = trees.map(() => [] as number[])
  for (let r = 0; r < rounds; r++) {
    trees.forEach((t, k) => {
      const start = cpu()
      for (let i = 0; i < calls; i++) fn(t, i)
      samples[k]!.push(((cpu() - start) * 1000) / calls)
    })
  }
  return samples.map(median)
}

const trees = [...(base ? [await load(path.resolve(base), 'base')] : []), await load(ROOT, 'this tree')]
const show = (ns: number[]) => trees.map((t, k) => `${t.label} ${ns[k]! >= 10_000 ? `${(ns[k]! / 1000).toFixed(1)} µs` : `${ns[k]!.toFixed(0)} ns`}`).join(', ')
console.log(`A2A free-text reading, CPU per request, median of ${rounds} alternating rounds in one process`)
console.log(`  memoized (the bench's two texts): ${show(alternate(trees, 100_000, (t, i) => t.memoized(i)))}`)
for (const [name, texts] of Object.entries(sets)) {
  console.log(`  cold, ${String(texts.length).padStart(3)} labelled requests (${name}): ${show(alternate(trees, texts.length, (t, i) => t.cold(texts[i % texts.length]!)))}`)
}
