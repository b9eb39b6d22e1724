/**
 * The prompt-injection screen measured on sets it was not written from (bench/injection/sets.ts): the development
 * injections are all caught; the held-out ones, written before the cue lexicons and never tuned on, at 95 % or more;
 * tricky benign sentences and every sentence of the shared real-news sets are left alone. `npm run eval:injection`
 * prints the same numbers per language, beside the pattern list the screen replaced, with its CPU cost.
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { isInstructionLike } from '../src/crawler/quarantine/quarantine.ts'
import { loadBenign, loadInjections, loadRealSentences, scoreInjection } from '../bench/injection/sets.ts'

const LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'ja', 'ko', 'ar', 'ru', 'zh', 'nl', 'tr']

describe('injection screen on its measured sets', () => {
  it('the held-out set is what it claims: 100+ injections in all 13 languages, with every kind of disguise', () => {
    const items = loadInjections('held-out')
    assert.ok(items.length >= 100)
    assert.deepEqual([...new Set(items.map((i) => i.lang))].sort(), [...LANGUAGES].sort())
    const tags = new Set(items.flatMap((i) => i.tags ?? []))
    for (const tag of ['homoglyph', 'leet', 'base64', 'zero-width', 'case', 'embedded']) assert.ok(tags.has(tag), tag)
    assert.deepEqual([...new Set(loadBenign('held-out').map((i) => i.lang))].sort(), [...LANGUAGES].sort())
  })

  it('catches every development injection', () => {
    const missed = loadInjections('dev').filter((item) => !scoreInjection(item, isInstructionLike).caught)
    assert.deepEqual(missed.map((i) => i.text), [])
  })

  it('catches 95 % of the held-out injections, and flags no article sentence around the embedded ones', () => {
    const scores = loadInjections('held-out').map((item) => scoreInjection(item, isInstructionLike))
    const recall = scores.filter((s) => s.caught).length / scores.length
    assert.ok(recall >= 0.95, `held-out recall ${(100 * recall).toFixed(1)} %`)
    assert.equal(scores.reduce((n, s) => n + s.collateral, 0), 0)
  })

  it('leaves the tricky benign sentences alone (news about chatbots, password advice, officials\' imperatives)', () => {
    assert.deepEqual(loadBenign('dev').filter((i) => isInstructionLike(i.text)).map((i) => i.text), [])
    const heldOut = loadBenign('held-out')
    const flagged = heldOut.filter((i) => isInstructionLike(i.text))
    assert.ok(flagged.length <= heldOut.length * 0.01, flagged.map((i) => i.text).join('\n'))
  })

  // The real-news sets live outside the repository (shared/data): without them this is a skip, with its reason.
  const real = loadRealSentences()
  it('flags at most 0.5 % of the real news sentences', { skip: real.length === 0 ? 'shared/data not found (NEWSDESK_REAL_NEWS, NEWSDESK_EXTRACTION_BENCHMARK)' : false }, () => {
    const sentences = real.flatMap((r) => r.sentences)
    assert.ok(sentences.length > 5000)
    const flagged = sentences.filter(isInstructionLike)
    assert.ok(flagged.length <= sentences.length * 0.005, flagged.slice(0, 20).join('\n'))
  })
})
