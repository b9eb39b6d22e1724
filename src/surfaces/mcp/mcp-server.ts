import { McpServer, type CallToolResult } from '@modelcontextprotocol/server'
import type { Logger } from 'pino'
import { CAPABILITIES } from '../../capabilities/catalog.ts'
import { runCapability, type CapabilityDeps } from '../../capabilities/run-capability.ts'
import { AppError } from '../../domain/errors.ts'
import { toolOutputSchema } from './tool-schemas.ts'

/** Every tool only reads the service's own corpus: the same answer for every caller, nothing changes. */
export const TOOL_ANNOTATIONS = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const

/** MCP tool names are the capability names (snake_case, within the spec's [A-Za-z0-9_.-]{1,128}). */
export const MCP_SERVER_NAME = 'newsdesk'

export interface McpServerDeps extends CapabilityDeps {
  version: string
  title: string
  instructions: string
  log: Logger
}

/** How long an MCP client may reuse tools/list and server/discover (2026-07-28 cache hints): a deploy changes them. */
const LIST_TTL_MS = 60 * 60 * 1000

/**
 * Builds the MCP server: one tool per capability, with the catalog's name, description and zod schemas. Stateless:
 * a fresh instance per HTTP request is cheap (registration is a few object allocations) and is what both the
 * SDK's legacy transport and its 2026-07-28 handler expect.
 */
export function createMcpServerFactory(deps: McpServerDeps): () => McpServer {
  return () => {
    const server = new McpServer(
      { name: MCP_SERVER_NAME, title: deps.title, version: deps.version },
      {
        instructions: deps.instructions,
        // The tool list is fixed for the life of the process, and a stateless server has no stream to announce on.
        capabilities: { tools: { listChanged: false } },
        cacheHints: {
          'tools/list': { ttlMs: LIST_TTL_MS, cacheScope: 'public' },
          'server/discover': { ttlMs: LIST_TTL_MS, cacheScope: 'public' },
        },
      },
    )
    for (const capability of CAPABILITIES) {
      server.registerTool(capability.name, {
        title: capability.title,
        description: capability.description,
        inputSchema: capability.input,
        outputSchema: toolOutputSchema(capability.output),
        annotations: { title: capability.title, ...TOOL_ANNOTATIONS },
      }, (args: unknown) => callTool(capability.name, args, deps))
    }
    return server
  }
}

/**
 * A tool result: the Markdown for people and models, the JSON as text (the MCP spec's backwards-compatibility
 * SHOULD, and the only structured form a 2025-03-26 client sees) and `structuredContent` matching the outputSchema.
 * Failures the model can act on come back as `isError` results with a readable message, never as a crash.
 */
async function callTool(name: string, args: unknown, deps: McpServerDeps): Promise<CallToolResult> {
  try {
    const answer = await runCapability(name, args, deps)
    return {
      content: [
        { type: 'text', text: answer.markdown },
        { type: 'text', text: JSON.stringify(answer.data) },
      ],
      structuredContent: answer.data,
    }
  } catch (err) {
    return toolError(err, name, deps.log)
  }
}

function toolError(err: unknown, tool: string, log: Logger): CallToolResult {
  const text = (message: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text: message }] })
  if (err instanceof AppError) {
    switch (err.code) {
      case 'invalid_parameter':
        return text(`Invalid arguments for ${tool}: ${err.message}`)
      case 'not_found':
        return text(`${err.message}. Find story ids with search_stories or get_latest_stories.`)
      case 'unavailable':
        log.warn({ err: err.cause ?? err, tool }, 'mcp: tool unavailable')
        return text('The story store is temporarily unavailable. Retry in a few seconds.')
      default:
        break
    }
  }
  log.error({ err, tool }, 'mcp: tool failed')
  return text('Internal error while running the tool. Retry later; if it persists, tell the operator.')
}
