import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { Hono } from 'hono'
import { startServer, type RunningServer } from '../../src/server/start-server.ts'
import { newKeyFile, rotateKeys } from '../../src/signing/key-file.ts'
import { createKeyRing } from '../../src/signing/key-ring.ts'
import { createSignaturesDirectoryRoutes } from '../../src/surfaces/discovery/signatures-directory.ts'
import { makeStory } from '../fixtures/stories.ts'
import { SITE_URL, startFixtureServer, type FixtureServer } from '../helpers/fixture-server.ts'
import { splitLabels, thumbprint, verifyDirectoryLabel, type SignatureLabel } from '../helpers/web-bot-auth.ts'

const PATH = '/.well-known/http-message-signatures-directory'
const MEDIA_TYPE = 'application/http-message-signatures-directory+json'
const DIRECTORY_URL = `${SITE_URL}${PATH}`

interface Fetched {
  status: number
  headers: Record<string, string>
  body: Buffer
}

/** A raw HTTP/1.1 exchange, so the test controls the Host header (fetch does not let it). */
function get(port: number, opts: { method?: string; host?: string } = {}): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1', port, path: PATH, method: opts.method ?? 'GET',
      headers: { Accept: MEDIA_TYPE, ...(opts.host ? { Host: opts.host } : {}) },
    }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({
        status: res.statusCode!, headers: res.headers as Record<string, string>, body: Buffer.concat(chunks),
      }))
    })
    req.on('error', reject)
    req.end()
  })
}

const sha256Digest = (bytes: Buffer) => `sha-256=:${createHash('sha256').update(bytes).digest('base64')}:`

/** Every member of every object in `value`, recursively. */
function memberNames(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(memberNames)
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...memberNames(v)])
  return []
}

/** Checks a directory response as a Web Bot Auth verifier that fetched DIRECTORY_URL would; returns its kids. */
async function assertValidDirectory(res: Fetched, at = Date.now()): Promise<string[]> {
  assert.equal(res.status, 200)
  assert.equal(res.headers['content-type'], MEDIA_TYPE)
  assert.equal(res.headers['content-digest'], sha256Digest(res.body))
  const jwks = JSON.parse(res.body.toString('utf8')) as { keys: Array<Record<string, string>> }
  assert.deepEqual(Object.keys(jwks), ['keys'])
  assert.ok(jwks.keys.length >= 1)
  assert.ok(!memberNames(jwks).includes('d'), 'no private member anywhere in the body')
  for (const key of jwks.keys) {
    assert.deepEqual(Object.keys(key).sort(), ['crv', 'kid', 'kty', 'use', 'x'])
    assert.equal(key.kty, 'OKP')
    assert.equal(key.crv, 'Ed25519')
    assert.equal(key.use, 'sig')
    assert.match(key.x!, /^[A-Za-z0-9_-]{43}$/)
    assert.equal(Buffer.from(key.x!, 'base64url').length, 32)
    assert.equal(key.kid, thumbprint(key.x!))
  }

  const labels = splitLabels(res.headers['signature-input']!, res.headers.signature!)
  const kids = jwks.keys.map((k) => k.kid!)
  const byKind = (components: string) => labels.filter((l) => l.components === components)
  const authorityOnly = byKind('("@authority";req)')
  const withDigest = byKind('("@authority";req "content-digest")')
  assert.equal(authorityOnly.length + withDigest.length, labels.length, 'no other kind of label')
  for (const kind of [authorityOnly, withDigest]) {
    assert.deepEqual(await Promise.all(kind.map(async (label) => {
      const keyid = /;keyid="([^"]+)"/.exec(label.input)![1]!
      const jwk = jwks.keys.find((k) => k.kid === keyid)
      assert.ok(jwk, `${label.label} is signed by a published key`)
      const params = await verifyDirectoryLabel(label, { url: DIRECTORY_URL, contentDigest: res.headers['content-digest']!, jwk })
      assert.equal(params.tag, 'http-message-signatures-directory')
      assert.equal(params.alg, 'ed25519')
      assert.equal(params.keyid, keyid)
      const created = (params.created as Date).getTime()
      const expires = (params.expires as Date).getTime()
      assert.ok(created <= at + 1000 && created > at - 3_600_000 - 1000, `${label.label}: created within the last hour`)
      assert.equal(expires - created, 24 * 3_600_000, `${label.label}: valid for 24 h`)
      return keyid
    })), kids, 'one label of this kind per published key, in key order')
  }
  return kids
}

