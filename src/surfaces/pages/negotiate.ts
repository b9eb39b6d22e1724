/**
 * Which representation of a page to send: HTML or Markdown. `?format=` wins; otherwise the Accept header is
 * negotiated with q-values (RFC 9110 §12.5.1). HTML is the server's preference on a tie, so browsers
 * (`text/html,…,*\/*;q=0.8`) get HTML and an agent asking for `text/markdown` gets Markdown.
 */

export type PageFormat = 'html' | 'markdown'

export interface FormatChoice {
  format: PageFormat
  /** True when the choice came from the Accept header, so the response must carry `Vary: Accept`. */
  negotiated: boolean
}

interface MediaRange {
  type: string
  subtype: string
  q: number
}

function parseAccept(header: string): MediaRange[] {
  const ranges: MediaRange[] = []
  for (const part of header.split(',')) {
    const [range, ...params] = part.split(';').map((s) => s.trim())
    const match = /^([\w.+*-]+)\/([\w.+*-]+)$/.exec(range ?? '')
    if (!match) continue
    let q = 1
    for (const p of params) {
      const qv = /^q=([01](?:\.\d{0,3})?)$/i.exec(p)
      if (qv) q = Math.min(1, Number(qv[1]))
    }
    ranges.push({ type: match[1]!.toLowerCase(), subtype: match[2]!.toLowerCase(), q })
  }
  return ranges
}

interface Preference {
  q: number
  /** 2 named exactly, 1 by `type/*`, 0 by `*\/*`, -1 not matched. */
  specificity: number
}

/** The q-value the Accept header gives `type/subtype`: the most specific matching range decides. */
function preferenceFor(ranges: MediaRange[], type: string, subtype: string): Preference {
  let best = -1
  let quality = 0
  for (const r of ranges) {
    const specificity = r.type === type && r.subtype === subtype ? 2
      : r.type === type && r.subtype === '*' ? 1
        : r.type === '*' && r.subtype === '*' ? 0
          : -1
    if (specificity > best) {
      best = specificity
      quality = r.q
    }
  }
  return { q: quality, specificity: best }
}

function better(a: Preference, b: Preference): Preference {
  return a.q > b.q || (a.q === b.q && a.specificity > b.specificity) ? a : b
}

export function chooseFormat(accept: string | undefined): FormatChoice {
  if (!accept || !accept.trim()) return { format: 'html', negotiated: true }
  const ranges = parseAccept(accept)
  if (ranges.length === 0) return { format: 'html', negotiated: true }
  const markdown = better(preferenceFor(ranges, 'text', 'markdown'), preferenceFor(ranges, 'text', 'x-markdown'))
  const html = better(preferenceFor(ranges, 'text', 'html'), preferenceFor(ranges, 'application', 'xhtml+xml'))
  // Equal q: the type the client named beats one it only reached by a wildcard (`text/markdown, *\/*` wants
  // Markdown); a full tie goes to HTML. Neither acceptable (`application/json`): HTML, since a 406 helps nobody.
  const markdownWins = markdown.q > 0
    && (markdown.q > html.q || (markdown.q === html.q && markdown.specificity > html.specificity))
  return { format: markdownWins ? 'markdown' : 'html', negotiated: true }
}

/**
 * True when the Accept header ranks JSON above both page formats (`application/json`, `*\/*;q=0.1`): such a
 * client gets an error as the JSON error object rather than a page. A tie goes to the page.
 */
export function prefersJson(accept: string | undefined): boolean {
  if (!accept) return false
  const ranges = parseAccept(accept)
  const json = preferenceFor(ranges, 'application', 'json')
  if (json.q <= 0 || json.specificity < 1) return false
  const page = better(
    better(preferenceFor(ranges, 'text', 'html'), preferenceFor(ranges, 'application', 'xhtml+xml')),
    better(preferenceFor(ranges, 'text', 'markdown'), preferenceFor(ranges, 'text', 'x-markdown')),
  )
  return json.q > page.q || (json.q === page.q && json.specificity > page.specificity)
}
