import type { IncomingMessage, ServerResponse } from 'node:http'
import { createAgentCalls, type AgentCallsDeps, type NextListener } from './agent-calls.ts'
import { createCachedGets, type CachedGetsDeps } from './cached-gets.ts'

/**
 * The response front: the one layer that decides whether a request may be answered from the caches before the
 * framework sees it, and with what bytes (decision 0025). GETs from the response cache, within what their routes
 * declared (cached-gets.ts, fed through `routes`); POSTs to the JSON-RPC endpoints (MCP, A2A) from the answer cache,
 * by the endpoints registered when their routes were built (agent-calls.ts). Everything else goes to the framework.
 */
export function createResponseFront(deps: CachedGetsDeps & AgentCallsDeps) {
  const gets = createCachedGets(deps)
  const agents = createAgentCalls(deps)
  return {
    routes: { declare: gets.declare, learn: gets.learn },
    endpoint: agents.endpoint,
    /** Answers `req` (true), or takes it and hands it to `next` with its body read (true), or leaves it (false). */
    serve: (req: IncomingMessage, res: ServerResponse, next: NextListener): boolean => gets.serve(req, res) || agents.take(req, res, next),
    gets,
    agents,
  }
}

export type ResponseFront = ReturnType<typeof createResponseFront>
