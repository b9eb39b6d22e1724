import { DEFAULT_LANGUAGE, type Language } from '../../domain/languages.ts'
import type { PageFormat } from './negotiate.ts'

/**
 * Page addresses. The language travels as `?lang=` (absent for English, the default) so every link keeps the
 * reader's language; the Markdown form adds `format=md`, which gives each representation its own cache key at
 * CDNs that ignore Vary.
 */
export function pageHref(path: string, lang: Language, format: PageFormat = 'html', extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra)
  if (lang !== DEFAULT_LANGUAGE) params.set('lang', lang)
  if (format === 'markdown') params.set('format', 'md')
  const query = params.toString()
  return query ? `${path}?${query}` : path
}

export const storyPath = (id: string) => `/s/${id}`
export const topicPath = (slug: string) => `/c/${slug}`
export const sourcePath = (id: string) => `/source/${id}`
export const documentPath = (slug: 'pricing' | 'terms' | 'privacy' | 'refund') => (slug === 'pricing' ? '/pricing' : `/legal/${slug}`)

// Intl formatters are costly to build (a page lists up to 50 times), so one per language, built on first use.
const timeFormats = new Map<Language, Intl.DateTimeFormat>()
const languageNames = new Map<Language, string>()

/** "21 Nov 2026, 14:05 UTC" in the reader's language. Absolute and in UTC, so a cached page never goes stale. */
export function formatTime(iso: string | null, lang: Language): string | null {
  if (!iso) return null
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return null
  let format = timeFormats.get(lang)
  if (!format) {
    format = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })
    timeFormats.set(lang, format)
  }
  return `${format.format(date)} UTC`
}

/** The language's own name as running text writes it ("español"); capitalized for a menu ("Español"). */
export function languageName(lang: Language, { capitalized = false } = {}): string {
  let name = languageNames.get(lang)
  if (name === undefined) {
    name = new Intl.DisplayNames([lang], { type: 'language' }).of(lang) ?? lang
    languageNames.set(lang, name)
  }
  return capitalized ? name.charAt(0).toLocaleUpperCase(lang) + name.slice(1) : name
}
