import { mdInline, mdLink, mdUrl } from '../markdown/escape.ts'
import type { SourceList, StoryList } from '../query/views.ts'

/** Markdown for the list filters (publisher, time, next page) and the publisher list, apart from the story lists. */

/** "Publisher: …. Published since …." for the filters that were set, or ''. */
export function filterContext(input: { source?: string; since?: string; until?: string; cursor?: string }): string {
  const parts = [
    input.source ? `Publisher id: ${input.source}.` : '',
    input.since ? `Published since ${input.since}.` : '',
    input.until ? `Published before ${input.until}.` : '',
    input.cursor ? 'A later page.' : '',
  ]
  return parts.filter(Boolean).join(' ')
}

/** The next-page hint after a full page: the cursor to pass, or nothing when the page was the last. */
export function nextPageMarkdown(out: StoryList): string {
  return out.next_cursor ? `\n\nMore stories: call again with the same arguments and \`cursor\`: \`${out.next_cursor}\`.` : ''
}

/** The next-page hint after a full page of publishers. */
export function nextSourcesMarkdown(out: SourceList): string {
  return out.next_cursor ? `\n\nMore publishers: call again with \`cursor\`: \`${out.next_cursor}\`.` : ''
}

export function sourceListMarkdown(out: SourceList): string {
  const head = `# Publishers\n\n${out.count} ${out.count === 1 ? 'publisher' : 'publishers'}${out.next_cursor ? ' on this page' : ''}, by name. Pass an id as \`source\` `
    + 'to get_latest_stories or search_stories for that publisher\'s stories only.'
  if (!out.sources.length) return `${head}\n\nNo publishers yet.`
  const lines = out.sources.map((s) => `- ${s.site_url ? mdLink(s.name, s.site_url) : mdInline(s.name)}: id \`${s.id}\`, page <${mdUrl(s.url)}>`)
  return `${head}\n\n${lines.join('\n')}`
}
