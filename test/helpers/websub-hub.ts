import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** One publish request the hub took or refused, as it arrived. */
export interface HubPing {
  /** The topic URL (hub.url, else hub.topic). */
  topic: string
  /** What the hub answered. */
  status: number
  at: number
  userAgent: string | undefined
}

export interface LoopbackHub {
  /** `http://127.0.0.1:<port>/hub`: the address to set as WEBSUB_HUB_URL. */
  url: string
  /** Every publish request, in arrival order, with the answer it got. */
  pings: HubPing[]
  /** Requests that were not a valid publish request, and why. */
  refused: string[]
  /** The most requests the hub had open at once. */
  maxOpen(): number
  /** The topics the hub accepted (2xx), each once. */
  accepted(): Set<string>
  /** Answers the next `count` valid publish requests with `status` (503 by default) instead of taking them. */
  failNext(count: number, status?: number): void
  /** Leaves the next `count` valid publish requests unanswered (a stalled hub); the connection stays open. */
  stallNext(count: number): void
  reset(): void
  close(): Promise<void>
}

const FORM = 'application/x-www-form-urlencoded'

/**
 * The publisher-facing side of a WebSub hub on 127.0.0.1, as W3C WebSub §6 leaves it to hubs and public hubs
 * implement it: a POST to the hub URL, form-encoded (application/x-www-form-urlencoded, UTF-8), `hub.mode=publish`
 * and the topic in `hub.url` or `hub.topic`, an absolute http(s) URL. A valid request gets 204; anything else 4xx
 * with a plain-text reason, as §5.1.2 asks of hubs. Tests can make it answer 5xx or stall.
 */
export async function startLoopbackHub(): Promise<LoopbackHub> {
  const pings: HubPing[] = []
  const refused: string[] = []
  const stalled: http.ServerResponse[] = []
  let failing = { count: 0, status: 503 }
  let stalling = 0
  let open = 0
  let maxOpen = 0
  const refuse = (res: http.ServerResponse, status: number, reason: string) => {
    refused.push(reason)
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(reason)
  }

  const server = http.createServer((req, res) => {
    maxOpen = Math.max(maxOpen, ++open)
    res.on('close', () => { open-- })
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      if (req.url !== '/hub') return refuse(res, 404, `no hub at ${req.url}`)
      if (req.method !== 'POST') return refuse(res, 405, `${req.method}: a publish request is a POST`)
      const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
      if (type !== FORM) return refuse(res, 415, `content-type ${type || '(none)'}: expected ${FORM}`)
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
      if (form.get('hub.mode') !== 'publish') return refuse(res, 400, `hub.mode ${form.get('hub.mode')}: expected publish`)
      const topic = form.get('hub.url') ?? form.get('hub.topic')
      if (!topic || !/^https?:\/\/\S+$/.test(topic)) return refuse(res, 400, `topic ${topic}: expected an absolute http(s) URL`)
      if (form.get('hub.url') !== null && form.get('hub.topic') !== null && form.get('hub.url') !== form.get('hub.topic')) {
        return refuse(res, 400, 'hub.url and hub.topic name different topics')
      }
      const ping = { topic, at: Date.now(), userAgent: req.headers['user-agent'] }
      if (stalling > 0) {
        stalling--
        pings.push({ ...ping, status: 0 })
        stalled.push(res)
        return
      }
      const status = failing.count > 0 ? (failing.count--, failing.status) : 204
      pings.push({ ...ping, status })
      res.writeHead(status, status === 204 ? {} : { 'content-type': 'text/plain' }).end(status === 204 ? undefined : 'hub unavailable')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hub`,
    pings,
    refused,
    maxOpen: () => maxOpen,
    accepted: () => new Set(pings.filter((p) => p.status >= 200 && p.status < 300).map((p) => p.topic)),
    failNext(count, status = 503) { failing = { count, status } },
    stallNext(count) { stalling = count },
    reset() {
      pings.length = 0
      refused.length = 0
      failing = { count: 0, status: 503 }
      stalling = 0
      maxOpen = open
    },
    close: () => new Promise((resolve) => {
      for (const res of stalled) res.destroy()
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}
