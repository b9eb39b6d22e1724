import { DEFAULT_LANGUAGE, type Language } from '../../domain/languages.ts'
import type { PageFormat } from './negotiate.ts'
import type { PageContext } from './models.ts'

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

/** The address of another page of this list: the page's own parameters (`ctx.keep`), its cursor replaced. */
export function pagedHref(ctx: PageContext, cursor: string | null, format: PageFormat = 'html'): string {
  const { cursor: _current, ...keep } = ctx.keep ?? {}
  return pageHref(ctx.path, ctx.lang, format, cursor ? { ...keep, cursor } : keep)
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

const namesIn = new Map<string, string>()

/** The name of `lang` in language `inLang`, capitalized ("Englisch" in German): a fallback text's marker in lists. */
export function languageNameIn(lang: Language, inLang: Language): string {
  const key = `${lang}:${inLang}`
  let name = namesIn.get(key)
  if (name === undefined) {
    const raw = new Intl.DisplayNames([inLang], { type: 'language' }).of(lang) ?? lang
    name = raw.charAt(0).toLocaleUpperCase(inLang) + raw.slice(1)
    namesIn.set(key, name)
  }
  return name
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
