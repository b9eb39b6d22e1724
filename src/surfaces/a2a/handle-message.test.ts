import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createSourceIndex, NO_SOURCES } from '../../capabilities/intent/sources.ts'
import { answerKey, understandMessage } from './handle-message.ts'

const SITE = 'https://news.example.org'
const text = (t: string) => ({ messageId: 'm', parts: [{ kind: 'text' as const, text: t }] })
const WEDNESDAY = Date.parse('2026-11-25T10:30:00Z')

describe('understandMessage: the memo of free-text readings', () => {
  it('a relative date is read again when its day is over, so a cached answer is never a stale one', () => {
    const monday = understandMessage(text('finance news last week'), SITE, { sources: NO_SOURCES, now: WEDNESDAY })
    const sameDay = understandMessage(text('finance news last week'), SITE, { sources: NO_SOURCES, now: WEDNESDAY + 3_600_000 })
    assert.equal(sameDay.understood, monday.understood, 'the same reading (and answer-cache key) all day')
    const nextWeek = understandMessage(text('finance news last week'), SITE, { sources: NO_SOURCES, now: WEDNESDAY + 7 * 86_400_000 })
    assert.equal(nextWeek.understood.args.since, '2026-11-23T00:00:00Z')
    assert.notEqual(answerKey(nextWeek), answerKey(monday), 'the answer cache keys the resolved dates')
  })

  it('a text is read again with another list of publishers', () => {
    const none = understandMessage(text('latest from Beta Wire'), SITE, { sources: NO_SOURCES, now: WEDNESDAY })
    assert.equal(none.understood.capability, 'search_stories')
    const sources = createSourceIndex([{ id: '6c2a3b8f-1d2e-4f30-8b4c-5d6e7f8a9b01', name: 'Beta Wire' }])
    const named = understandMessage(text('latest from Beta Wire'), SITE, { sources, now: WEDNESDAY })
    assert.deepEqual(named.understood.args, { source: '6c2a3b8f-1d2e-4f30-8b4c-5d6e7f8a9b01', lang: 'en' })
  })
})
