import { randomUUID } from 'node:crypto'
import { InMemoryServerEventBus, SUBSCRIPTION_ID_META_KEY } from '@modelcontextprotocol/server'
import type { Logger } from 'pino'
import { jsonRpcError, jsonRpcResult, type JsonRpcId } from '../json-rpc/envelope.ts'
import { WatchRefused, createResourceWatch, type ResourceWatch, type ResourceWatchOptions } from './resource-watch.ts'
import { createSseRelay, sseMessage, type SseRelay } from './sse-relay.ts'

/**
 * The open resource subscriptions of this process, in both protocol eras
 * (docs/decisions/0054-mcp-resources-and-subscriptions.md):
 * - 2026-07-28: `subscriptions/listen` is the SDK's (its acknowledgement, filter and subscription-id stamping); the
 *   watched URIs are registered here first, and its stream goes out through a bounded relay (sse-relay.ts);
 * - 2025 revisions: `resources/subscribe` answers with an SSE stream that stays open (the empty result first, then
 *   `notifications/resources/updated`), and names it with an `Mcp-Session-Id` the client sends from then on: a
 *   further subscribe or an unsubscribe with it changes that stream's URIs. Only subscribers get a session; every
 *   other request stays stateless.
 * Both count against one cap, and a change is found once for all of them (resource-watch.ts).
 */

export interface ListenerLimits {
  /** Open subscription streams, both eras together; one more is refused in-band (-32603). */
  maxListeners: number
  /** A heartbeat comment this often: below the server's 20 s idle timeout. */
  heartbeatMs: number
  /** A stream with no notification for this long ends; the client listens again. */
  idleMs: number
  /** What may wait in the process for a client that does not read before it is dropped. */
  maxQueuedBytes: number
}

export const DEFAULT_LISTENER_LIMITS: ListenerLimits = {
  maxListeners: 2000,
  heartbeatMs: 10_000,
  idleMs: 30 * 60_000,
  maxQueuedBytes: 64 * 1024,
}

