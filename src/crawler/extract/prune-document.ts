/**
 * Removes from <body> what can never be article text, before Readability scores the page:
 *   - elements that are not prose (script, style, iframe, svg, form controls, media, …);
 *   - hidden elements, in the forms an HTML page can express without a style sheet: the `hidden` attribute,
 *     `aria-hidden="true"`, inline styles (display:none, visibility:hidden, opacity:0, font-size:0, off-screen
 *     positioning, clip, zero size with overflow hidden) and the usual utility classes (sr-only, visually-hidden, d-none,
 *     …). Readability itself drops only `hidden`, `aria-hidden`, display:none and visibility:hidden, so text a
 *     publisher (or an attacker) hid from readers in the other ways — a classic vehicle for prompt injection aimed at
 *     whoever summarises the page — would otherwise be extracted. Text hidden by an external style sheet (a class
 *     defined in a .css file, white on white) cannot be seen without a CSS engine and is NOT removed: the summarizer
 *     must treat article text as data regardless;
 *   - boilerplate marked as such by element (nav, aside, footer, dialog), ARIA role or class/id token (ads, share bars,
 *     cookie and consent banners, newsletter boxes, related links, comments), but only when it is short or mostly
 *     links and holds no h1/article/main: a wrapper classed "ad-free" or "article-related" around the story survives;
 *   - captions and photo credits (<figcaption>, a class or id naming a caption anywhere — "newsCaption",
 *     "wp-caption-text" — or a credit/copyright segment), when short: they describe a picture we never show, and
 *     readers do not count them as the story;
 *   - the byline element (class/id/rel/itemprop author, byline, …): its text is returned separately, so it does not
 *     open the article text (Readability skips this when the page also has a meta author);
 *   - elements without any text or image (empty wrappers, ad slots, icon fonts): they only cost Readability time.
 * It also measures what is left and refuses trees that would make Readability slow (see PRUNE_LIMITS).
 *
 * Three linear passes over an array of the elements in document order (no recursion: pages nest thousands deep), with
 * text lengths computed bottom-up once, so every decision is O(1).
 */
import { collapseWhitespace, stripControls } from '../normalize/html-text.ts'

export interface PruneLimits {
  /** Elements in <body> as parsed (bounds the passes below; the tag count before parsing usually bounds it first). */
  maxElements: number
  /** Elements left after pruning: what Readability will walk. */
  maxKeptElements: number
  /** Nesting of the elements left after pruning, below <body>. */
  maxDepth: number
}

/**
 * Readability's cost grows with depth and with the number of small blocks, not with bytes: faster than linearly with
 * depth (a chain thousands deep runs for minutes, then overflows the stack), and by a fixed cost per block of phrasing
 * content (`<div><span>…</span> <a>…</a></div>`, which it rewrites into paragraphs). The limits are the worst case we
 * accept, a fraction of a second of one worker (the measurements they were set from: decision 0017). Article pages
 * stay far below both once boilerplate and empty wrappers are gone (the fixtures keep 7–31 elements, depth ≤ 5).
 * Empty and boilerplate elements do not count, so a page is not refused for its ad slots or wrapper soup.
 */
export const PRUNE_LIMITS: PruneLimits = { maxElements: 50_000, maxKeptElements: 6_000, maxDepth: 96 }

export type PruneResult =
  | { ok: true, byline: string | null, elements: number, removed: number, maxDepth: number }
  | { ok: false, detail: string }

/** Never prose. `script` stays when it is JSON-LD, which Readability reads for title, byline and date. */
const NOT_PROSE = new Set([
  'script', 'style', 'link', 'meta', 'noscript', 'template', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet',
  'param', 'svg', 'math', 'canvas', 'audio', 'video', 'map', 'area', 'input', 'select', 'textarea', 'button', 'option',
  'optgroup', 'datalist', 'output', 'progress', 'meter', 'dialog', 'portal', 'base', 'title',
])
// <form> is not in the list: ASP.NET WebForms pages wrap the whole body in one.

/** Boilerplate by element; removed only when it also looks like boilerplate (see isDisposable). */
const BOILERPLATE_TAGS = new Set(['nav', 'aside', 'footer'])
const BOILERPLATE_ROLES = new Set(['navigation', 'search', 'dialog', 'alertdialog', 'contentinfo', 'complementary', 'banner'])

/** Count as content even without text (figures keep their parent alive for Readability's image heuristics). */
const CONTENT_WITHOUT_TEXT = new Set(['img', 'picture'])
/** Structure that must survive even when empty (Readability turns <br> runs into paragraphs; tables need their cells). */
const KEEP_WHEN_EMPTY = new Set(['br', 'wbr', 'hr', 'td', 'th', 'tr', 'tbody', 'thead', 'tfoot', 'table', 'col', 'colgroup', 'source'])

const HIDDEN_CLASS = /^(?:sr-only(?:-focusable)?|visually-?hidden|screen-reader-(?:text|only)|hidden|hide|is-hidden|u-hidden|d-none|offscreen|element-invisible|invisible|a11y-hidden|show-for-sr|assistive-text)$/i

