import diagnostics_channel from 'node:diagnostics_channel'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { RouteLabeler } from './route-label.ts'

export type RequestObserver = (labels: { method: string; route: string; status: string }, seconds: number) => void

interface RequestStart { request: IncomingMessage; response: ServerResponse; server: Server }

/**
 * Every HTTP request of the process's servers, counted at node:http's level (the `http.server.request.start`
 * diagnostics channel), not in a framework middleware: a request answered before Hono (the response front, src/front/)
 * counts like any other, and the server start-up needs no hook. A request is observed when its response closes: its
 * status, or `aborted` when the client left before the answer was complete. `ignore` is the metrics listener itself.
 */
export function observeHttpRequests(labeler: RouteLabeler, observe: RequestObserver, ignore: () => Server | undefined): () => void {
  const channel = diagnostics_channel.channel('http.server.request.start')
  const onStart = (message: unknown) => {
    const { request, response, server } = message as RequestStart
    if (server === ignore()) return
    const started = performance.now()
    response.once('close', () => {
      const pathname = (request.url ?? '/').split('?', 1)[0]!
      const method = request.method ?? 'GET'
      observe({
        method: labeler.method(method),
        route: labeler.route(method, pathname),
        status: response.writableFinished ? String(response.statusCode) : 'aborted',
      }, (performance.now() - started) / 1000)
    })
  }
  channel.subscribe(onStart)
  return () => channel.unsubscribe(onStart)
}
