import pg from 'pg'
import { openPostgresStore } from '../src/storage/postgres/open-postgres-store.ts'
import type { StorySnapshot } from '../src/domain/story.ts'
import { syntheticStories } from './synthetic.ts'
import { postgresBenchSchema } from './store-names.ts'
import { benchArgs } from './bench-args.ts'

/**
 * What the search postings cost writers: the same synthetic stories written into two fresh PostgreSQL schemas, one
 * with the postings triggers and one with them disabled (the store as it was before migration 7), in alternating
 * rounds in one process so the machine's load weighs on both alike. Prints stories/s of each and their ratio.
 *
 * node --import tsx bench/search-postings-writes.ts [--stories 20000 --rounds 3 --postgres-url …]
 */
const { values } = benchArgs({
  options: {
    stories: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '3' },
    'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
  },
})
const STORIES = Number(values.stories)
const stories: StorySnapshot[] = [...syntheticStories(STORIES, 7)]

const admin = async (sql: string) => {
  const c = new pg.Client(values['postgres-url'])
  await c.connect()
  try {
    await c.query(sql)
  } finally {
    await c.end()
  }
}

/** Seconds to write every story, 500 a batch, into a fresh schema with the postings triggers on or off. */
async function write(postings: boolean, round: number): Promise<number> {
  const schema = `${postgresBenchSchema(STORIES)}_w${postings ? 'p' : 'n'}${round}`
  await admin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
  const url = new URL(values['postgres-url'])
  url.searchParams.set('schema', schema)
  const store = openPostgresStore(url.toString())
  try {
    await store.ready()
    if (!postings) await admin(`ALTER TABLE "${schema}".story_texts DISABLE TRIGGER USER`)
    const started = performance.now()
    for (let i = 0; i < stories.length; i += 500) await store.upsertStories(stories.slice(i, i + 500))
    return (performance.now() - started) / 1000
  } finally {
    await store.close()
    await admin(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`)
  }
}

const times = { with: [] as number[], without: [] as number[] }
for (let r = 0; r < Number(values.rounds); r++) {
  times.without.push(await write(false, r))
  times.with.push(await write(true, r))
  console.log(`round ${r + 1}: without ${times.without[r]!.toFixed(1)} s, with ${times.with[r]!.toFixed(1)} s`)
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
const rate = (xs: number[]) => Math.round(STORIES / median(xs))
console.log(`${STORIES} stories, ${values.rounds} alternating rounds (median): without postings ${rate(times.without)} stories/s, ` +
  `with postings ${rate(times.with)} stories/s; a write takes ${(median(times.with) / median(times.without)).toFixed(2)}x as long`)
