import type { Language } from '../domain/languages.ts'
import { compactTranslation, type Card, type CoveredBy, type StorySnapshot, type TranslationText } from '../domain/story.ts'
import type { Topic } from '../domain/topics.ts'
import type { RelatedStoryRecord, SourceRecord, StoryDetailRecord, StoryRecord, StoryStamp } from './store.ts'
import { COL } from './story-columns.ts'

/** Rows as both dialects' read queries return them (SQLite gives booleans as 0/1), and their conversion to records. */

/**
 * A story row as an array in the order of STORY_COLUMNS (story-columns.ts; a detail row continues with
 * STORY_DETAIL_COLUMNS' four). SQLite gives booleans as 0/1, PostgreSQL the seq as a string.
 */
export type StoryValues = readonly unknown[]

export interface StampRow {
  id: string
  published_at: string | null
  updated_at: string
}

export interface SourceRow {
  id: string
  name: string
  site_url: string | null
}

export interface ExportStoryRow {
  id: string
  original_url: string
  original_title: string
  author: string | null
  published_at: string | null
  cover_image_url: string | null
  category: Topic
  source_id: string | null
  source_name: string | null
  source_site_url: string | null
  multi_source: boolean | number
  covered_by: string | null
  text_lang: Language
  quarantined: boolean | number
}

export interface TextRow {
  story_id: string
  lang: string
  headline: string | null
  summary: string | null
  cards: string | null
}

/** A related story's row, as both dialects' `related` query returns it. */
export interface RelatedRow {
  id: string
  text_lang: Language
  en_headline: string
  tr_headline: string | null
}

export const toRelatedRecord = (r: RelatedRow): RelatedStoryRecord => ({
  id: r.id, headline: r.en_headline, translatedHeadline: r.tr_headline, textLang: r.text_lang,
})

export const parseJson = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T))

export const toStamp = (r: StampRow): StoryStamp => ({ id: r.id, publishedAt: r.published_at, updatedAt: r.updated_at })

export const toSourceRecord = (r: SourceRow): SourceRecord => ({ id: r.id, name: r.name, siteUrl: r.site_url })

export function toStoryRecord(v: StoryValues): StoryRecord {
  const sourceId = v[COL.source_id] as string | null
  return {
    id: v[COL.id] as string,
    sortKey: String(v[COL.seq]),
    originalUrl: v[COL.original_url] as string,
    originalTitle: v[COL.original_title] as string,
    author: v[COL.author] as string | null,
    publishedAt: v[COL.published_at] as string | null,
    coverImageUrl: v[COL.cover_image_url] as string | null,
    multiSource: Boolean(v[COL.multi_source]),
    quarantined: Boolean(v[COL.quarantined]),
    category: { slug: v[COL.category] as Topic, name: v[COL.category_name] as string },
    source: sourceId ? { id: sourceId, name: v[COL.source_name] as string, siteUrl: v[COL.source_site_url] as string | null } : null,
    en: { headline: v[COL.en_headline] as string, summary: v[COL.en_summary] as string | null, cards: null },
    textLang: v[COL.text_lang] as Language,
    translation: v[COL.tr_lang]
      ? compactTranslation({ headline: v[COL.tr_headline] as string | null, summary: v[COL.tr_summary] as string | null })
      : undefined,
  }
}

export function toStoryDetailRecord(v: StoryValues): StoryDetailRecord {
  const record = toStoryRecord(v)
  record.en.cards = parseJson<Card[]>(v[COL.en_cards] as string | null)
  if (record.translation) {
    const cards = parseJson<Card[]>(v[COL.tr_cards] as string | null)
    if (cards) record.translation.cards = cards
  }
  return { ...record, coveredBy: parseJson<CoveredBy[]>(v[COL.covered_by] as string | null), updatedAt: v[COL.updated_at] as string }
}

/** A stored story back in snapshot form, exactly as it was imported. */
export function toSnapshot(row: ExportStoryRow, texts: TextRow[]): StorySnapshot {
  const en = texts.find((t) => t.lang === 'en')!
  const translations: Partial<Record<Language, TranslationText>> = {}
  for (const t of texts) {
    if (t.lang === 'en') continue
    translations[t.lang as Language] = compactTranslation({ headline: t.headline, summary: t.summary, cards: parseJson<Card[]>(t.cards) })
  }
  return {
    id: row.id,
    original_url: row.original_url,
    original_title: row.original_title,
    author: row.author,
    published_at: row.published_at,
    cover_image_url: row.cover_image_url,
    category: row.category,
    source: row.source_id ? { id: row.source_id, name: row.source_name!, site_url: row.source_site_url } : null,
    headline: en.headline!,
    summary: en.summary,
    cards: parseJson<Card[]>(en.cards),
    covered_by: parseJson<CoveredBy[]>(row.covered_by),
    multi_source: Boolean(row.multi_source),
    translations,
    text_lang: row.text_lang,
    ...(row.quarantined ? { quarantined: true } : {}),
  }
}

/**
 * Every story as a snapshot, ordered by id, read 500 at a time by key: no cursor or statement stays open across the
 * consumer's awaits (and its writes). `page` returns the stories after an id; `texts` their text rows.
 */
export async function* pagedSnapshots(
  page: (after: string, limit: number) => Promise<ExportStoryRow[]> | ExportStoryRow[],
  texts: (ids: string[]) => Promise<TextRow[]> | TextRow[],
): AsyncIterable<StorySnapshot> {
  for (let after = ''; ;) {
    const rows = await page(after, 500)
    if (rows.length === 0) return
    const ids = rows.map((r) => r.id)
    const byStory = new Map<string, TextRow[]>()
    for (const t of await texts(ids)) {
      const list = byStory.get(t.story_id) ?? []
      list.push(t)
      byStory.set(t.story_id, list)
    }
    for (const row of rows) yield toSnapshot(row, byStory.get(row.id) ?? [])
    after = ids[ids.length - 1]!
  }
}
