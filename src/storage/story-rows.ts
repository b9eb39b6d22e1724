import type { Language } from '../domain/languages.ts'
import { compactTranslation, type Card, type CoveredBy, type StorySnapshot, type TranslationText } from '../domain/story.ts'
import type { Topic } from '../domain/topics.ts'
import type { SourceRecord, StoryDetailRecord, StoryRecord, StoryStamp } from './store.ts'

/** Rows as both dialects' read queries return them (SQLite gives booleans as 0/1), and their conversion to records. */

export interface StoryRow {
  seq: number | string
  id: string
  original_url: string
  original_title: string
  author: string | null
  published_at: string | null
  cover_image_url: string | null
  multi_source: boolean | number
  text_lang: Language
  /** Absent from rows written before migration 6 only in theory: the column has a default. */
  quarantined: boolean | number
  category: Topic
  category_name: string
  source_id: string | null
  source_name: string | null
  source_site_url: string | null
  en_headline: string
  en_summary: string | null
  tr_lang: string | null
  tr_headline: string | null
  tr_summary: string | null
}

export interface StoryDetailRow extends StoryRow {
  covered_by: string | null
  updated_at: string
  en_cards: string | null
  tr_cards: string | null
}

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

export const parseJson = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T))

export const toStamp = (r: StampRow): StoryStamp => ({ id: r.id, publishedAt: r.published_at, updatedAt: r.updated_at })

export const toSourceRecord = (r: SourceRow): SourceRecord => ({ id: r.id, name: r.name, siteUrl: r.site_url })

export function toStoryRecord(row: StoryRow): StoryRecord {
  return {
    id: row.id,
    sortKey: String(row.seq),
    originalUrl: row.original_url,
    originalTitle: row.original_title,
    author: row.author,
    publishedAt: row.published_at,
    coverImageUrl: row.cover_image_url,
    multiSource: Boolean(row.multi_source),
    quarantined: Boolean(row.quarantined),
    category: { slug: row.category, name: row.category_name },
    source: row.source_id ? { id: row.source_id, name: row.source_name!, siteUrl: row.source_site_url } : null,
    en: { headline: row.en_headline, summary: row.en_summary, cards: null },
    textLang: row.text_lang,
    translation: row.tr_lang ? compactTranslation({ headline: row.tr_headline, summary: row.tr_summary }) : undefined,
  }
}

export function toStoryDetailRecord(row: StoryDetailRow): StoryDetailRecord {
  const record = toStoryRecord(row)
  record.en.cards = parseJson<Card[]>(row.en_cards)
  if (record.translation) {
    const cards = parseJson<Card[]>(row.tr_cards)
    if (cards) record.translation.cards = cards
  }
  return { ...record, coveredBy: parseJson<CoveredBy[]>(row.covered_by), updatedAt: row.updated_at }
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
