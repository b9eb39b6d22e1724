import { CAPABILITIES } from '../../capabilities/catalog.ts'
import { MCP_SERVER_NAME, SERVER_CAPABILITIES, TOOL_ANNOTATIONS } from './mcp-server.ts'
import { toolDefinitions } from './tool-schemas.ts'

/** The revisions POST /mcp answers: the stateless 2026 revision and the three initialize-based ones. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28'
export const LEGACY_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'] as const

export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json'

export interface ServerCardFacts {
  siteUrl: string
  title: string
  version: string
  /** At most 100 characters (SEP-2127). */
  description: string
  instructions: string
}

/**
 * The MCP server card: the SEP-2127 fields (name, version, description, remotes, …) plus the legacy SEP-1649
 * fields scanners still read (serverInfo, transport, capabilities, tools). SEP-2127 objects are open, so one card
 * serves both readers. Generated from the capability catalog, like the runtime tool list.
 */
export function renderServerCard(facts: ServerCardFacts) {
  const endpoint = `${facts.siteUrl}/mcp`
  return {
    $schema: SERVER_CARD_SCHEMA,
    // SEP-2127 wants reverse-DNS-like "namespace/name"; the host name (no port) is the namespace we control.
    name: `${new URL(facts.siteUrl).hostname}/${MCP_SERVER_NAME}`,
    version: facts.version,
    title: facts.title,
    description: facts.description,
    websiteUrl: `${facts.siteUrl}/`,
    icons: [{ src: `${facts.siteUrl}/favicon.svg`, mimeType: 'image/svg+xml', sizes: ['any'] }],
    remotes: [{
      type: 'streamable-http',
      url: endpoint,
      supportedProtocolVersions: [MODERN_PROTOCOL_VERSION, ...LEGACY_PROTOCOL_VERSIONS],
    }],
    serverInfo: { name: MCP_SERVER_NAME, title: facts.title, version: facts.version },
    protocolVersion: LEGACY_PROTOCOL_VERSIONS[0],
    transport: { type: 'streamable-http', endpoint },
    authentication: { required: false },
    capabilities: SERVER_CAPABILITIES,
    instructions: facts.instructions,
    tools: toolDefinitions(CAPABILITIES).map((tool) => ({ ...tool, annotations: { title: tool.title, ...TOOL_ANNOTATIONS } })),
    _meta: {
      [`${new URL(facts.siteUrl).hostname}/docs`]: `${facts.siteUrl}/llms.txt`,
    },
  }
}
