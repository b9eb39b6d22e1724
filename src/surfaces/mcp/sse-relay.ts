/**
 * One listener's Server-Sent Events stream, bounded (docs/decisions/0054-mcp-resources-and-subscriptions.md):
 * - a heartbeat comment every `heartbeatMs` keeps the socket under the server's idle timeout and finds a client
 *   that has gone (its write fails, the stream is cancelled);
 * - after `idleMs` without a message, the stream ends (`idleFrame`, if given, written last): the client listens again;
 * - at most `maxQueuedBytes` wait for a client that does not read: the socket's own buffers fill first, then this
 *   queue, and then the listener is dropped, never buffered without bound.
 */

export type SseCloseReason = 'client' | 'idle' | 'backlog' | 'server'

export interface SseRelayOptions {
  heartbeatMs: number
  idleMs: number
  maxQueuedBytes: number
  /** The last frame written when the stream ends idle (the 2026-07-28 listen's graceful result). */
  idleFrame?: () => string | undefined
  onClose(reason: SseCloseReason): void
}

export interface SseRelay {
  readonly stream: ReadableStream<Uint8Array>
  /** Writes a whole frame; false when the stream has ended (or just ended for a backlog). */
  send(frame: string, opts?: { heartbeat?: boolean }): boolean
  /** Ends the stream, `lastFrame` written first. */
  close(reason?: SseCloseReason, lastFrame?: string): void
  readonly closed: boolean
}

const encoder = new TextEncoder()

/** A JSON-RPC message as one SSE `message` event. */
export const sseMessage = (message: object) => `event: message\ndata: ${JSON.stringify(message)}\n\n`

export function createSseRelay(opts: SseRelayOptions): SseRelay {
  let controller!: ReadableStreamDefaultController<Uint8Array>
  let closed = false
  let heartbeat: NodeJS.Timeout | undefined
  let idle: NodeJS.Timeout | undefined

  const stream = new ReadableStream<Uint8Array>({
    start(c) { controller = c },
    cancel() { end('client') },
  }, { highWaterMark: opts.maxQueuedBytes, size: (chunk) => chunk.byteLength })

  function end(reason: SseCloseReason, lastFrame?: string): void {
    if (closed) return
    if (lastFrame !== undefined && reason !== 'backlog' && reason !== 'client') {
      try {
        controller.enqueue(encoder.encode(lastFrame))
      } catch {
        // Already errored or closed by the reader.
      }
    }
    closed = true
    clearInterval(heartbeat)
    clearTimeout(idle)
    try {
      if (reason === 'backlog') controller.error(new Error('listener dropped: it did not read'))
      else if (reason !== 'client') controller.close()
    } catch {
      // The reader cancelled first.
    }
    opts.onClose(reason)
  }

  const armIdle = () => {
    clearTimeout(idle)
    idle = setTimeout(() => end('idle', opts.idleFrame?.()), opts.idleMs)
    idle.unref()
  }

  function send(frame: string, sendOpts: { heartbeat?: boolean } = {}): boolean {
    if (closed) return false
    try {
      controller.enqueue(encoder.encode(frame))
    } catch {
      end('client')
      return false
    }
    if ((controller.desiredSize ?? 0) < 0) {
      end('backlog')
      return false
    }
    if (!sendOpts.heartbeat) armIdle()
    return true
  }

  if (opts.heartbeatMs > 0) {
    heartbeat = setInterval(() => send(': heartbeat\n\n', { heartbeat: true }), opts.heartbeatMs)
    heartbeat.unref()
  }
  armIdle()

  return {
    stream,
    send,
    close: (reason = 'server', lastFrame) => end(reason, lastFrame),
    get closed() { return closed },
  }
}
