import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import { getRequestListener } from '@hono/node-server'
import type { Hono } from 'hono'
import { unparsableRequest } from '../src/server/client-error.ts'
import type { ResponseFront } from '../src/front/response-front.ts'

/**
 * A GET handled as `newsdesk serve` handles it, without a socket: a node:http request and response object, the
 * response front first, then the Node adapter over the framework (the listener of src/server/start-server.ts). It
 * measures what in-process `app.fetch(new Request(…))` leaves out: the adapter's lightweight request, the front's
 * learning, and node:http's header serialisation. The response is written into the response object's buffer (there
 * is no socket to send it to).
 */
export function servedRequest(app: Hono, front: Pick<ResponseFront, 'serve'>): (url: string) => Promise<number> {
  const framework = getRequestListener(app.fetch, { errorHandler: unparsableRequest })
  const socket = new Socket()
  return async (url: string) => {
    const req = new IncomingMessage(socket)
    req.method = 'GET'
    req.url = url
    req.httpVersion = '1.1'
    req.rawHeaders = ['Host', '127.0.0.1', 'User-Agent', 'bench', 'Accept', '*/*']
    req.headers = { host: '127.0.0.1', 'user-agent': 'bench', accept: '*/*' }
    req.complete = true
    req.push(null)
    const res = new ServerResponse(req)
    if (!front.serve(req, res, framework)) await framework(req, res)
    return res.statusCode
  }
}
