import { McpServer, type CallToolResult, type ContentBlock } from '@modelcontextprotocol/server'
import type { Logger } from 'pino'
import { CAPABILITIES, type Capability } from '../../capabilities/catalog.ts'
import { argumentSentences, runCapability, type CapabilityDeps } from '../../capabilities/run-capability.ts'
import { AppError } from '../../domain/errors.ts'
import { isLanguage } from '../../domain/languages.ts'
import { createPromptRegistrar } from './mcp-prompts.ts'
import { createResourceRegistrar, type LocalAnswer } from './mcp-resources.ts'
import { resourceUri } from './resource-uris.ts'
import { advertisedSchema, toolDefinitions } from './tool-schemas.ts'

/**
 * Every tool only reads the service's own corpus: the same answer for every caller, nothing changes. The spec
 * gives destructiveHint and idempotentHint meaning only when readOnlyHint is false, so they are not sent.
 */
export const TOOL_ANNOTATIONS = { readOnlyHint: true, openWorldHint: false } as const

/**
 * What the server offers, in initialize, server/discover and the server card alike. The tool and prompt lists are
 * fixed for the life of the process, and a stateless server has no stream to announce on. Completions are of
 * prompt arguments (mcp-prompts.ts). Resources are the edition, topics, searches and stories (mcp-resources.ts),
 * each of which may be subscribed to (resource-listeners.ts); the list of them grows with every crawl, which the
 * subscribed resources' updates announce, not a list_changed.
 */
export const SERVER_CAPABILITIES = {
  tools: { listChanged: false }, prompts: { listChanged: false }, completions: {},
  resources: { subscribe: true, listChanged: false },
}

/** Makes the McpServer of one exchange; the SDK's handler passes the request it serves (createMcpHandler). */
export type McpServerFactory = (ctx?: { requestInfo?: Request }) => McpServer

/** MCP tool names are the capability names (snake_case, within the spec's [A-Za-z0-9_.-]{1,128}). */
export const MCP_SERVER_NAME = 'newsdesk'

export interface McpServerDeps extends CapabilityDeps {
  /** The REST API's base URL: a story's JSON resource is its REST URL. */
  baseUrl: string
  /** A GET on this service's own routes, in process: the resources' content is what the site and API serve. */
  readLocal(path: string): Promise<LocalAnswer>
  version: string
  title: string
  instructions: string
  log: Logger
}

/** How long an MCP client may reuse tools/list and server/discover (2026-07-28 cache hints): a deploy changes them. */
const LIST_TTL_MS = 60 * 60 * 1000

/**
 * The MCP server factory: one tool per capability, the prompts (mcp-prompts.ts) and the resources (mcp-resources.ts). Everything that does not depend
 * on the request (the tool definitions, their JSON Schemas, the prompts' argument schemas) is computed here, once per
 * process; the SDK still wants a fresh McpServer per exchange (its 2026-07-28 handler refuses an instance that is
 * already serving), which is then a few object allocations. Most requests never get here: the answer cache in front serves repeated calls (answer-cache.ts).
 */
export function createMcpServerFactory(deps: McpServerDeps): McpServerFactory {
  const tools = toolDefinitions(CAPABILITIES as readonly Capability[]).map((tool) => ({
    ...tool,
    input: advertisedSchema(tool.inputSchema),
    output: advertisedSchema(tool.outputSchema),
  }))
  const registerPrompts = createPromptRegistrar(deps)
  const registerResources = createResourceRegistrar(deps)
  const bare = () => new McpServer(
    { name: MCP_SERVER_NAME, title: deps.title, version: deps.version },
    {
      instructions: deps.instructions,
      capabilities: SERVER_CAPABILITIES,
      cacheHints: {
        'tools/list': { ttlMs: LIST_TTL_MS, cacheScope: 'public' },
        'prompts/list': { ttlMs: LIST_TTL_MS, cacheScope: 'public' },
        'resources/templates/list': { ttlMs: LIST_TTL_MS, cacheScope: 'public' },
        'server/discover': { ttlMs: LIST_TTL_MS, cacheScope: 'public' },
      },
    },
  )
  return (ctx) => {
    const server = bare()
    // A 2026-07-28 subscriptions/listen reads only the instance's capabilities and identity, then drops it.
    if (ctx?.requestInfo?.headers.get('mcp-method') === 'subscriptions/listen') return server
    for (const tool of tools) {
      server.registerTool(tool.name, {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        outputSchema: tool.output,
        annotations: { title: tool.title, ...TOOL_ANNOTATIONS },
      }, (args: unknown) => callTool(tool.name, args, deps))
    }
    registerPrompts(server)
    registerResources(server)
    return server
  }
}

/**
 * A tool result: the Markdown as the one text block (what the model reads) and the JSON as `structuredContent`
 * (matching the outputSchema, for programs). The MCP spec's advice to repeat the JSON as a text block is for
 * clients older than structuredContent (2025-06-18); repeating every story a second time in the model's context
 * would double what an agent pays per call, so the Markdown carries every fact the JSON does that a model needs.
 * Failures the model can act on come back as `isError` results with a readable message, never as a crash.
 */
export async function callTool(name: string, args: unknown, deps: McpServerDeps): Promise<CallToolResult> {
  try {
    const answer = await runCapability(name, args, deps)
    const link = name === 'get_story' ? storyLink(answer.data, args, deps) : null
    return { content: [{ type: 'text', text: answer.markdown }, ...(link ? [link] : [])], structuredContent: answer.data }
  } catch (err) {
    return toolError(err, name, deps.log)
  }
}

/**
 * The story a get_story result is about, as a link to its resource (its page, read as Markdown: mcp-resources.ts), so
 * a client attaches or subscribes to it without building the URI. List results carry none: every story in them has
 * its `url`, which is that URI, and a link per story would add about a hundred bytes each to every list an agent
 * reads (decision 0054).
 */
function storyLink(data: unknown, args: unknown, deps: McpServerDeps): ContentBlock | null {
  const story = (data as { story?: { id?: unknown; headline?: unknown } }).story
  if (typeof story?.id !== 'string') return null
  // The language asked for, as the page's `?lang=` (the resource then reads as the answer did).
  const lang = (args as { lang?: unknown } | null)?.lang
  const uri = resourceUri({ target: { kind: 'story', id: story.id }, format: 'markdown', ...(isLanguage(lang) ? { lang } : {}) }, deps)
  return { type: 'resource_link', uri, name: story.id, ...(typeof story.headline === 'string' ? { title: story.headline } : {}), mimeType: 'text/markdown' }
}

function toolError(err: unknown, tool: string, log: Logger): CallToolResult {
  const text = (message: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text: message }] })
  if (err instanceof AppError) {
    switch (err.code) {
      case 'invalid_parameter':
        return text(`Invalid arguments for ${tool}: ${argumentSentences(err)}`)
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
