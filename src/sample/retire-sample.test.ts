import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, describe, it } from 'node:test'
import { SAMPLE_EDITION_PATH } from '../config/paths.ts'
import { StorySnapshot } from '../domain/story.ts'
import { openSqliteStore } from '../storage/sqlite/sqlite-store.ts'
import { makeStory } from '../../test/fixtures/stories.ts'
import { loadSampleEdition } from './load-sample.ts'
import { REAL_STORIES_TO_RETIRE_SAMPLE, retireSampleEdition } from './retire-sample.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-sample-'))
after(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('retiring the sample edition', () => {
  it('keeps the sample until the crawler has published enough real stories, then removes exactly the sample', async () => {
    const store = openSqliteStore(path.join(dir, 's.db'))
    const loaded = (await loadSampleEdition(store, SAMPLE_EDITION_PATH)).inserted
    const real = (n: number) => Array.from({ length: n }, () => StorySnapshot.parse(makeStory()))
    await store.upsertStories(real(REAL_STORIES_TO_RETIRE_SAMPLE - 1))
    assert.equal(await retireSampleEdition(store, SAMPLE_EDITION_PATH), 0, 'too few real stories: the sample stays')
    await store.upsertStories(real(1))
    assert.equal(await retireSampleEdition(store, SAMPLE_EDITION_PATH), loaded)
    assert.equal(await store.countStories(), REAL_STORIES_TO_RETIRE_SAMPLE)
    assert.equal(await retireSampleEdition(store, SAMPLE_EDITION_PATH), 0, 'nothing left to remove')
    await store.close()
  })
})
