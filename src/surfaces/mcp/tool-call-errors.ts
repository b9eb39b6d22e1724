import { CAPABILITIES } from '../../capabilities/catalog.ts'

/**
 * The SDK refuses a tools/call naming no known tool ("Tool x not found") or carrying arguments that are not an
 * object (a dump of its validator's issues) before any tool runs. Both are -32602; this rewrites their message
 * into what an agent can act on: the tool names, or the shape of a call. Everything else passes unchanged.
 */

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const TOOL_NAMES = CAPABILITIES.map((c) => c.name)
const toolList = `${TOOL_NAMES.slice(0, -1).join(', ')} and ${TOOL_NAMES.at(-1)}`

function explain(message: string, params: unknown): string | undefined {
  const name = isObject(params) && typeof params.name === 'string' ? params.name.slice(0, 80) : undefined
  if (/^Tool .* not found$/s.test(message)) {
    return `Unknown tool "${name ?? ''}". The tools are ${toolList}; tools/list describes them.`
  }
  if (message.startsWith('Invalid tools/call request')) {
    return 'Invalid tools/call request: `params.name` must be a tool name and `params.arguments` an object, such as '
      + '{"name": "search_stories", "arguments": {"query": "chip export"}}.'
  }
  return undefined
}

/** `response` with a readable message when it is one of the SDK's tools/call refusals described above. */
export async function explainToolCallError(body: unknown, response: Response): Promise<Response> {
  if (!isObject(body) || body.method !== 'tools/call' || !(response.headers.get('content-type') ?? '').startsWith('application/json')) {
    return response
  }
  const text = await response.text()
  const rebuilt = (out: string) => new Response(out, { status: response.status, statusText: response.statusText, headers: response.headers })
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return rebuilt(text)
  }
  const error = isObject(parsed) && isObject(parsed.error) ? parsed.error : undefined
  const message = error?.code === -32602 && typeof error.message === 'string' ? explain(error.message, body.params) : undefined
  return message === undefined ? rebuilt(text) : rebuilt(JSON.stringify({ ...(parsed as object), error: { ...error, message } }))
}
