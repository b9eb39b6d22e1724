import { isJsonContentType } from '@modelcontextprotocol/server'
import { envelopeAround, jsonRpcResult, type AnswerCache } from '../agent-cache/answer-cache.ts'
import { isBatchBody, jsonRpcIdProblem, jsonRpcShapeProblem } from '../http/json-rpc-guard.ts'
import type { FrontAnswer, HeaderSource } from '../agent-cache/front-answer.ts'
import { acceptsProtocolVersion, cacheableCall } from './cacheable-calls.ts'
import { createOriginPolicy } from './origin-policy.ts'

export interface McpFrontAnswerDeps {
  siteUrl: string
  allowedOrigins: readonly string[]
  answers: AnswerCache
}

/**
 * POST /mcp answered from the answer cache without the framework: exactly the answers routes.ts gives from the
 * cache, decided by the same steps in the same order (Origin, Content-Type, MCP-Protocol-Version, batch refusal,
 * cacheableCall's key, which holds every request header the SDK's answer depends on). Whatever those steps would
 * refuse or send to the SDK is left to routes.ts, which answers it as before.
 */
export function createMcpFrontAnswer({ siteUrl, allowedOrigins, answers }: McpFrontAnswerDeps) {
  const allowOrigin = createOriginPolicy(siteUrl, allowedOrigins)
  return {
    /** Whether the headers alone allow a cached answer; false leaves the request (and its error, if any) to routes.ts. */
    admits(headers: HeaderSource): boolean {
      return answers.enabled
        && allowOrigin(headers.get('origin') ?? undefined)
        && isJsonContentType(headers.get('content-type'))
        && acceptsProtocolVersion(headers.get('mcp-protocol-version'))
    },
    /** The cached answer to this body under the content version known now, with the request's id; else undefined. */
    answer(headers: HeaderSource, text: string, versionNow: () => string | null): FrontAnswer | undefined {
      if (isBatchBody(text) || jsonRpcShapeProblem(text)) return undefined
      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        return undefined
      }
      if (jsonRpcIdProblem(text, body)) return undefined
      const call = cacheableCall(headers, body)
      if (!call) return undefined
      const version = call.dependsOnContent ? versionNow() : 'static'
      const hit = version === null ? undefined : answers.peek(call.key, version)
      return hit && { contentType: hit.contentType, bytes: hit.bytes, ...envelopeAround((json) => jsonRpcResult(call.id, json)) }
    },
  }
}
