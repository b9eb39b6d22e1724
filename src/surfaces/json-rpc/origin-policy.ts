/**
 * The Origin check of a JSON-RPC endpoint, run on /mcp (Streamable HTTP: "If the Origin header is present and
 * invalid, servers MUST respond with HTTP 403"). It defends against DNS rebinding and against other websites driving a visitor's browser to call
 * the endpoint. Agents and desktop clients send no Origin and pass. A browser may call from the site itself, from
 * a localhost page (local development, the MCP Inspector) or from an origin the operator lists in
 * MCP_ALLOWED_ORIGINS. Everything else, including the opaque origin `null`, is refused.
 */

const LOCALHOST_NAMES = new Set(['localhost', '127.0.0.1', '[::1]'])

export function createOriginPolicy(siteUrl: string, extraOrigins: readonly string[]): (origin: string | undefined) => boolean {
  const allowed = new Set([new URL(siteUrl).origin, ...extraOrigins])
  return (origin) => {
    if (origin === undefined || origin === '') return true
    if (allowed.has(origin)) return true
    let url: URL
    try {
      url = new URL(origin)
    } catch {
      return false
    }
    // Any port: the Inspector and dev servers pick one. Only an exact origin string (no path) counts.
    return /^https?:$/.test(url.protocol) && LOCALHOST_NAMES.has(url.hostname) && url.origin === origin
  }
}
