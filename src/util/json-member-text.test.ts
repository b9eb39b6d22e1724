import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { topLevelMemberText } from './json-member-text.ts'

describe('topLevelMemberText', () => {
  it('gives a top-level value exactly as written, the last of duplicates, never a nested one', () => {
    assert.equal(topLevelMemberText('{"id":9007199254740993}', 'id'), '9007199254740993')
    assert.equal(topLevelMemberText(' { "a" : {"id":1,"s":"}\\"{"} , "id" : -0 , "b":[{"id":2}] } ', 'id'), '-0')
    assert.equal(topLevelMemberText('{"id":1,"id":1e3}', 'id'), '1e3')
    assert.equal(topLevelMemberText('{"\\u0069d":"x"}', 'id'), '"x"')
    assert.equal(topLevelMemberText('{"params":{"id":5}}', 'id'), undefined)
    assert.equal(topLevelMemberText('[{"id":5}]', 'id'), undefined)
    assert.equal(topLevelMemberText('{"id":null}', 'id'), 'null')
    assert.equal(topLevelMemberText('{}', 'id'), undefined)
  })
})
