import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { storyDetailMarkdown } from '../src/capabilities/answer-markdown.ts'
import { StorySnapshot } from '../src/domain/story.ts'
import { createQueryService } from '../src/query/query-service.ts'
import { openSqliteStore } from '../src/storage/sqlite/sqlite-store.ts'
import { renderMarkdown } from '../src/surfaces/pages/markdown/render-markdown.ts'
import { ENGLISH_STORY_LABELS, storyMarkdown } from '../src/markdown/story-markdown.ts'
import { makeStory } from './fixtures/stories.ts'

const SITE = 'https://news.example.org'

async function storedStory() {
  const store = openSqliteStore(':memory:')
  const id = '0f8fad5b-d9cb-469f-a165-70867728950e'
  await store.upsertStories([StorySnapshot.parse(makeStory({
    id,
    original_url: 'https://alpha-ledger.example/2026/11/chips',
    original_title: 'Azur bets on chips',
    headline: '# Azur opens a *chip* lab',
    summary: 'A new lab opened in Zurich.\n\nIt employs 120 engineers.',
    cards: [{ heading: 'Numbers', body: '120 engineers.' }],
    covered_by: [{ name: 'Beta Wire', title: 'Azur bets on chips', url: 'https://beta-wire.example/azur' }],
  }))])
  const query = createQueryService({ store, siteUrl: SITE, version: '9.9.9', healthMaxStoryAgeMinutes: 60 })
  const { story } = await query.getStory({ id, lang: 'en' })
  await store.close()
  return story
}

describe('storyMarkdown: one story renderer for pages and agents', () => {
  it('writes the text, key points, citation and other outlets after the caller\'s metadata, escaping publisher text', async () => {
    const story = await storedStory()
    const md = storyMarkdown(story, ['- meta line'], ENGLISH_STORY_LABELS)
    assert.ok(md.startsWith('# # Azur opens a \\*chip\\* lab\n\n- meta line\n\nA new lab opened in Zurich.\n\nIt employs 120 engineers.'), md)
    assert.match(md, /\n## Key points\n\n### Numbers\n\n120 engineers\.\n/)
    assert.match(md, /\nCite as: .*, “Azur bets on chips”, <https:\/\/alpha-ledger\.example\/2026\/11\/chips>\n/)
    assert.match(md, /\n## Also covered by\n\n- \[Beta Wire: Azur bets on chips\]\(https:\/\/beta-wire\.example\/azur\)$/)
  })

  it('the story page (English) and get_story differ only in their metadata lines', async () => {
    const story = await storedStory()
    const agent = storyDetailMarkdown(story, 'en')
    const page = renderMarkdown({ kind: 'story', story, topics: [] }, { lang: 'en', siteUrl: SITE, path: `/s/${story.id}`, coverImages: false })
    // Everything from the story text on is the shared renderer's: the page holds the agent's answer's tail verbatim.
    const tail = agent.slice(agent.indexOf('\n\nA new lab opened'))
    assert.ok(tail.length > 100)
    assert.ok(page.includes(tail), `page lacks the shared story body:\n${page}`)
    assert.ok(agent.startsWith('# # Azur opens a \\*chip\\* lab\n\n- Publisher: '))
    assert.ok(page.includes('# # Azur opens a \\*chip\\* lab\n\n- '))
  })

  it('lists related stories last, linking where the caller says (pages: their Markdown page in the reader\'s language)', async () => {
    const story = { ...await storedStory(), related: [{ id: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed', headline: 'Azur [lab] opens', url: `${SITE}/s/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed` }] }
    assert.match(storyMarkdown(story, [], ENGLISH_STORY_LABELS),
      /\n## Also covered by\n\n- [^\n]+\n\n## Related stories\n\n- \[Azur \\\[lab\\\] opens\]\(https:\/\/news\.example\.org\/s\/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed\)$/)
    const page = renderMarkdown({ kind: 'story', story, topics: [] }, { lang: 'fr', siteUrl: SITE, path: `/s/${story.id}`, coverImages: false })
    assert.ok(page.includes(`## Sur le même sujet\n\n- [Azur \\[lab\\] opens](${SITE}/s/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed?lang=fr&format=md)\n`), page)
    assert.doesNotMatch(storyMarkdown({ ...story, related: undefined }, [], ENGLISH_STORY_LABELS), /Related/)
  })
})
