/**
 * The media types the catalogs (/.well-known/api-catalog, /.well-known/ai-catalog.json) declare for the service's
 * description documents. Each document is served with its declared type to a client whose Accept names it, and as
 * application/json otherwise (what generic JSON clients and the protocols' own SDKs expect).
 */
export const OPENAPI_TYPE = 'application/vnd.oai.openapi+json;version=3.1'
export const AGENT_CARD_TYPE = 'application/a2a-agent-card+json'
export const MCP_CARD_TYPE = 'application/mcp-server-card+json'
/** The agent skills index (the AI Catalog's type for it); the Agent Skills RFC serves it as application/json. */
export const SKILLS_INDEX_TYPE = 'application/agent-skills+json'

const DESCRIPTOR_TYPES = [OPENAPI_TYPE, AGENT_CARD_TYPE, MCP_CARD_TYPE, SKILLS_INDEX_TYPE] as const
const JSON_TYPE = 'application/json; charset=utf-8'

const essence = (type: string) => type.split(';')[0]!

/** True when the Accept header names `type` (its essence, without parameters). */
export function acceptsType(accept: string | undefined, type: string): boolean {
  return (accept ?? '').toLowerCase().includes(essence(type))
}

/** The Content-Type to send a description document of declared `type` with. */
export function descriptorContentType(accept: string | undefined, type: string): string {
  return acceptsType(accept, type) ? type : JSON_TYPE
}

/** Which declared types an Accept header names, as a short class for the front path's cache key. */
export function descriptorClass(accept: string): string {
  return DESCRIPTOR_TYPES.map((t, i) => (acceptsType(accept, t) ? `+${i}` : '')).join('')
}
