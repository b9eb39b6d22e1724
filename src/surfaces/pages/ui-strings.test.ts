import { test } from 'node:test'
import assert from 'node:assert/strict'
import { LANGUAGES } from '../../domain/languages.ts'
import { UI_STRINGS, fill, type UiStrings } from './ui-strings.ts'

const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort()

const KEYS = Object.keys(UI_STRINGS.en) as (keyof UiStrings)[]

test('every language has every key, non-empty', () => {
  assert.deepEqual(Object.keys(UI_STRINGS).sort(), [...LANGUAGES].sort())
  for (const lang of LANGUAGES) {
    assert.deepEqual(Object.keys(UI_STRINGS[lang]).sort(), [...KEYS].sort(), `${lang}: keys differ from en`)
    for (const key of KEYS) {
      const value = UI_STRINGS[lang][key]
      assert.equal(typeof value, 'string', `${lang}.${key}`)
      assert.ok(value.trim().length > 0, `${lang}.${key} is empty`)
    }
  }
})

test('translations keep exactly the placeholders of the English string', () => {
  for (const key of KEYS) {
    const expected = placeholders(UI_STRINGS.en[key])
    for (const lang of LANGUAGES) {
      assert.deepEqual(placeholders(UI_STRINGS[lang][key]), expected, `${lang}.${key}`)
    }
  }
})

test('fill replaces known placeholders and leaves unknown ones', () => {
  assert.equal(fill('Stories matching “{query}”', { query: 'chips' }), 'Stories matching “chips”')
  assert.equal(fill('{a} and {a}, {b}', { a: 'x' }), 'x and x, {b}')
  assert.equal(fill('By {author}', { author: '$& $1' }), 'By $& $1')
  assert.equal(fill('{toString}', {}), '{toString}')
  assert.equal(fill(UI_STRINGS.fr.searchResults, { query: 'IA' }), 'Actualités correspondant à «\u00a0IA\u00a0»')
})
