/** Resolves `raw` against `base` and keeps it only if the result is an absolute http(s) URL. Never throws. */
export function resolveHttpUrl(raw: string | null | undefined, base: string | null | undefined): string | null {
  if (typeof raw !== 'string') return null
  // Feeds wrap links in whitespace and sometimes in newlines; URL parsing strips tabs/newlines but not inner spaces.
  const trimmed = raw.trim()
  if (trimmed === '' || trimmed.length > 4096) return null
  let url: URL
  try {
    url = base ? new URL(trimmed, base) : new URL(trimmed)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  if (url.hostname === '') return null
  return url.href
}

/** Resolves a base (an xml:base value, say) that may itself be relative; keeps any scheme, since it is only a base. */
export function resolveBase(raw: string, base: string): string {
  try {
    return new URL(raw.trim(), base).href
  } catch {
    return base
  }
}
