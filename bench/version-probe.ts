import os from 'node:os'
import path from 'node:path'
import Database from '../src/storage/sqlite/driver.ts'
import { spread } from './rounds.ts'
import { sqliteBenchFile } from './store-names.ts'
import { benchArgs } from './bench-args.ts'

/**
 * node --import tsx bench/version-probe.ts [--stories 100000,1000000] [--rounds 7] [--calls 100000]
 * What the SQLite content-version check of a cache hit costs (src/storage/sqlite/content-version.ts runs its
 * probe once per event-loop turn, so on a server that is not saturated, once per hit), on the bench's stores:
 * the statement the memo uses against cheaper forms of the same two facts, in alternating rounds (median µs per
 * call). Opens each store read-only: nothing is written.
 */
const { values } = benchArgs({
  options: {
    stories: { type: 'string', default: '100000,1000000' },
    rounds: { type: 'string', default: '7' },
    calls: { type: 'string', default: '100000' },
  },
})
const CALLS = Number(values.calls)

for (const stories of values.stories.split(',').map(Number)) {
  const file = path.join(os.tmpdir(), sqliteBenchFile(stories))
  const db = new Database(file, { readonly: true, fileMustExist: true })
  const memo = db.prepare('SELECT (SELECT data_version FROM pragma_data_version()) AS d, total_changes() AS t').raw()
  const pragma = db.prepare('PRAGMA data_version').pluck()
  const changes = db.prepare('SELECT total_changes()').pluck()
  const variants: Array<[string, () => unknown]> = [
    ['memo statement (pragma_data_version subquery + total_changes())', () => memo.get()],
    ['PRAGMA data_version, then SELECT total_changes()', () => [pragma.get(), changes.get()]],
    ['PRAGMA data_version alone', () => pragma.get()],
    ['SELECT total_changes() alone', () => changes.get()],
  ]
  const samples = variants.map(() => [] as number[])
  for (let round = 0; round < Number(values.rounds); round++) {
    const order = variants.map((_, i) => i)
    if (round % 2) order.reverse()
    for (const i of order) {
      const fn = variants[i]![1]
      const started = process.hrtime.bigint()
      for (let n = 0; n < CALLS; n++) fn()
      samples[i]!.push(Number(process.hrtime.bigint() - started) / 1000 / CALLS)
    }
  }
  console.log(`${stories} stories (${path.basename(file)}), ${values.rounds} alternating rounds of ${CALLS} calls, µs per call, median [min–max]:`)
  for (const [i, [name]] of variants.entries()) {
    const s = spread(samples[i]!)
    console.log(`  ${name.padEnd(66)} ${s.median.toFixed(2).padStart(6)} [${s.min.toFixed(2)}–${s.max.toFixed(2)}]`)
  }
  db.close()
}
console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`)
