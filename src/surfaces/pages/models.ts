import type { Language } from '../../domain/languages.ts'
import type { Category, Source, SourceSummary, Story, StoryDetail } from '../../query/views.ts'

/**
 * What a page shows, independent of its format: the HTML and Markdown renderers both draw from these, so the
 * two representations of a page never disagree about its content.
 */

export interface PageContext {
  lang: Language
  siteUrl: string
  /** Path of this page without query, e.g. `/s/0f8f…`; links to the other languages and formats are built from it. */
  path: string
  /** Show cover images (through the same-origin proxy at /img/{id}); absent or false: none. */
  coverImages?: boolean
  /** The query parameters that are part of this page's identity (a search's `q`, a list's `cursor`): its own links keep them. */
  keep?: Record<string, string>
}

/** Where a list page sits in its list: the REST cursors of the pages around it. */
export interface Paging {
  /** The next, older page's cursor; null on the last page. */
  older: string | null
  /** The page before: absent on the first page, null when it is the first page (no cursor), else its cursor. */
  newer?: string | null
}

export type StaticDocumentSlug = 'pricing' | 'terms' | 'privacy' | 'refund'

export type PageModel =
  | { kind: 'home'; stories: Story[]; topics: Category[]; paging: Paging }
  | { kind: 'story'; story: StoryDetail; topics: Category[] }
  | { kind: 'topic'; category: Category; stories: Story[]; topics: Category[]; paging: Paging }
  | { kind: 'source'; source: Source; stories: Story[]; topics: Category[]; paging: Paging }
  | { kind: 'search'; query: string | null; stories: Story[]; topics: Category[]; paging: Paging }
  | { kind: 'sources'; sources: SourceSummary[]; topics: Category[] }
  | { kind: 'document'; slug: StaticDocumentSlug; title: string; markdown: string; html: string; lang: Language; topics: Category[] }
  | { kind: 'not-found'; what: 'story' | 'topic' | 'publisher' | 'page'; topics: Category[] }
  | { kind: 'error'; status: 400 | 405 | 500 | 503; title: string; message: string; topics: Category[] }
