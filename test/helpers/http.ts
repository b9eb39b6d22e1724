export interface HttpResult {
  status: number
  headers: Headers
  text: string
  json: any
}

/** One request over real HTTP; the body is read as text and parsed when it is JSON. */
export async function request(url: string, init: RequestInit = {}): Promise<HttpResult> {
  const res = await fetch(url, { redirect: 'manual', ...init })
  const text = await res.text()
  let json: unknown
  if ((res.headers.get('content-type') ?? '').includes('json') && text) json = JSON.parse(text)
  return { status: res.status, headers: res.headers, text, json }
}

/** A GET that must answer 200 with JSON; the assertion message shows the start of anything else. */
export async function getJson<T = any>(url: string): Promise<T> {
  const res = await request(url)
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${res.text.slice(0, 300)}`)
  return res.json as T
}

/** What two instances or two stores must agree on for one URL: status, ETag, media type and the exact bytes. */
export interface Answer {
  status: number
  etag: string | null
  contentType: string | null
  body: Buffer
}

export async function answer(base: string, url: string): Promise<Answer> {
  const res = await fetch(`${base}${url}`, { redirect: 'manual' })
  return { status: res.status, etag: res.headers.get('etag'), contentType: res.headers.get('content-type'), body: Buffer.from(await res.arrayBuffer()) }
}