const SSE_HEADERS = { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store, no-transform', 'X-Accel-Buffering': 'no' }
const JSON_HEADERS = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const jsonAnswer = (text: string, headers: Record<string, string> = {}) => new Response(text, { status: 200, headers: { ...JSON_HEADERS, ...headers } })
const errorAnswer = (id: JsonRpcId, code: number, message: string, data?: object) =>
  jsonAnswer(jsonRpcError(id, { code, message, ...(data ? { data } : {}) }))

const LIMIT_REACHED = 'Subscription limit reached: this server holds as many listeners as it allows. Retry later.'

/** A 2025-era subscriber: its stream and the URIs it watches. */
interface LegacyListener {
  relay: SseRelay
  unwatch: Map<string, () => void>
}

export interface ResourceListeners {
  /** The bus the 2026-07-28 handler's listen streams read (createMcpHandler's `bus`). */
  bus: InMemoryServerEventBus
  /** A 2025-era resources/subscribe or resources/unsubscribe. */
  legacy(request: Request, body: Record<string, unknown>): Promise<Response>
  /** A 2026-07-28 subscriptions/listen: its URIs watched, then the SDK's stream (`open`) relayed. */
  modern(body: Record<string, unknown>, open: () => Promise<Response>): Promise<Response>
  /** Open subscription streams now. */
  count(): number
  readonly watch: ResourceWatch
  close(): void
}

export interface ResourceListenersDeps {
  watch: Omit<ResourceWatchOptions, 'onChanged' | 'onError'>
  limits?: Partial<ListenerLimits>
  log: Logger
}

export function createResourceListeners(deps: ResourceListenersDeps): ResourceListeners {
  const limits = { ...DEFAULT_LISTENER_LIMITS, ...deps.limits }
  const { log } = deps
  const bus = new InMemoryServerEventBus((err) => log.warn({ err }, 'mcp: a listen stream failed to take a change'))
  const watch = createResourceWatch({
    ...deps.watch,
    onChanged: (uri) => bus.publish({ kind: 'resource_updated', uri }),
    onError: (err) => log.warn({ err }, 'mcp: could not read a watched resource; it is read again at the next change'),
  })
  const sessions = new Map<string, LegacyListener>()
  const relays = new Set<SseRelay>()

  const refused = (id: JsonRpcId, err: unknown) => {
    if (err instanceof WatchRefused && err.reason === 'unknown') {
      return { code: -32002, message: `${err.message}. Subscribe to the edition, a topic, a search or a story (resources/templates/list).`, data: { uri: err.uri.slice(0, 300) } }
    }
    if (err instanceof WatchRefused) return { code: -32603, message: err.message }
    log.warn({ err }, 'mcp: could not start watching a resource')
    return { code: -32603, message: 'The story store is temporarily unavailable. Retry in a few seconds.' }
  }

  function openRelay(onClose: () => void, idleFrame?: () => string): SseRelay {
    const relay = createSseRelay({
      heartbeatMs: idleFrame ? 0 : limits.heartbeatMs, idleMs: limits.idleMs, maxQueuedBytes: limits.maxQueuedBytes, idleFrame,
      onClose(reason) {
        relays.delete(relay)
        if (reason === 'backlog') log.info('mcp: dropped a listener that did not read')
        onClose()
      },
    })
    relays.add(relay)
    return relay
  }

  async function legacy(request: Request, body: Record<string, unknown>): Promise<Response> {
    const id = (body.id ?? null) as JsonRpcId
    const uri = isObject(body.params) ? body.params.uri : undefined
    if (typeof uri !== 'string') return errorAnswer(id, -32602, 'Invalid params: `params.uri` must be a resource URI (resources/templates/list)')
    const sessionId = request.headers.get('mcp-session-id')
    const listener = sessionId === null ? undefined : sessions.get(sessionId)
    if (body.method === 'resources/unsubscribe') {
      listener?.unwatch.get(uri)?.()
      listener?.unwatch.delete(uri)
      if (listener && listener.unwatch.size === 0) listener.relay.close()
      return jsonAnswer(jsonRpcResult(id, '{}'))
    }
    if (listener) {
      const updated = (changed: string) => listener.relay.send(sseMessage({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: changed } }))
      if (!listener.unwatch.has(uri)) {
        try {
          listener.unwatch.set(uri, await watch.watch([uri], updated))
        } catch (err) {
          const e = refused(id, err)
          return errorAnswer(id, e.code, e.message, e.data)
        }
      }
      return jsonAnswer(jsonRpcResult(id, '{}'))
    }
    if (relays.size >= limits.maxListeners) return errorAnswer(id, -32603, LIMIT_REACHED)
    let target: LegacyListener | undefined
    const updated = (changed: string) => target?.relay.send(sseMessage({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: changed } }))
    let unwatch: () => void
    try {
      unwatch = await watch.watch([uri], updated)
    } catch (err) {
      const e = refused(id, err)
      return errorAnswer(id, e.code, e.message, e.data)
    }
    const session = randomUUID()
    const watching = new Map([[uri, unwatch]])
    const relay = openRelay(() => {
      sessions.delete(session)
      for (const stop of watching.values()) stop()
    })
    target = { unwatch: watching, relay }
    sessions.set(session, target)
    relay.send(`event: message\ndata: ${jsonRpcResult(id, '{}')}\n\n`)
    return new Response(relay.stream, { status: 200, headers: { ...SSE_HEADERS, 'Mcp-Session-Id': session } })
  }

  async function modern(body: Record<string, unknown>, open: () => Promise<Response>): Promise<Response> {
    const id = (body.id ?? null) as JsonRpcId
    const filter = isObject(body.params) && isObject(body.params.notifications) ? body.params.notifications : undefined
    const uris = Array.isArray(filter?.resourceSubscriptions) ? filter.resourceSubscriptions.filter((u): u is string => typeof u === 'string') : []
    if (uris.length === 0) return open()
    if (relays.size >= limits.maxListeners) return errorAnswer(id, -32603, LIMIT_REACHED)
    let unwatch: () => void
    try {
      // Each listen stream is its own listener; its notifications come through the SDK's bus (onChanged).
      unwatch = await watch.watch(uris, () => {})
    } catch (err) {
      const e = refused(id, err)
      // A resource this server does not have: -32602 in this revision (its "resource not found").
      return errorAnswer(id, e.code === -32002 ? -32602 : e.code, e.message, e.data)
    }
    let response: Response
    try {
      response = await open()
    } catch (err) {
      unwatch()
      throw err
    }
    if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream') || !response.body) {
      unwatch()
      return response
    }
    const reader = response.body.getReader()
    const graceful = () => sseMessage({ jsonrpc: '2.0', id, result: { resultType: 'complete', _meta: { [SUBSCRIPTION_ID_META_KEY]: id } } })
    const relay = openRelay(() => {
      unwatch()
      reader.cancel().catch(() => {})
    }, graceful)
    const decoder = new TextDecoder()
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          const frame = decoder.decode(value, { stream: true })
          if (!relay.send(frame, { heartbeat: frame.startsWith(':') })) return
        }
        relay.close('server')
      } catch {
        relay.close('server')
      }
    })()
    const headers = new Headers(response.headers)
    headers.set('Cache-Control', 'no-store, no-transform')
    return new Response(relay.stream, { status: response.status, headers })
  }

  return {
    bus,
    watch,
    legacy,
    modern,
    count: () => relays.size,
    close() {
      for (const relay of [...relays]) relay.close('server')
      watch.close()
    },
  }
}
