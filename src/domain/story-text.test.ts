import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { resolveText } from './story-text.ts'

const base = { headline: 'Base headline', summary: 'Base summary', cards: [{ heading: 'H', body: 'B' }] }

describe('resolveText', () => {
  it('falls back to English field by field', () => {
    assert.deepEqual(resolveText(base, { headline: 'Titular' }, 'es'), { lang: 'es', headline: 'Titular', summary: 'Base summary', cards: base.cards })
    assert.deepEqual(resolveText(base, { summary: 'Resumen' }, 'es'), { lang: 'en', headline: 'Base headline', summary: 'Resumen', cards: base.cards })
    assert.deepEqual(resolveText(base, undefined, 'fr'), { lang: 'en', ...base })
  })

  it('labels an untranslated crawled story with its real language, whatever was asked', () => {
    assert.deepEqual(resolveText(base, undefined, 'en', 'ja'), { lang: 'ja', ...base })
    assert.deepEqual(resolveText(base, undefined, 'ja', 'ja'), { lang: 'ja', ...base })
    assert.deepEqual(resolveText(base, { headline: 'English headline' }, 'en', 'ja').lang, 'en')
  })
})
