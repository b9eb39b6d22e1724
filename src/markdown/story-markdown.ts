import type { RelatedStory, StoryDetail } from '../query/views.ts'
import { mdInline, mdLink, mdParagraphs, mdUrl } from './escape.ts'

/** The section labels of a story, in the reader's language (pages) or in English (agents). */
export interface StoryLabels {
  keyPoints: string
  citeAs: string
  alsoCoveredBy: string
  relatedStories: string
}

export const ENGLISH_STORY_LABELS: StoryLabels = {
  keyPoints: 'Key points', citeAs: 'Cite as', alsoCoveredBy: 'Also covered by', relatedStories: 'Related stories',
}

/**
 * One story in Markdown: the one renderer behind the story pages (`/s/{id}.md`) and the agents' get_story answers
 * (MCP and A2A). They differ only in detail, which the caller gives: the metadata lines (a page's are localized and
 * link to the publisher's and topic's pages; an agent's are English and name the story's id, address and the
 * untrusted-text note) and the labels' language. The headline, the text, the key points, the citation and the
 * other outlets are written here once, so a change to how a story reads reaches every surface alike.
 *
 * `meta` are whole list lines ("- Publisher: …"), already escaped by the caller. `relatedHref` is where a related
 * story links: its page (an agent's answer), or its Markdown page in the reader's language (a page).
 */
export function storyMarkdown(story: StoryDetail, meta: readonly string[], labels: StoryLabels,
  relatedHref: (related: RelatedStory) => string = (related) => related.url): string {
  const publisher = story.source?.name ?? new URL(story.original_url).host
  const lines = [`# ${mdInline(story.headline)}`, '', ...meta]
  if (story.summary) lines.push('', mdParagraphs(story.summary))
  const cards = story.cards.filter((c) => c.heading || c.body)
  if (cards.length) {
    lines.push('', `## ${labels.keyPoints}`)
    for (const card of cards) {
      if (card.heading) lines.push('', `### ${mdInline(card.heading)}`)
      if (card.body) lines.push('', mdParagraphs(card.body))
    }
  }
  lines.push('', `${labels.citeAs}: ${mdInline(publisher)}, “${mdInline(story.original_title)}”, <${mdUrl(story.original_url)}>`)
  if (story.covered_by.length) {
    lines.push('', `## ${labels.alsoCoveredBy}`, '')
    for (const outlet of story.covered_by) {
      const label = `${outlet.name}: ${outlet.title}`
      lines.push(`- ${outlet.url ? mdLink(label, outlet.url) : mdInline(label)}`)
    }
  }
  if (story.related?.length) {
    lines.push('', `## ${labels.relatedStories}`, '')
    for (const related of story.related) lines.push(`- ${mdLink(related.headline, relatedHref(related))}`)
  }
  return lines.join('\n')
}
