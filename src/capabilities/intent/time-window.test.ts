import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { takeTimeWindow } from './time-window.ts'

/** A Wednesday. */
const NOW = Date.parse('2026-11-25T10:30:00Z')

describe('takeTimeWindow', () => {
  it('takes the phrase out of the text, leaving a break', () => {
    const r = takeTimeWindow('stories about Apple since November 1st please', NOW, 'en')
    assert.equal(r.rest, 'stories about Apple  |  please')
    assert.deepEqual(r.phrases, ['since November 1st'])
    assert.equal(r.since, '2026-11-01T00:00:00Z')
  })

  it('a date without a year is its latest occurrence not after today', () => {
    assert.equal(takeTimeWindow('since December 2', NOW, 'en').since, '2025-12-02T00:00:00Z')
    assert.equal(takeTimeWindow('since November 25', NOW, 'en').since, '2026-11-25T00:00:00Z')
    assert.equal(takeTimeWindow('in October', NOW, 'en').since, '2026-10-01T00:00:00Z')
    assert.equal(takeTimeWindow('in December', NOW, 'en').since, '2025-12-01T00:00:00Z')
  })

  it('an until in the future is dropped; "today" and "this week" are a start', () => {
    assert.deepEqual([takeTimeWindow('news today', NOW, 'en').since, takeTimeWindow('news today', NOW, 'en').until], ['2026-11-25T00:00:00Z', undefined])
    assert.equal(takeTimeWindow('this week', NOW, 'en').until, undefined)
  })

  it('several phrases narrow the window', () => {
    const r = takeTimeWindow('since November 1 and before November 20', NOW, 'en')
    assert.deepEqual([r.since, r.until], ['2026-11-01T00:00:00Z', '2026-11-20T00:00:00Z'])
    assert.equal(r.phrases.length, 2)
  })

  it('"the last week" is the past seven days, "last week" the calendar week', () => {
    assert.deepEqual([takeTimeWindow('in the last week', NOW, 'en').since, takeTimeWindow('in the last week', NOW, 'en').until], ['2026-11-18T00:00:00Z', undefined])
    assert.deepEqual([takeTimeWindow('last week', NOW, 'en').since, takeTimeWindow('last week', NOW, 'en').until], ['2026-11-16T00:00:00Z', '2026-11-23T00:00:00Z'])
  })

  it('keeps the characters of publisher names', () => {
    const text = 'latest from 20 Minutes'
    const r = takeTimeWindow(text, NOW, 'fr', [{ start: 12, end: 22 }])
    assert.deepEqual([r.rest, r.phrases], [text, []])
    assert.deepEqual(takeTimeWindow(text, NOW, 'fr').phrases, [], 'a span needs "the last", "older than"… to be a span')
  })

  it('words that look like dates but are not', () => {
    for (const text of ['iPhone 16 news', 'top 5 stories', 'Windows 11', 'may I see the news', 'Apollo 11', 'the last 3 articles', '24/7 coverage']) {
      const r = takeTimeWindow(text, NOW, 'en')
      assert.deepEqual([r.since, r.until], [undefined, undefined], text)
    }
  })

  it('ignores a date that does not exist', () => {
    assert.equal(takeTimeWindow('since February 30', NOW, 'en').since, undefined)
  })

  it('is valid until the end of the day, or of the hour for hours', () => {
    assert.equal(takeTimeWindow('yesterday', NOW, 'en').validUntil, Date.parse('2026-11-26T00:00:00Z'))
    assert.equal(takeTimeWindow('past 3 hours', NOW, 'en').validUntil, Date.parse('2026-11-25T11:00:00Z'))
    assert.equal(takeTimeWindow('no dates here', NOW, 'en').validUntil, undefined)
  })
})
