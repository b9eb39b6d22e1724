import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import type { ExtractFailure } from '../extract/extract-article.ts'
import { confirmedBrief } from './brief-page.ts'

const BRIEF = 'The harbour authority reopened the eastern terminal on Friday after engineers replaced the failed crane bearing.\n\nNight shipping resumes on Monday.'
const short = (shortText?: string): ExtractFailure => ({ ok: false, reason: 'no-article', detail: 'only a few characters of text', ...(shortText === undefined ? {} : { shortText }) })

describe('confirmedBrief', () => {
  it('takes a short page the feed\'s teaser opens, whatever the teaser\'s clip mark or line breaks', () => {
    for (const teaser of ['The harbour authority reopened the eastern terminal on Friday after engineers replaced the […]',
      'The harbour authority reopened the eastern\nterminal on Friday after engineers…', 'The harbour authority reopened the eastern terminal on Friday after engineers replaced the failed crane bearing. Read more']) {
      assert.equal(confirmedBrief(short(BRIEF), teaser), BRIEF, teaser)
    }
  })

  it('declines a page the teaser does not open, a teaser too short to confirm anything, and a failure without text', () => {
    assert.equal(confirmedBrief(short('Please enable JavaScript and cookies to continue reading this page.'), 'The harbour authority reopened the eastern terminal on Friday […]'), null)
    assert.equal(confirmedBrief(short(BRIEF), 'The harbour authority […]'), null)
    assert.equal(confirmedBrief(short(), 'The harbour authority reopened the eastern terminal on Friday […]'), null)
  })
})
