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

/**
 * Characters of text inside links to other pages of the same site, or -1 when a link leads to another site. Named
 * anchors (no href), in-page links ("#section", the page's own URL) and non-web links are not counted: a heading that
 * is its own anchor is still the page's text.
 */
function internalLinkText(el: Element, page: URL): number {
  let n = 0
  for (const a of Array.from(el.querySelectorAll('a'))) {
    const href = a.getAttribute('href')
    if (!href) continue
    let target: URL
    try {
      target = new URL(href, page)
    } catch {
      continue
    }
    if (target.protocol !== 'http:' && target.protocol !== 'https:') continue
    if (target.host === page.host && target.pathname === page.pathname && target.search === page.search) continue
    if (!sameSite(siteOf(target.hostname), siteOf(page.hostname))) return -1
    n += nonSpaceLength(a.textContent)
  }
  return n
}

export function trimArticle(content: Element, pageUrl: string): void {
  let page: URL
  try {
    page = new URL(pageUrl)
  } catch {
    return // Without the page's URL no link can be told internal: nothing is removed.
  }
  for (const el of Array.from(content.querySelectorAll(LINK_BLOCKS))) {
    const text = nonSpaceLength(el.textContent)
    if (text === 0 || text > LINK_ONLY_MAX_CHARS) continue
    if (internalLinkText(el, page) / text >= LINK_ONLY_SHARE) el.remove()
  }
}
