import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { makeStory } from '../fixtures/stories.ts'
import { runCli, runCliInProcess, startServe, tempDir, testEnv, type CliResult } from '../helpers/cli.ts'
import { startFixtureServer } from '../helpers/fixture-server.ts'
import { request } from '../helpers/http.ts'

interface StoredKeys {
  version: number
  keys: Array<{ kid: string; created_at: string; expires_at: string | null; private_jwk: { x: string; d: string } }>
}

function keysEnv() {
  const dataDir = tempDir()
  const file = path.join(dataDir, 'keys', 'crawler-signing-keys.json')
  return { dataDir, file, env: testEnv({ DATA_DIR: dataDir }) }
}

const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as StoredKeys
const mode = (p: string) => fs.statSync(p).mode & 0o777

/** No private key of `file` appears in the command's output. */
function assertNoSecrets(res: CliResult, stored: StoredKeys) {
  for (const key of stored.keys) {
    assert.ok(!res.stdout.includes(key.private_jwk.d), 'stdout holds a private key')
    assert.ok(!res.stderr.includes(key.private_jwk.d), 'stderr holds a private key')
  }
}

async function publishedKids(dataDir: string): Promise<string[]> {
  const srv = await startFixtureServer([makeStory()], { DATA_DIR: dataDir })
  try {
    const res = await request(`${srv.serve.url}/.well-known/http-message-signatures-directory`)
    assert.equal(res.status, 200)
    return (res.json.keys as Array<{ kid: string }>).map((k) => k.kid)
  } finally {
    await srv.stop()
  }
}

