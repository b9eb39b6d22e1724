import assert from 'node:assert/strict'
import { after, before, describe, it } from 'node:test'
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base'
import path from 'node:path'
import { SAMPLE_EDITION_PATH } from '../../src/config/paths.ts'
import { loadSampleEdition } from '../../src/sample/load-sample.ts'
import { tempDir, testEnv } from '../helpers/cli.ts'
import { request } from '../helpers/http.ts'
import { startInProcessServe, type RunningService } from '../helpers/in-process-serve.ts'

/**
 * x-markdown-tokens is an estimate (see src/surfaces/http/markdown-tokens.ts); this keeps it honest
 * against a real BPE tokenizer (o200k_base) on the sample edition's pages in all nine languages.
 */
const TOLERANCE = 0.2

describe('x-markdown-tokens', () => {
  let serve: RunningService
  before(async () => {
    const dir = tempDir()
    // The service over the sample edition, loaded as serve loads it into an empty store (dates shifted to now).
    serve = await startInProcessServe(testEnv({ DATABASE_URL: `sqlite:${path.join(dir, 'n.db')}`, DATA_DIR: dir }),
      async (store) => { await loadSampleEdition(store, SAMPLE_EDITION_PATH) })
  })
  after(async () => { await serve?.stop() })

  it('is within 20 % of the o200k_base count on every page in every language', async () => {
    const { json } = await request(`${serve.url}/api/v1/stories?limit=50`)
    const translated = (await request(`${serve.url}/api/v1/stories?limit=50&lang=ja`)).json.stories
      .filter((s: { headline: string }) => /[\p{Script=Han}\p{Script=Katakana}]/u.test(s.headline)).slice(0, 5)
    assert.ok(translated.length >= 3, 'the sample edition has translated stories')
    const pages = ['/', '/c/data-ai', '/sources', '/legal/privacy', '/pricing', '/search?q=ai',
      ...json.stories.slice(0, 5).map((s: { id: string }) => `/s/${s.id}`),
      ...translated.map((s: { id: string }) => `/s/${s.id}`)]
    let checked = 0
    for (const lang of ['en', 'es', 'fr', 'de', 'it', 'pt', 'ja', 'ko', 'ar']) {
      for (const page of pages) {
        const res = await request(`${serve.url}${page}${page.includes('?') ? '&' : '?'}lang=${lang}`, { headers: { Accept: 'text/markdown' } })
        const estimate = Number(res.headers.get('x-markdown-tokens'))
        const real = countTokens(res.text)
        assert.ok(Math.abs(estimate - real) / real <= TOLERANCE, `${page} in ${lang}: estimated ${estimate}, o200k_base ${real}`)
        checked++
      }
    }
    assert.equal(checked, 9 * pages.length)
  })
})
