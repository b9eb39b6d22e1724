import type { Language } from '../../domain/languages.ts'
import type { Category, Source, Story, StoryDetail } from '../../query/views.ts'

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
}

export type StaticDocumentSlug = 'pricing' | 'terms' | 'privacy' | 'refund'

export type PageModel =
  | { kind: 'home'; stories: Story[]; topics: Category[] }
  | { kind: 'story'; story: StoryDetail; topics: Category[] }
  | { kind: 'topic'; category: Category; stories: Story[]; topics: Category[] }
  | { kind: 'source'; source: Source; stories: Story[]; topics: Category[] }
  | { kind: 'search'; query: string | null; stories: Story[]; topics: Category[] }
  | { kind: 'document'; slug: StaticDocumentSlug; title: string; markdown: string; html: string; lang: Language; topics: Category[] }
  | { kind: 'not-found'; what: 'story' | 'topic' | 'publisher' | 'page'; topics: Category[] }
  | { kind: 'error'; status: 400 | 405 | 500 | 503; title: string; message: string; topics: Category[] }
