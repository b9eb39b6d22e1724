/**
 * The canonical form of an article URL, used as the primary dedupe key: the same article reached through a newsletter,
 * a social share and the RSS feed should collapse to one URL, while anything that might select different content is
 * kept. Rules:
 *   - http and https only (anything else → null); no credentials;
 *   - scheme and host lower-cased (WHATWG URL parsing does this, and IDNA → punycode), trailing dot of the host dropped,
 *     default port dropped;
 *   - the fragment dropped;
 *   - tracking parameters dropped (utm_* and the list below, matched case-insensitively); the other parameters are kept
 *     byte for byte in their original order (no re-encoding: `+` versus `%20` can matter to a server);
 *   - an empty query (a trailing `?`) and empty `&&` segments dropped;
 *   - the path keeps its case and trailing slash; percent-escapes are upper-cased and escapes of unreserved characters
 *     (A–Z a–z 0–9 - . _ ~) decoded, which RFC 3986 §6.2.2 says cannot change the resource.
 * The scheme is not unified (http vs https): they can be different sites in principle; the dedupe stage also keys on
 * GUID and content hash, which catch that case.
 */
import { resolveHttpUrl } from '../parse/resolve-url.ts'

/** Exact parameter names (lower-case) that only track the reader. */
const TRACKING_PARAMS = new Set([
  // ad and social click ids
  'fbclid', 'gclid', 'gclsrc', 'dclid', 'gbraid', 'wbraid', 'msclkid', 'yclid', 'ttclid', 'twclid', 'li_fat_id',
  'igshid', 'igsh', 'srsltid', 'epik', 'rdt_cid', 's_kwcid', 'ef_id',
  // mail and marketing platforms
  'mc_cid', 'mc_eid', '_hsenc', '_hsmi', '__hstc', '__hssc', '__hsfp', 'hsctatracking', 'mkt_tok', 'vero_id', 'vero_conv',
  'oly_anon_id', 'oly_enc_id', 'rb_clickid', 'sc_cid', 'ml_subscriber', 'ml_subscriber_hash', 'bsft_clkid', 'bsft_uid',
  // analytics
  '_ga', '_gl', '_ke', 'spm', 'scm', 'wt.mc_id', 'wt_mc', 'wt.tsrc', 'xtor', 'at_medium', 'at_campaign',
  'at_campaign_type', 'at_creation', 'at_emailtype', 'at_link', 'at_link_id', 'at_link_origin', 'at_link_type',
  'at_ptr_name', 'at_recipient_id', 'at_recipient_list', 'at_send_date', 'at_format',
  // publishers' referral / campaign tags
  'ref', 'ref_src', 'ref_url', 'referrer', 'cmpid', 'cmp', 'ocid', 'icid', 'ncid', 'smid', 'smtyp', 'sr_share',
  'soc_src', 'soc_trk', 'ito', 'itm_source', 'itm_medium', 'itm_campaign', 'itm_content', 'guccounter',
  'guce_referrer', 'guce_referrer_sig', 'sharesource', 'cid_source', 'feature', 'rss', 'emc', '__twitter_impression',
])

/** Parameter name prefixes (lower-case) that only track the reader. */
const TRACKING_PREFIXES = ['utm_', 'pk_', 'mtm_', 'hmb_', 'at_custom', 'fb_', 'ga_', 'hsa_', 'oly_', 'trk_']

export function isTrackingParam(name: string): boolean {
  const key = name.toLowerCase()
  if (TRACKING_PARAMS.has(key)) return true
  return TRACKING_PREFIXES.some((p) => key.startsWith(p))
}

function decodeParamName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '))
  } catch {
    return raw
  }
}

const UNRESERVED = /[A-Za-z0-9\-._~]/

/** Upper-cases percent-escapes and decodes escaped unreserved characters. */
function normalizeEscapes(s: string): string {
  return s.replace(/%([0-9a-fA-F]{2})/g, (_m, hex: string) => {
    const ch = String.fromCharCode(Number.parseInt(hex, 16))
    return UNRESERVED.test(ch) ? ch : `%${hex.toUpperCase()}`
  })
}

/** The canonical form of `input` (resolved against `base` when relative), or null when it is not an http(s) URL. */
export function canonicalUrl(input: string | null | undefined, base?: string): string | null {
  const resolved = resolveHttpUrl(input, base)
  if (resolved === null) return null
  const url = new URL(resolved)
  url.username = ''
  url.password = ''
  url.hash = ''
  if (url.hostname.endsWith('.')) url.hostname = url.hostname.replace(/\.+$/, '')

  const search = url.search.startsWith('?') ? url.search.slice(1) : url.search
  const kept = search.split('&').filter((pair) => {
    if (pair === '') return false
    const eq = pair.indexOf('=')
    const name = decodeParamName(eq < 0 ? pair : pair.slice(0, eq))
    return !isTrackingParam(name)
  })
  url.search = kept.length === 0 ? '' : `?${kept.map(normalizeEscapes).join('&')}`
  url.pathname = normalizeEscapes(url.pathname)
  return url.href
}