const HIDDEN_STYLE = [
  /(?:^|[;\s])display\s*:\s*none/i,
  /(?:^|[;\s])visibility\s*:\s*(?:hidden|collapse)/i,
  /(?:^|[;\s])opacity\s*:\s*0*(?:\.0+)?\s*(?:;|!|$)/i,
  /(?:^|[;\s])font-size\s*:\s*0*(?:\.0+)?(?:px|em|rem|pt|%|vw|vh)?\s*(?:;|!|$)/i,
  /(?:^|[;\s])(?:left|top|right|text-indent|margin-left|margin-top)\s*:\s*-\d{3,}/i,
  /(?:^|[;\s])clip\s*:\s*rect\(\s*0/i,
  /(?:^|[;\s])clip-path\s*:\s*inset\(\s*50%/i,
]
const ZERO_SIZE = /(?:^|[;\s])(?:max-)?(?:height|width)\s*:\s*0(?:px)?\s*(?:;|!|$)/i
const OVERFLOW_HIDDEN = /overflow\s*:\s*hidden/i

/**
 * Words that mark boilerplate when they appear as a whole segment of a class or id token split on '-' and '_' ("ad",
 * "ad-slot", "story-ad-unit", "social_share"), never as substrings: "header", "shadow", "loaded", "shareholder" and
 * "adventure" do not match.
 */
const BOILERPLATE_WORDS = new Set([
  // advertising
  'ad', 'ads', 'adv', 'advert', 'adverts', 'advertisement', 'advertisements', 'advertising', 'adslot', 'adunit',
  'adcontainer', 'adwrapper', 'adbox', 'dfp', 'sponsor', 'sponsored', 'promo', 'promoted', 'outbrain', 'taboola',
  'anzeige', 'werbung', 'publicidad', 'publicite',
  // sharing
  'share', 'shares', 'sharing', 'sharebar', 'social',
  // cookie and consent banners
  'cookie', 'cookies', 'consent', 'gdpr',
  // newsletter and subscription prompts
  'newsletter', 'signup', 'subscribe',
  // recirculation
  'related', 'recirc', 'recirculation', 'trending', 'recommended',
  // comments
  'comment', 'comments', 'disqus',
])
/** Two-word segments ("read-more", "most_read"). */
const BOILERPLATE_PAIRS = new Set(['read more', 'more stories', 'most read', 'most popular', 'most viewed', 'sign up', 'also read'])

function isBoilerplateToken(token: string): boolean {
  const segments = token.toLowerCase().split(/[-_]+/)
  for (let i = 0; i < segments.length; i++) {
    if (BOILERPLATE_WORDS.has(segments[i]!)) return true
    if (i > 0 && BOILERPLATE_PAIRS.has(`${segments[i - 1]} ${segments[i]}`)) return true
  }
  return false
}

const CREDIT_WORDS = new Set(['credit', 'credits', 'copyright', 'photocredit', 'imagecredit'])
/** A caption-classed element longer than this is a wrapper that also holds the story ("has-caption" containers). */
const CAPTION_MAX_CHARS = 400

function isCaption(f: Facts): boolean {
  if (f.holdsStory || f.text > CAPTION_MAX_CHARS) return false
  if (f.tag === 'figcaption') return true
  const names = `${f.el.getAttribute('class') ?? ''} ${f.el.getAttribute('id') ?? ''}`.toLowerCase()
  if (names.includes('caption')) return true
  return names.split(/\s+/).some((token) => token.split(/[-_]+/).some((segment) => CREDIT_WORDS.has(segment)))
}

const BYLINE = /byline|author|autor|auteur|firma|signature|dateline|writtenby|p-author|verfasser/i
const BYLINE_MAX_CHARS = 100

/** Boilerplate candidates larger than this are kept unless mostly links (a story wrapper with an unlucky class name). */
const BOILERPLATE_MAX_CHARS = 600
const BOILERPLATE_LINK_DENSITY = 0.4

interface Facts {
  el: Element
  /** Lower-case local name (linkedom's tagName is upper-case for HTML). */
  tag: string
  parent: number
  depth: number
  /** Elements in the subtree including this one: the pre-order range to skip when it is removed. */
  size: number
  /** Non-space characters of text in the subtree. */
  text: number
  /** Of which inside <a>. */
  linkText: number
  /** Has text or an image somewhere inside. */
  content: boolean
  /** Contains an h1, article, main or [itemprop=articleBody]: never boilerplate. */
  holdsStory: boolean
}

function nonSpaceLength(s: string): number {
  let n = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    if (c > 0x20 && c !== 0xa0) n++
  }
  return n
}

function classTokens(el: Element): string[] {
  const cls = el.getAttribute('class')
  const id = el.getAttribute('id')
  const tokens = cls ? cls.split(/\s+/) : []
  if (id) tokens.push(id)
  return tokens
}

export function isHiddenElement(el: Element): boolean {
  if (el.hasAttribute('hidden')) return true
  if (el.getAttribute('aria-hidden') === 'true' && !(el.getAttribute('class') ?? '').includes('fallback-image')) return true
  const style = el.getAttribute('style')
  if (style) {
    if (HIDDEN_STYLE.some((re) => re.test(style))) return true
    if (ZERO_SIZE.test(style) && OVERFLOW_HIDDEN.test(style)) return true
  }
  return classTokens(el).some((t) => HIDDEN_CLASS.test(t))
}

function isNotProse(f: Facts): boolean {
  if (!NOT_PROSE.has(f.tag)) return false
  return !(f.tag === 'script' && /^\s*application\/ld\+json\s*$/i.test(f.el.getAttribute('type') ?? ''))
}

function looksLikeBoilerplate(f: Facts): boolean {
  const tagged = BOILERPLATE_TAGS.has(f.tag) || BOILERPLATE_ROLES.has((f.el.getAttribute('role') ?? '').toLowerCase()) ||
    classTokens(f.el).some(isBoilerplateToken)
  if (!tagged || f.holdsStory) return false
  return f.text <= BOILERPLATE_MAX_CHARS || f.linkText / Math.max(1, f.text) > BOILERPLATE_LINK_DENSITY
}

function isBylineElement(f: Facts): boolean {
  if (f.holdsStory || f.text === 0 || f.text > BYLINE_MAX_CHARS) return false
  const el = f.el
  if (el.getAttribute('rel') === 'author' || (el.getAttribute('itemprop') ?? '').includes('author')) return true
  return BYLINE.test(`${el.getAttribute('class') ?? ''} ${el.getAttribute('id') ?? ''}`)
}

/** Pass 1: the elements of `root` in document order with parent index and depth. Stops early past maxElements. */
function collect(root: Element, limits: PruneLimits): Facts[] | string {
  const facts: Facts[] = []
  const parentStack: number[] = []
  let el: Element | null = root
  let depth = 0
  while (el !== null) {
    const index = facts.length
    if (index > limits.maxElements) return `more than ${limits.maxElements} elements`
    facts.push({
      el, tag: el.localName, parent: parentStack.length > 0 ? parentStack[parentStack.length - 1]! : -1, depth,
      size: 1, text: 0, linkText: 0, content: false, holdsStory: false,
    })
    const child: Element | null = el.firstElementChild
    if (child !== null) {
      parentStack.push(index)
      depth++
      el = child
      continue
    }
    // Climb until a sibling exists.
    let node: Element | null = el
    el = null
    while (node !== null && node !== root) {
      const sibling: Element | null = node.nextElementSibling
      if (sibling !== null) {
        el = sibling
        break
      }
      node = node.parentElement
      parentStack.pop()
      depth--
    }
  }
  return facts
}

/** Pass 2: bottom-up sums (children come after their parent in document order, so walk backwards). */
function measure(facts: Facts[]): void {
  for (let i = facts.length - 1; i >= 0; i--) {
    const f = facts[i]!
    for (let n = f.el.firstChild; n !== null; n = n.nextSibling) {
      if (n.nodeType === 3) f.text += nonSpaceLength(n.textContent ?? '')
    }
    if (f.tag === 'a') f.linkText = f.text
    if (f.text > 0 || CONTENT_WITHOUT_TEXT.has(f.tag)) f.content = true
    if (f.tag === 'h1' || f.tag === 'article' || f.tag === 'main' || f.el.getAttribute('itemprop') === 'articleBody') f.holdsStory = true
    if (f.parent >= 0) {
      const p = facts[f.parent]!
      p.size += f.size
      p.text += f.text
      p.linkText += f.tag === 'a' ? f.text : f.linkText
      p.content ||= f.content
      p.holdsStory ||= f.holdsStory
    }
  }
}

export function pruneDocument(document: Document, limits: PruneLimits = PRUNE_LIMITS): PruneResult {
  const body = document.body
  const collected = collect(body, limits)
  if (typeof collected === 'string') return { ok: false, detail: collected }
  const facts = collected
  measure(facts)

  let byline: string | null = null
  let removed = 0
  let maxDepth = 0
  // Pass 3: document order; a removed element's whole subtree is skipped. Index 0 is <body> itself.
  for (let i = 1; i < facts.length;) {
    const f = facts[i]!
    let remove = isNotProse(f) || isHiddenElement(f.el) || (!f.content && !KEEP_WHEN_EMPTY.has(f.tag)) || looksLikeBoilerplate(f) || isCaption(f)
    if (!remove && isBylineElement(f)) {
      byline ??= collapseWhitespace(stripControls(f.el.textContent ?? '')) || null
      remove = true
    }
    if (remove) {
      f.el.remove()
      removed += f.size
      i += f.size
    } else {
      if (f.depth > maxDepth) maxDepth = f.depth
      i++
    }
  }
  const kept = facts.length - removed
  if (kept > limits.maxKeptElements) return { ok: false, detail: `${kept} elements after pruning > ${limits.maxKeptElements}` }
  if (maxDepth > limits.maxDepth) return { ok: false, detail: `nesting ${maxDepth} deep after pruning > ${limits.maxDepth}` }
  return { ok: true, byline, elements: kept, removed, maxDepth }
}
