/**
 * HTML string → a linkedom Document that Readability and our metadata readers can rely on. linkedom (much lighter
 * than jsdom for the same output, docs/dependencies.md; pinned at 0.18.14 because 0.18.15 needs a package the
 * registry does not serve) sits on htmlparser2, which builds the tree as written instead of running the HTML5
 * tree-construction algorithm, so three repairs are needed:
 *   - a fragment or a page without `<html>` gets no usable documentElement (`''` even gives null and a crash in
 *     `document.body`): wrap it;
 *   - content outside `<body>` (body tags are optional in HTML) would be invisible to Readability, which starts from
 *     `document.body`: move it in;
 *   - attribute names keep their case (`<META PROPERTY=og:url>`, `CLASS=byline`), so `getAttribute('class')`, `className`
 *     and `style` miss them: lower-case them (only when the source has an upper-case attribute name at all).
 * Scripts (except JSON-LD) and style sheets are cut from the source before parsing (strip-scripts.ts): the document
 * never holds them, as every reader of it would drop them anyway. Whether the page is a fragment is still decided on
 * the source as served, so cutting cannot change how it is wrapped.
 */
import { parseHTML } from 'linkedom'
import { stripScriptsAndStyles } from './strip-scripts.ts'

const HAS_HTML_ELEMENT = /<html[\s>]/i
const HAS_HEAD_OR_BODY = /<(?:head|body)[\s>]/i
/** An upper-case letter starting an attribute name inside a tag (cheap gate for the normalization walk). */
const UPPER_CASE_ATTRIBUTE = /<[A-Za-z][^<>]*?\s[A-Za-z-]*[A-Z][A-Za-z-]*\s*=/

export function parseHtmlDocument(html: string): Document {
  const markup = stripScriptsAndStyles(html)
  let document = parseHTML(wrapIfFragment(html, markup)).document as Document
  if (document.documentElement?.tagName !== 'HTML') {
    // Something before <html> that the parser made the root (rare: stray markup); wrap the whole thing once more.
    document = parseHTML(`<!DOCTYPE html><html><head></head><body>${markup}</body></html>`).document as Document
  }
  moveStrayContentIntoBody(document)
  if (UPPER_CASE_ATTRIBUTE.test(markup)) lowerCaseAttributeNames(document.documentElement)
  return document
}

/** `markup` (the source with scripts cut), wrapped as the source itself calls for. */
function wrapIfFragment(source: string, markup: string): string {
  if (HAS_HTML_ELEMENT.test(source)) return markup
  if (HAS_HEAD_OR_BODY.test(source)) return `<!DOCTYPE html><html>${markup}</html>`
  return `<!DOCTYPE html><html><head></head><body>${markup}</body></html>`
}

/** Elements that belong in <head> when they appear before <body> with the head tags omitted. */
const HEAD_TAGS = new Set(['TITLE', 'META', 'LINK', 'BASE', 'STYLE', 'SCRIPT', 'NOSCRIPT'])

/**
 * Children of <html> other than <head> and <body> go into <body> in document order, except head-type elements before the
 * body (`<html><title>…<meta …><p>…`, legal HTML with omitted tags), which go into <head> so `document.title` works.
 */
function moveStrayContentIntoBody(document: Document): void {
  const root = document.documentElement
  let head: Element | null = null
  let body: Element | null = null
  const toHead: ChildNode[] = []
  const before: ChildNode[] = []
  const after: ChildNode[] = []
  for (let node = root.firstChild; node !== null; node = node.nextSibling) {
    const tag = node.nodeType === 1 ? (node as Element).tagName : ''
    if (tag === 'HEAD' && head === null) head = node as Element
    else if (tag === 'BODY' && body === null) body = node as Element
    else if (body === null && before.length === 0 && HEAD_TAGS.has(tag)) toHead.push(node)
    else if (node.nodeType === 1 || (node.nodeType === 3 && (node.textContent ?? '').trim() !== '')) (body === null ? before : after).push(node)
  }
  if (toHead.length > 0) {
    if (head === null) {
      head = document.createElement('head')
      root.prepend(head)
    }
    head.append(...toHead)
  }
  if (before.length === 0 && after.length === 0) return
  if (body === null) {
    body = document.createElement('body')
    if (head === null) root.prepend(body)
    else head.after(body)
  }
  if (before.length > 0) body.prepend(...before)
  if (after.length > 0) body.append(...after)
}

function lowerCaseAttributeNames(root: Element): void {
  let el: Element | null = root
  while (el !== null) {
    for (const attr of Array.from(el.attributes)) {
      const lower = attr.name.toLowerCase()
      if (lower === attr.name) continue
      const value = attr.value
      el.removeAttribute(attr.name)
      // The first occurrence of a name wins in HTML; a lower-case duplicate already present keeps its value.
      if (!el.hasAttribute(lower)) el.setAttribute(lower, value)
    }
    el = nextElementInTree(el, root)
  }
}

/** Pre-order successor of `el` within `root`, without recursion (pages nest thousands deep). */
export function nextElementInTree(el: Element, root: Element): Element | null {
  const child = el.firstElementChild
  if (child !== null) return child
  let node: Element | null = el
  while (node !== null && node !== root) {
    const sibling: Element | null = node.nextElementSibling
    if (sibling !== null) return sibling
    node = node.parentElement
  }
  return null
}
