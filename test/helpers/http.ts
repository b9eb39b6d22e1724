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
