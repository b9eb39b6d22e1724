/**
 * How many articles of the window name a name, and when a name is too common to identify an event: counted per
 * article that names it (cluster-state.ts gives each article's names once), taken back when the article leaves the
 * window, and "common" above max(25, 0.5 % of the window).
 */
import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { MIN_COMMON_COUNT, nameKey, NameFrequency } from './name-frequency.ts'

const H = 3_600_000

describe('name frequency', () => {
  it('counts the articles that name a name', () => {
    const names = new NameFrequency()
    names.add(0, ['pfizer', 'fda', '2,300'])
    names.add(H, ['pfizer'])
    assert.equal(names.count('pfizer'), 2)
    assert.equal(names.count('fda'), 1)
    assert.equal(names.count('2,300'), 1)
    assert.equal(names.count('moderna'), 0)
    assert.equal(names.articles, 2)
    // By key, as the features read a story's names: the same counts.
    assert.equal(names.countKey(nameKey('pfizer')), 2)
    assert.equal(names.countKey(nameKey('fda')), 1)
    assert.equal(names.countKey(nameKey('moderna')), 0)
  })

  it('forgets the articles that leave the window, and only those', () => {
    const names = new NameFrequency()
    names.add(0, ['pfizer', 'fda'])
    names.add(5 * H, ['pfizer'])
    names.evictBefore(2 * H)
    assert.equal(names.count('pfizer'), 1)
    assert.equal(names.count('fda'), 0)
    assert.equal(names.articles, 1)
    names.evictBefore(10 * H)
    assert.equal(names.count('pfizer'), 0)
    assert.equal(names.articles, 0)
  })

  it('calls a name common above 25 articles in a small window, and above 0.5 % of a large one', () => {
    const names = new NameFrequency()
    for (let i = 0; i <= MIN_COMMON_COUNT; i++) names.add(0, ['biden', `story${i}`])
    assert.equal(names.isCommon('biden'), true, '26 of 26 articles')
    assert.equal(names.isCommon('story3'), false)
    // 10,000 articles: common means more than 50, so 26 is no longer common.
    for (let i = 0; i < 10_000 - MIN_COMMON_COUNT - 1; i++) names.add(H, [`filler${i}`])
    assert.equal(names.isCommon('biden'), false, '26 of 10,000 articles')
    for (let i = 0; i < 25; i++) names.add(2 * H, ['biden'])
    assert.equal(names.isCommon('biden'), true, '51 of 10,025 articles')
  })
})
