/**
 * The last DOM pass over Readability's article element, before it becomes text: removes what Readability keeps because
 * it sits inside the article container but readers do not count as the story (captions go earlier, in
 * prune-document.ts, because Readability drops the class of a <div> it turns into a paragraph):
 *   - blocks that are only a link to the same site (a paragraph, list item or heading whose text is nearly all inside
 *     <a> pointing at the page's own site): the "related stories" lists and promo lines that CMSs put between
 *     paragraphs. A sentence with a link in it keeps most of its text outside the link and stays; so does a line that
 *     links elsewhere (a cited source, a shop in a deals article, a bare URL): it is part of what the author wrote.
 * Runs after the listing check (contentShape), which needs those links to recognise a section front.
 */

/** Blocks tested for being only a link. */
const LINK_BLOCKS = 'p, li, h2, h3, h4, h5, h6, dt, dd'
const LINK_ONLY_SHARE = 0.8
/** A long all-link block is rarer and more likely a linked pull quote: only short ones go. */
const LINK_ONLY_MAX_CHARS = 200

function nonSpaceLength(s: string | null): number {
  if (!s) return 0
  let n = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c > 0x20 && c !== 0xa0) n++
  }
  return n
}

function siteOf(host: string): string {
  return host.toLowerCase().replace(/^www\d*\./, '')
}

/** Same site: the same host without "www.", or a subdomain of the other ("edition.x.com" and "x.com"). */
function sameSite(a: string, b: string): boolean {
  return a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`)
}

/** Characters of text inside links, or -1 when one of the links leads to another site. */
function internalLinkText(el: Element, pageSite: string | null): number {
  let n = 0
  for (const a of Array.from(el.querySelectorAll('a'))) {
    const href = a.getAttribute('href')
    if (href && pageSite !== null && !href.startsWith('#')) {
      let site: string
      try {
        site = siteOf(new URL(href, `https://${pageSite}/`).hostname)
      } catch {
        continue
      }
      if (!sameSite(site, pageSite)) return -1
    }
    n += nonSpaceLength(a.textContent)
  }
  return n
}

export function trimArticle(content: Element, pageUrl: string): void {
  let pageSite: string | null = null
  try {
    pageSite = siteOf(new URL(pageUrl).hostname)
  } catch {
    // No usable page URL: every link counts as internal.
  }
  for (const el of Array.from(content.querySelectorAll(LINK_BLOCKS))) {
    const text = nonSpaceLength(el.textContent)
    if (text === 0 || text > LINK_ONLY_MAX_CHARS) continue
    if (internalLinkText(el, pageSite) / text >= LINK_ONLY_SHARE) el.remove()
  }
}
