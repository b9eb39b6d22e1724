import type { Logger } from 'pino'
import { CAPABILITIES } from '../../capabilities/catalog.ts'
import { PROMPT_NAMES } from './mcp-prompts.ts'

/**
 * The JSON-RPC errors the SDK answers by itself, worded as this surface words its own (tool failures are `isError`
 * results, written in mcp-server.ts):
 * - a tools/call naming no known tool ("Tool x not found") or carrying arguments that are not an object (a dump of
 *   its validator's issues) is -32602; the message becomes what an agent can act on: the tool names, or the shape
 *   of a call; a prompts/get or completion/complete naming no known prompt, or a prompt's bad arguments, likewise
 *   (the prompt names; one sentence per argument);
 * - -32603 is a bug (a handler threw): the SDK would send the thrown message as it is, so the raw text goes to the
 *   log and the client reads a generic message; unless the thrown error was the SDK's own check of a request param
 *   (a zod issue list), which is the client's mistake: -32602 naming the param.
 * Everything else passes unchanged.
 */

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const TOOL_NAMES = CAPABILITIES.map((c) => c.name)
const toolList = `${TOOL_NAMES.slice(0, -1).join(', ')} and ${TOOL_NAMES.at(-1)}`

/**
 * The SDK's -32602 for a prompt, as one sentence per argument ("`topic` must be one of …."), like a tool's; its own
 * text joins the issues with commas, which the rules themselves hold. An unknown prompt names the prompts.
 */
function explainPrompt(message: string, name: string | undefined): string | undefined {
  if (/^Prompt .* not found$/s.test(message)) {
    return `Unknown prompt "${name ?? ''}". The prompts are ${PROMPT_NAMES.join(', ')}; prompts/list describes them.`
  }
  const invalid = /^Invalid arguments for prompt (\S+): (.*)$/s.exec(message)
  if (!invalid) return undefined
  const sentences = invalid[2]!.split(/, (?=[a-z_]+: )/).map((issue) => {
    const sentence = issue.replace(/^([a-z_]+): /, '`$1` ')
    return /[.!?]$/.test(sentence) ? sentence : `${sentence}.`
  })
  return `Invalid arguments for prompt ${invalid[1]}: ${sentences.join(' ')}`
}

function explain(message: string, params: unknown, method: unknown): string | undefined {
  const name = isObject(params) && typeof params.name === 'string' ? params.name.slice(0, 80) : undefined
  if (method === 'prompts/get' || method === 'completion/complete') {
    const ref = isObject(params) && isObject(params.ref) && typeof params.ref.name === 'string' ? params.ref.name.slice(0, 80) : undefined
    return explainPrompt(message, method === 'prompts/get' ? name : ref)
  }
  if (method !== 'tools/call') return undefined
  if (/^Tool .* not found$/s.test(message)) {
    return `Unknown tool "${name ?? ''}". The tools are ${toolList}; tools/list describes them.`
  }
  if (message.startsWith('Invalid tools/call request')) {
    return 'Invalid tools/call request: `params.name` must be a tool name and `params.arguments` an object, such as '
      + '{"name": "search_stories", "arguments": {"query": "chip plant"}}.'
  }
  return undefined
}

/**
 * The SDK checks some request params with zod and lets the ZodError through, so a client's bad param (an
 * `initialize` whose protocolVersion is a number) comes back as -32603 with zod's issue list as JSON for its message.
 * That is the client's mistake, not ours: "params.protocolVersion: expected string, received number", or undefined
 * when the message is not such a list.
 */
function schemaIssues(message: unknown): string | undefined {
  if (typeof message !== 'string' || !message.trimStart().startsWith('[')) return undefined
  let issues: unknown
  try {
    issues = JSON.parse(message)
  } catch {
    return undefined
  }
  if (!Array.isArray(issues) || issues.length === 0) return undefined
  const described: string[] = []
  for (const issue of issues) {
    if (!isObject(issue) || !Array.isArray(issue.path) || typeof issue.message !== 'string') return undefined
    const rule = issue.message.replace(/^Invalid input: /, '').slice(0, 200)
    described.push(issue.path.length ? `${issue.path.join('.').slice(0, 100)}: ${rule}` : rule)
  }
  return described.slice(0, 5).join('; ')
}

export const INTERNAL_ERROR_MESSAGE = 'Internal error. It has been logged.'

/**
 * The 2025 revisions' "resource not found" code. The SDK sends -32602 in every era (the 2026-07-28 code), so a
 * 2025-era client's resources/read that names no resource (mcp-resources.ts) gets -32002 back, as its revision says.
 */
const LEGACY_RESOURCE_NOT_FOUND = -32002

const isResourceNotFound = (error: Record<string, unknown>, body: unknown) => error.code === -32602
  && isObject(body) && body.method === 'resources/read' && isObject(error.data) && typeof error.data.uri === 'string'
  && typeof error.message === 'string' && error.message.startsWith('Resource not found')

/**
 * The JSON-RPC answer `parsed` with its error reworded as described above, or undefined when it stays as it is;
 * `legacy`: the request is of a 2025 revision.
 */
export function rewordedError(parsed: unknown, body: unknown, log: Logger, legacy = false): object | undefined {
  const error = isObject(parsed) && isObject(parsed.error) ? parsed.error : undefined
  if (error === undefined) return undefined
  if (legacy && isResourceNotFound(error, body)) return { ...(parsed as object), error: { ...error, code: LEGACY_RESOURCE_NOT_FOUND } }
  let message: string | undefined
  if (error.code === -32603 && error.message !== INTERNAL_ERROR_MESSAGE) {
    const invalid = schemaIssues(error.message)
    if (invalid !== undefined) {
      return { ...(parsed as object), error: { code: -32602, message: `Invalid params: ${invalid}` } }
    }
    log.error({ sdkError: error.message, method: isObject(body) ? body.method : undefined }, 'mcp: internal error')
    message = INTERNAL_ERROR_MESSAGE
  } else if (error.code === -32602 && typeof error.message === 'string' && isObject(body)) {
    message = explain(error.message, body.params, body.method)
  }
  return message === undefined ? undefined : { ...(parsed as object), error: { ...error, message, data: undefined } }
}

/** `response` with its error reworded when it is one of the SDK's errors described above. */
export async function rewordSdkErrors(body: unknown, response: Response, log: Logger, legacy = false): Promise<Response> {
  if (!(response.headers.get('content-type') ?? '').startsWith('application/json')) return response
  const text = await response.text()
  const rebuilt = (out: string) => new Response(out, { status: response.status, statusText: response.statusText, headers: response.headers })
  // Only an error answer has this key unescaped at its top; a result that merely mentions it is left unparsed.
  if (!text.includes('"error":{')) return rebuilt(text)
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return rebuilt(text)
  }
  const reworded = rewordedError(parsed, body, log, legacy)
  return reworded === undefined ? rebuilt(text) : rebuilt(JSON.stringify(reworded))
}
