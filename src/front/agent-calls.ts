import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Logger } from 'pino'
import { abortFields } from '../surfaces/http/client-abort.ts'
import { DEFAULT_CSP, SECURITY_HEADERS } from '../surfaces/http/security-headers.ts'
import type { FrontAnswer, JsonRpcFront } from '../surfaces/json-rpc/endpoint.ts'
import type { HeaderSource, RequestHead } from '../surfaces/json-rpc/surface.ts'
import { byFirstString } from '../util/order.ts'

export interface AgentCallsDeps {
  /** Where a client that went away mid-body is noted, at info, as the framework notes it. */
  log: Pick<Logger, 'info'>
}

/** The framework's listener, to which a request goes on with the body already read (see take()). */
export type NextListener = (req: IncomingMessage, res: ServerResponse) => unknown

/** A Node request whose body the front read: the Node adapter of the framework takes it from here. */
type WithRawBody = IncomingMessage & { rawBody?: Buffer }

/**
 * The request's headers by lowercase name, or null when a name repeats: the framework joins repeated values in a
 * way that differs by header, so such requests are left to it rather than imitated.
 */
function singleHeaders(raw: string[]): HeaderSource | null {
  const map = new Map<string, string>()
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase()
    if (map.has(name)) return null
    map.set(name, raw[i + 1]!)
  }
  return { get: (name) => map.get(name) ?? null }
}

const EMPTY = Buffer.alloc(0)
/** The body as the route's `request.text()` decodes it (a leading BOM dropped), since the route takes this text. */
function textOf(body: Buffer): string {
  const text = body.toString('utf8')
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}

/**
 * The response front's agent calls: POST /mcp and POST /a2a answered from the answer cache before the framework
 * sees them, by the endpoints registered when their routes are built (endpoint()). A request qualifies on its
 * headers first (a declared body within the cap, no repeated header, what the endpoint admits); only then is its
 * body read. When the endpoint has a cached answer for it, the answer is written with the headers the framework
 * sends with one (status 200, its media type, no-store, the security and CORS headers, in the framework's order,
 * then Content-Length); otherwise the request goes on to the framework with the body it already read attached
 * (`rawBody`, which the Node adapter uses instead of the socket; the endpoint keeps its parse for the route), so the
 * framework answers it exactly as if it had read it itself.
 */
export function createAgentCalls({ log }: AgentCallsDeps) {
  /** The JSON-RPC endpoints by path (the query string is not part of it). */
  const endpoints = new Map<string, JsonRpcFront>()
  const headerLists = new Map<string, string[]>()
  let answered = 0
  let handedOn = 0

  /** The header list of a cached answer in `contentType`, as the framework writes it (sorted lowercase names). */
  function headersFor(contentType: string): string[] {
    let list = headerLists.get(contentType)
    if (!list) {
      const pairs: Array<readonly [string, string]> = [
        ...Object.entries(SECURITY_HEADERS), ['content-security-policy', DEFAULT_CSP],
        ['cache-control', 'no-store'], ['content-type', contentType],
      ]
      list = pairs.sort(byFirstString).flat()
      headerLists.set(contentType, list)
    }
    return list
  }

  /**
   * Takes a request to an agent endpoint whose headers qualify (true): it is then answered here or handed to
   * `next` once its body is read. False: not one for this path; the caller hands it on untouched.
   */
  function take(req: IncomingMessage, res: ServerResponse, next: NextListener): boolean {
    if (req.method !== 'POST') return false
    const url = req.url ?? ''
    const q = url.indexOf('?')
    const path = q < 0 ? url : url.slice(0, q)
    const endpoint = endpoints.get(path)
    if (!endpoint) return false
    const headers = singleHeaders(req.rawHeaders)
    if (!headers || headers.get('transfer-encoding') !== null) return false
    const declared = headers.get('content-length')
    if (declared === null || !/^\d{1,9}$/.test(declared) || Number(declared) > endpoint.maxBodyBytes) return false
    const head = { headers, url }
    if (!endpoint.admits(head)) return false

    // A small body usually came in the packet that carried the headers, and the parser has pushed it into the
    // stream by the time queued microtasks run (it never pushes more than the declared length): it is then taken
    // from the stream's buffer at once, without flowing mode's events; otherwise it is collected as it arrives.
    const length = Number(declared)
    queueMicrotask(() => {
      if (req.readableLength === length && !req.destroyed) {
        const body = length === 0 ? EMPTY : (req.read() as Buffer)
        respond(req, res, next, endpoint, head, body)
      } else {
        collect(req, res, next, endpoint, head, path)
      }
    })
    return true
  }

  /** Reads the body as it arrives, then responds; a client that breaks off before its end is only noted. */
  function collect(req: IncomingMessage, res: ServerResponse, next: NextListener, endpoint: JsonRpcFront, head: RequestHead, path: string) {
    const chunks: Buffer[] = []
    const onData = (chunk: Buffer) => chunks.push(chunk)
    const stop = () => {
      req.off('data', onData)
      req.off('end', onEnd)
      req.off('error', onError)
    }
    // Nobody is left to answer (Node closes the socket); it is noted as the framework would have noted it, had it
    // been the one reading: at info, without a stack.
    const onError = (err: unknown) => {
      stop()
      log.info({ ...abortFields(err), path }, 'http: client went away')
    }
    const onEnd = () => {
      stop()
      respond(req, res, next, endpoint, head, chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks))
    }
    req.on('error', onError)
    req.on('data', onData)
    req.on('end', onEnd)
  }

  /** Writes the cached answer to `body`, or hands the request to the framework with the body attached. */
  function respond(req: IncomingMessage, res: ServerResponse, next: NextListener, endpoint: JsonRpcFront, head: RequestHead, body: Buffer) {
    let answer: FrontAnswer | undefined
    try {
      answer = endpoint.answer(head, textOf(body), req)
    } catch {
      answer = undefined
    }
    if (answer) {
      answered++
      const length = Buffer.byteLength(answer.head) + answer.bytes.byteLength + Buffer.byteLength(answer.tail)
      res.writeHead(200, [...headersFor(answer.contentType), 'Content-Length', String(length)])
      // Three writes in one turn leave as one writev: the stored bytes are never copied.
      res.write(answer.head)
      res.write(answer.bytes)
      res.end(answer.tail)
      return
    }
    handedOn++
    ;(req as WithRawBody).rawBody = body
    void next(req, res)
  }

  return {
    take,
    /** Registers the endpoint at `path` (when its routes are built): its cached answers are given here. */
    endpoint: (path: string, front: JsonRpcFront) => void endpoints.set(path, front),
    stats: () => ({ answered, handedOn }),
  }
}

export type AgentCalls = ReturnType<typeof createAgentCalls>
