import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, describe, it } from 'node:test'
import { writeFileAtomic, writeFileAtomicSync } from './write-file-atomic.ts'

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-atomic-'))
after(() => fs.rmSync(root, { recursive: true, force: true }))
const leftovers = (dir: string) => fs.readdirSync(dir).filter((f) => f.endsWith('.tmp'))

describe('writeFileAtomicSync', () => {
  it('replaces the file whole, with the mode asked for, and leaves no temporary file', () => {
    const file = path.join(root, 'keys.json')
    fs.writeFileSync(file, 'old')
    writeFileAtomicSync(file, 'new content\n', { mode: 0o600 })
    assert.equal(fs.readFileSync(file, 'utf8'), 'new content\n')
    assert.equal(fs.statSync(file).mode & 0o777, 0o600)
    assert.deepEqual(leftovers(root), [])
  })

  it('exclusive: never replaces an existing file (EEXIST), and keeps it as it was', () => {
    const file = path.join(root, 'once.json')
    writeFileAtomicSync(file, 'first', { exclusive: true })
    assert.throws(() => writeFileAtomicSync(file, 'second', { exclusive: true }), { code: 'EEXIST' })
    assert.equal(fs.readFileSync(file, 'utf8'), 'first')
    assert.deepEqual(leftovers(root), [])
  })
})

describe('writeFileAtomic (streamed)', () => {
  it('writes what the writer streams and resolves with its result', async () => {
    const file = path.join(root, 'export.jsonl')
    const result = await writeFileAtomic(file, async (out) => {
      for (let i = 0; i < 3; i++) out.write(`{"n":${i}}\n`)
      return 3
    })
    assert.equal(result, 3)
    assert.equal(fs.readFileSync(file, 'utf8'), '{"n":0}\n{"n":1}\n{"n":2}\n')
  })

  it('a writer that fails leaves the old file untouched and no temporary file behind', async () => {
    const dir = fs.mkdtempSync(path.join(root, 'fail-'))
    const file = path.join(dir, 'export.jsonl')
    fs.writeFileSync(file, 'previous export\n')
    await assert.rejects(writeFileAtomic(file, async (out) => {
      out.write('half of a')
      throw new Error('store went away')
    }), /store went away/)
    assert.equal(fs.readFileSync(file, 'utf8'), 'previous export\n')
    assert.deepEqual(leftovers(dir), [])
  })
})
