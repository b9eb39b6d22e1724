import type { SitemapRef, SitemapUrl } from '../../query/views.ts'

/** The sitemaps.org protocol namespace, shared by url sets and sitemap indexes. */
export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9'

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

/** Escapes text for XML element content or attribute values (sitemaps.org requires all five entities). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch]!)
}

const element = (name: string, text: string | undefined) => (text === undefined ? '' : `<${name}>${escapeXml(text)}</${name}>`)

function document(root: string, child: string, entries: ReadonlyArray<{ loc: string; lastmod?: string }>): string {
  const lines = entries.map((e) => `<${child}>${element('loc', e.loc)}${element('lastmod', e.lastmod)}</${child}>`)
  return `<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="${SITEMAP_NAMESPACE}">\n${lines.join('\n')}\n</${root}>\n`
}

/** A `<urlset>` sitemap: one `<url>` per entry, with `<lastmod>` when known. */
export function urlsetXml(urls: readonly SitemapUrl[]): string {
  return document('urlset', 'url', urls)
}

/** A `<sitemapindex>`: one `<sitemap>` per child sitemap. */
export function sitemapIndexXml(sitemaps: readonly SitemapRef[]): string {
  return document('sitemapindex', 'sitemap', sitemaps)
}