describe('the signed key directory over `newsdesk serve`', () => {
  let srv: FixtureServer
  let keyFile: string

  before(async () => {
    srv = await startFixtureServer([makeStory()], {}, { process: true })
    keyFile = path.join(srv.env.DATA_DIR!, 'keys', 'crawler-signing-keys.json')
  })
  after(async () => srv?.stop())

  it('serve created the key file in the empty DATA_DIR, 0600 in a 0700 directory, and logged where', () => {
    const line = srv.serve.logs.find((l) => l.msg === 'serve: no crawler signing key, generated one')
    assert.ok(line, 'serve logs that it generated a key')
    assert.equal(line.path, keyFile)
    assert.equal(fs.statSync(keyFile).mode & 0o777, 0o600)
    assert.equal(fs.statSync(path.dirname(keyFile)).mode & 0o777, 0o700)
    const stored = JSON.parse(fs.readFileSync(keyFile, 'utf8'))
    assert.equal(stored.keys.length, 1)
    assert.equal(line.kid, stored.keys[0].kid)
  })

  it('GET: the JWKS with media type, Content-Digest and a verifiable proof of possession per key', async () => {
    const res = await get(srv.serve.port)
    const kids = await assertValidDirectory(res)
    const stored = JSON.parse(fs.readFileSync(keyFile, 'utf8'))
    assert.deepEqual(kids, [stored.keys[0].kid])
    const privateD: string = stored.keys[0].private_jwk.d
    assert.ok(!res.body.toString('utf8').includes(privateD))
    assert.ok(!JSON.stringify(res.headers).includes(privateD))
    assert.equal(res.headers['cache-control'], 'public, max-age=3600')
    assert.equal(res.headers['access-control-allow-origin'], '*')
    assert.equal(res.headers['x-content-type-options'], 'nosniff')
    assert.equal(Number(res.headers['content-length']), res.body.length)
  })

  it('a signature checked against another authority, or with another digest, fails', async () => {
    const res = await get(srv.serve.port)
    const jwk = JSON.parse(res.body.toString('utf8')).keys[0]
    const labels = splitLabels(res.headers['signature-input']!, res.headers.signature!)
    const digest = res.headers['content-digest']!
    for (const label of labels) {
      await assert.rejects(verifyDirectoryLabel(label, { url: `https://evil.example${PATH}`, contentDigest: digest, jwk }), /invalid signature/)
    }
    const binding = labels.find((l: SignatureLabel) => l.components.includes('content-digest'))!
    const otherDigest = sha256Digest(Buffer.from('{"keys":[]}'))
    await assert.rejects(verifyDirectoryLabel(binding, { url: DIRECTORY_URL, contentDigest: otherDigest, jwk }), /invalid signature/)
  })

  it('HEAD: the same headers, no body', async () => {
    const got = await get(srv.serve.port)
    const head = await get(srv.serve.port, { method: 'HEAD' })
    assert.equal(head.status, 200)
    assert.equal(head.body.length, 0)
    for (const name of ['content-type', 'content-length', 'content-digest', 'signature', 'signature-input', 'cache-control', 'access-control-allow-origin']) {
      assert.equal(head.headers[name], got.headers[name], name)
    }
  })

  it("a hostile Host header still gets SITE_URL's authority signed, and the same bytes", async () => {
    const normal = await get(srv.serve.port)
    const hostile = await get(srv.serve.port, { host: 'attacker.example' })
    await assertValidDirectory(hostile)
    assert.equal(hostile.headers.signature, normal.headers.signature, 'signed once per hour, whoever asks')
    assert.deepEqual(hostile.body, normal.body)
    const jwk = JSON.parse(hostile.body.toString('utf8')).keys[0]
    for (const label of splitLabels(hostile.headers['signature-input']!, hostile.headers.signature!)) {
      await assert.rejects(
        verifyDirectoryLabel(label, { url: `https://attacker.example${PATH}`, contentDigest: hostile.headers['content-digest']!, jwk }),
        /invalid signature/, 'no proof of possession for the host the client named',
      )
    }
  })
})

describe('the directory route with an injected clock', () => {
  const T0 = Date.parse('2026-11-20T12:00:00Z')
  let clock = T0
  let server: RunningServer
  const first = newKeyFile(T0 - 86_400_000)
  const rotated = rotateKeys(first, T0, 1) // the first key stays published until T0 + 1 day

  before(async () => {
    const app = new Hono()
    app.route('/', createSignaturesDirectoryRoutes({ keys: createKeyRing(rotated.file), siteUrl: SITE_URL, now: () => clock }))
    server = await startServer(app, { port: 0, host: '127.0.0.1' })
  })
  after(async () => server?.close())

  const createdOf = (res: Fetched) => Number(/;created=(\d+)/.exec(res.headers['signature-input']!)![1])

  it('signs once an hour: the same signatures within the hour, fresh ones after', async () => {
    clock = T0
    const a = await get(server.port)
    clock = T0 + 59 * 60_000
    const b = await get(server.port)
    assert.equal(b.headers.signature, a.headers.signature)
    assert.equal(createdOf(a), T0 / 1000)
    clock = T0 + 60 * 60_000
    const c = await get(server.port)
    assert.notEqual(c.headers.signature, a.headers.signature)
    assert.equal(createdOf(c), T0 / 1000 + 3600)
    assert.deepEqual(c.body, a.body)
  })

  it('publishes a rotated key until it expires, then drops it without a restart', async () => {
    const kidsAt = async (at: number) => {
      clock = at
      return (JSON.parse((await get(server.port)).body.toString('utf8')).keys as Array<{ kid: string }>).map((k) => k.kid)
    }
    assert.deepEqual(await kidsAt(T0 + 2 * 3_600_000), [rotated.added.kid, first.keys[0]!.kid])
    assert.deepEqual(await kidsAt(T0 + 86_400_000 - 1000), [rotated.added.kid, first.keys[0]!.kid])
    const after = await kidsAt(T0 + 86_400_000)
    assert.deepEqual(after, [rotated.added.kid])
    const res = await get(server.port)
    assert.equal(createdOf(res), (T0 + 86_400_000) / 1000, 're-signed as soon as the key set changed')
    assert.equal(splitLabels(res.headers['signature-input']!, res.headers.signature!).length, 2)
  })
})