describe('newsdesk keys', () => {
  it('usage errors exit 2 with the usage text', async () => {
    const { env, file } = keysEnv()
    for (const args of [['keys'], ['keys', 'frobnicate'], ['keys', 'list', 'extra'], ['keys', 'list', '--overlap-days', '3'],
      ['keys', 'generate', '--json'], ['keys', 'rotate', '--overlap-days', 'seven'], ['keys', 'rotate', '--overlap-days', '-1'],
      ['keys', 'rotate', '--overlap-days', '400'], ['keys', 'list', '--nope']]) {
      const res = await runCliInProcess(args, { env })
      assert.equal(res.code, 2, args.join(' '))
      assert.match(res.stderr, /newsdesk keys rotate \[--overlap-days N\]/, args.join(' '))
    }
    assert.match((await runCliInProcess(['keys', 'frobnicate'], { env })).stderr, /unknown subcommand "frobnicate"/)
    // The real binary, as a user runs it: help on stdout, exit code 0.
    const help = await runCli(['keys', '--help'], { env })
    assert.equal(help.code, 0)
    assert.match(help.stdout, /^newsdesk keys generate/)
    const top = await runCliInProcess(['--help'], { env })
    assert.match(top.stdout, /^ {2}keys\s+\S/m)
    assert.ok(!fs.existsSync(file), 'no usage error touched the key file')
  })

  it('list and rotate without a key file fail with a hint; generate creates it once and never replaces it', async () => {
    const { env, file } = keysEnv()
    for (const sub of ['list', 'rotate']) {
      const res = await runCliInProcess(['keys', sub], { env })
      assert.equal(res.code, 1, sub)
      assert.match(res.stderr, /no key file at .*crawler-signing-keys\.json; run `newsdesk keys generate`/)
    }
    // The real binary once: the file's modes come from the process that writes it.
    const gen = await runCli(['keys', 'generate'], { env })
    assert.equal(gen.code, 0, gen.stderr)
    const stored = read(file)
    assert.equal(stored.version, 1)
    assert.equal(stored.keys.length, 1)
    assert.match(gen.stderr, new RegExp(`generated ${stored.keys[0]!.kid} in ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
    assert.equal(mode(file), 0o600)
    assert.equal(mode(path.dirname(file)), 0o700)
    assertNoSecrets(gen, stored)

    const again = await runCliInProcess(['keys', 'generate'], { env })
    assert.equal(again.code, 1)
    assert.match(again.stderr, /already exists .*nothing changed.*keys rotate/)
    assert.deepEqual(read(file), stored, 'the existing key is untouched')
  })

  it('list shows kid, status, created and expires, as a table or JSON, and never a private key', async () => {
    const { env, file } = keysEnv()
    assert.equal((await runCliInProcess(['keys', 'generate'], { env })).code, 0)
    assert.equal((await runCliInProcess(['keys', 'rotate'], { env })).code, 0)
    const stored = read(file)
    const [active, retiring] = stored.keys
    const table = await runCliInProcess(['keys', 'list'], { env })
    assert.equal(table.code, 0, table.stderr)
    const lines = table.stdout.trimEnd().split('\n')
    assert.match(lines[0]!, /^KID\s+STATUS\s+CREATED\s+EXPIRES$/)
    assert.match(lines[1]!, new RegExp(`^${active!.kid}\\s+active\\s+${active!.created_at}\\s+-$`))
    assert.match(lines[2]!, new RegExp(`^${retiring!.kid}\\s+retiring until ${retiring!.expires_at}\\s+${retiring!.created_at}\\s+${retiring!.expires_at}$`))
    assertNoSecrets(table, stored)

    const json = await runCliInProcess(['keys', 'list', '--json'], { env })
    assert.equal(json.code, 0)
    assert.deepEqual(JSON.parse(json.stdout), [
      { kid: active!.kid, status: 'active', created_at: active!.created_at, expires_at: null },
      { kid: retiring!.kid, status: 'retiring', created_at: retiring!.created_at, expires_at: retiring!.expires_at },
    ])
    assertNoSecrets(json, stored)
  })

  it('rotate: the old key stays published for the overlap; once expired it disappears from the directory and the file', async () => {
    const { env, file, dataDir } = keysEnv()
    assert.equal((await runCliInProcess(['keys', 'generate'], { env })).code, 0)
    const a = read(file).keys[0]!
    assert.deepEqual(await publishedKids(dataDir), [a.kid])

    const before = Date.now()
    const rot = await runCliInProcess(['keys', 'rotate'], { env })
    assert.equal(rot.code, 0, rot.stderr)
    const afterRotate = read(file)
    const b = afterRotate.keys[0]!
    assert.notEqual(b.kid, a.kid)
    assert.equal(b.expires_at, null)
    const retiring = afterRotate.keys[1]!
    assert.equal(retiring.kid, a.kid)
    assert.equal(retiring.private_jwk.d, a.private_jwk.d, 'the old key is kept, not regenerated')
    const overlap = Date.parse(retiring.expires_at!) - before
    assert.ok(overlap >= 7 * 86_400_000 && overlap < 7 * 86_400_000 + 60_000, 'default overlap is 7 days')
    assert.match(rot.stderr, new RegExp(`${b.kid} is the active key\\n.*${a.kid} stays published until ${retiring.expires_at}`))
    assertNoSecrets(rot, afterRotate)
    assert.equal(mode(file), 0o600)
    assert.deepEqual(fs.readdirSync(path.dirname(file)), ['crawler-signing-keys.json'], 'no temporary file left')

    assert.deepEqual(await publishedKids(dataDir), [b.kid, a.kid], 'a restarted server publishes both, the new one first')

    // Time passes: the overlap is over (the file is what the clock reads against).
    afterRotate.keys[1]!.expires_at = new Date(Date.now() - 60_000).toISOString()
    fs.writeFileSync(file, JSON.stringify(afterRotate, null, 2))
    const list = await runCliInProcess(['keys', 'list'], { env })
    assert.match(list.stdout, new RegExp(`${a.kid}\\s+expired since `))
    assert.deepEqual(await publishedKids(dataDir), [b.kid], 'an expired key is no longer published')

    const rot2 = await runCliInProcess(['keys', 'rotate', '--overlap-days', '0'], { env })
    assert.equal(rot2.code, 0, rot2.stderr)
    const final = read(file)
    assert.equal(final.keys.length, 1, 'overlap 0 retires B at once and the expired A is removed from the file')
    assert.match(rot2.stderr, new RegExp(`${a.kid} removed \\(expired`))
    assert.match(rot2.stderr, new RegExp(`${b.kid} removed \\(expired`))
    assert.deepEqual(await publishedKids(dataDir), [final.keys[0]!.kid])
  })

  it('serve refuses a damaged key file (exit 1) and leaves it as it was', async () => {
    const { env, file } = keysEnv()
    assert.equal((await runCliInProcess(['keys', 'generate'], { env })).code, 0)
    const stored = read(file)
    stored.keys[0]!.kid = 'tampered'
    const damaged = JSON.stringify(stored)
    fs.writeFileSync(file, damaged)
    await assert.rejects(
      startServe({ ...env, DATABASE_URL: `sqlite:${path.join(path.dirname(file), '..', 'db.sqlite')}`, NEWSDESK_SAMPLE: 'off' }),
      /serve exited with 1/,
    )
    assert.equal(fs.readFileSync(file, 'utf8'), damaged)
    const list = await runCliInProcess(['keys', 'list'], { env })
    assert.equal(list.code, 1)
    assert.match(list.stderr, /keys\.0\.kid: is not the JWK thumbprint/)
    assertNoSecrets(list, stored)
  })
})
