import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { CAPABILITIES, getLatestStories, getStory, listSources, listTopics } from '../../capabilities/catalog.ts'
import { StoryList } from '../../query/views.ts'
import { toolDefinitions, toolResultSchema } from './tool-schemas.ts'

type Json = Record<string, any>
const byName = new Map(toolDefinitions(CAPABILITIES).map((t) => [t.name, t]))
const output = (name: string) => byName.get(name)!.outputSchema as Json

describe('advertised result fields (the catalog decides, the schema follows)', () => {
  it('each result schema names exactly the root fields its capability advertises', () => {
    for (const c of CAPABILITIES) {
      assert.deepEqual(Object.keys(output(c.name).properties).sort(), Object.keys(c.advertised).sort(), c.name)
    }
    assert.deepEqual(output('get_latest_stories').required, ['stories', 'next_cursor'], 'count and lang are not named')
  })

  it('a field list names only those fields of the component, in its order; true keeps the component whole', () => {
    assert.deepEqual(Object.keys(output('get_latest_stories').properties.stories.items.properties), getLatestStories.advertised.stories)
    assert.deepEqual(Object.keys(output('get_story').properties.story.properties), getStory.advertised.story)
    assert.deepEqual(Object.keys(output('list_sources').properties.sources.items.properties), listSources.advertised.sources)
    assert.equal(listTopics.advertised.categories, true)
    assert.deepEqual(Object.keys(output('list_topics').properties.categories.items.properties), ['slug', 'name', 'url'])
  })

  it('a misspelt advertised field fails when the schemas are built, naming it', () => {
    assert.throws(() => toolResultSchema(StoryList, { stories: true, next_cursr: true }), /next_cursr are not result fields/)
    assert.throws(() => toolResultSchema(StoryList, { stories: ['id', 'headlines'] }), /headlines are not fields of Story/)
  })
})
