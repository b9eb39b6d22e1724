import fs from 'node:fs'
import path from 'node:path'
import MarkdownIt from 'markdown-it'
import { PACKAGE_ROOT } from '../../config/paths.ts'
import { LANGUAGES, type Language } from '../../domain/languages.ts'
import { mdInline, mdUrl } from '../../markdown/escape.ts'
import type { StaticDocumentSlug } from './models.ts'

/**
 * The pricing and legal pages. The bundled English texts live in content/pages/*.md; an operator replaces any of
 * them with PAGES_DIR/<slug>.md, and may add translations as PAGES_DIR/<slug>.<lang>.md. Files are read once at
 * start, so a missing or unreadable operator file fails loudly then, not on a reader's request.
 */

export const STATIC_DOCUMENTS: readonly StaticDocumentSlug[] = ['pricing', 'terms', 'privacy', 'refund']

/** The date the bundled texts were last revised; operator files use their modification date. */
const BUNDLED_TEXTS_UPDATED = '2026-11-21'

export interface StaticDocument {
  slug: StaticDocumentSlug
  lang: Language
  title: string
  markdown: string
  html: string
}

export interface StaticDocuments {
  /** The document in `lang` when the operator provided one, else the default text. */
  get(slug: StaticDocumentSlug, lang: Language): StaticDocument
}

export interface DocumentSettings {
  siteUrl: string
  pagesDir: string | undefined
  operator: { name: string; contact: string | null }
}

// Raw HTML off: an operator's file, like publisher text, must never inject markup or script into a page.
const markdownIt = new MarkdownIt({ html: false, linkify: false, typographer: false })

function contactLink(contact: string | null): string {
  if (!contact) return 'the operator (no contact address has been published for this instance yet)'
  const label = contact.startsWith('mailto:') ? contact.slice('mailto:'.length) : contact
  return `[${mdInline(label)}](${mdUrl(contact)})`
}

function fillPlaceholders(text: string, settings: DocumentSettings, updated: string): string {
  const values: Record<string, string> = {
    site_url: settings.siteUrl,
    site_host: new URL(settings.siteUrl).host,
    operator_name: mdInline(settings.operator.name),
    operator_contact: contactLink(settings.operator.contact),
    updated,
  }
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole)
}

function build(slug: StaticDocumentSlug, lang: Language, file: string, updated: string, settings: DocumentSettings): StaticDocument {
  const markdown = fillPlaceholders(fs.readFileSync(file, 'utf8'), settings, updated)
  const heading = /^#\s+(.+)$/m.exec(markdown)
  const title = heading ? heading[1]!.replace(/\\(.)/g, '$1').trim() : slug
  return { slug, lang, title, markdown, html: markdownIt.render(markdown) }
}

export function loadStaticDocuments(settings: DocumentSettings): StaticDocuments {
  const bundledDir = path.join(PACKAGE_ROOT, 'content', 'pages')
  const docs = new Map<string, StaticDocument>()
  for (const slug of STATIC_DOCUMENTS) {
    docs.set(`${slug}:default`, build(slug, 'en', path.join(bundledDir, `${slug}.md`), BUNDLED_TEXTS_UPDATED, settings))
    if (!settings.pagesDir) continue
    for (const variant of [null, ...LANGUAGES]) {
      const file = path.join(settings.pagesDir, variant ? `${slug}.${variant}.md` : `${slug}.md`)
      if (!fs.existsSync(file)) continue
      const updated = fs.statSync(file).mtime.toISOString().slice(0, 10)
      // An operator's <slug>.md has no language marker: it is taken to be English, like the text it replaces.
      docs.set(`${slug}:${variant ?? 'default'}`, build(slug, variant ?? 'en', file, updated, settings))
    }
  }
  return {
    get: (slug, lang) => docs.get(`${slug}:${lang}`) ?? docs.get(`${slug}:default`)!,
  }
}
