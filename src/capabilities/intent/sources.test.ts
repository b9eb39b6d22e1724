import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { createSourceIndex, derivedNames } from './sources.ts'
import { tokenize } from './tokens.ts'
import { DICTIONARY } from './lexicon.ts'

const names = (name: string) => derivedNames(name).map((d) => d.text)

describe('derivedNames', () => {
  it('the shorter names people use', () => {
    assert.deepEqual(names('The Verge'), ['The Verge', 'Verge'])
    assert.deepEqual(names('EL PAÍS Economía'), ['EL PAÍS Economía', 'EL PAÍS', 'PAÍS Economía', 'PAÍS'])
    assert.deepEqual(names('BBC News - Business'), ['BBC News - Business', 'BBC News', 'BBC'])
    assert.deepEqual(names('The Wall Street Journal - Business'),
      ['The Wall Street Journal - Business', 'The Wall Street Journal', 'Wall Street Journal - Business', 'Wall Street Journal', 'WSJ'])
    assert.deepEqual(names('Bumble Tech (Badoo)'), ['Bumble Tech (Badoo)', 'Bumble Tech', 'Badoo'])
    assert.deepEqual(names('Folha de S.Paulo - Mercado'), ['Folha de S.Paulo - Mercado', 'Folha de S.Paulo', 'Folha'])
    assert.ok(names('NHKニュース 経済').includes('NHK'))
  })

  it('a parenthesis that describes the publisher is not a name', () => {
    assert.deepEqual(names('Pambianco News (fashion & luxury business)'), ['Pambianco News (fashion & luxury business)', 'Pambianco News'])
  })
})

describe('createSourceIndex', () => {
  it('finds names by their first word, and a whole name wins over a shorter one of another publisher', () => {
    const index = createSourceIndex([{ id: 'a', name: 'Le Monde Économie' }, { id: 'b', name: 'Le Monde' }])
    const [first] = tokenize('le monde', DICTIONARY)
    const aliases = index.startingWith(first!)
    assert.deepEqual(aliases.map((a) => a.sourceId), ['a', 'b'], 'longest first: "Le Monde Économie", then "Le Monde" (b only)')
    assert.equal(index.name('a'), 'Le Monde Économie')
  })

  it('builds an index of thousands of names quickly, and reading with it costs no more than with a few', () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ id: String(i), name: `Publisher Number ${i} Weekly` }))
    const started = performance.now()
    const index = createSourceIndex(many)
    assert.ok(performance.now() - started < 5000, 'built in seconds at worst')
    assert.equal(index.size, 5000)
    const [token] = tokenize('weekly', DICTIONARY)
    assert.deepEqual(index.startingWith(token!), [], 'one map lookup per word')
  })
})
