import type { Context } from 'hono'
import { AppError } from '../../domain/errors.ts'
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '../../domain/languages.ts'
import { chooseFormat, type FormatChoice } from './negotiate.ts'

export interface PageRequest extends FormatChoice {
  lang: Language
  /** The page path without a `.md` suffix: `/s/abc.md` and `/s/abc` are one page in two formats. */
  path: string
}

/**
 * Reads the format and language of a page request. `?format=md` or a `.md` suffix asks for Markdown explicitly
 * (not negotiated, so no Vary); otherwise the Accept header decides.
 */
export function readPageRequest(c: Context): PageRequest {
  const rawPath = c.req.path
  const suffixed = rawPath.endsWith('.md')
  const path = suffixed ? rawPath.slice(0, -'.md'.length) || '/' : rawPath

  const langParam = c.req.query('lang')
  if (langParam !== undefined && !isLanguage(langParam)) {
    throw AppError.invalidField('lang', `must be one of ${LANGUAGES.join(', ')} (got "${langParam.slice(0, 20)}")`)
  }
  const lang = langParam ?? DEFAULT_LANGUAGE

  const format = c.req.query('format')
  if (format !== undefined) {
    if (format === 'md' || format === 'markdown') return { format: 'markdown', negotiated: false, lang, path }
    if (format === 'html') return { format: 'html', negotiated: false, lang, path }
    throw AppError.invalidField('format', `must be md or html (got "${format.slice(0, 20)}")`)
  }
  if (suffixed) return { format: 'markdown', negotiated: false, lang, path }
  return { ...chooseFormat(c.req.header('Accept')), lang, path }
}

/**
 * The language and format an error page is written in, never failing: a bad `lang` or `format` falls back to
 * the default rather than hiding the error it would report. The path is always the home page's, because an
 * error page's links (language switcher, format alternates) must come from a validated route, never from the
 * path the client sent (which may be `//evil.example` or carry characters a header cannot hold).
 */
export function readErrorPageRequest(c: Context): PageRequest {
  const langParam = c.req.query('lang')
  const lang = langParam !== undefined && isLanguage(langParam) ? langParam : DEFAULT_LANGUAGE
  const format = c.req.query('format')
  if (format === 'md' || format === 'markdown') return { format: 'markdown', negotiated: false, lang, path: '/' }
  if (format === 'html') return { format: 'html', negotiated: false, lang, path: '/' }
  if (c.req.path.endsWith('.md')) return { format: 'markdown', negotiated: false, lang, path: '/' }
  return { ...chooseFormat(c.req.header('Accept')), lang, path: '/' }
}
