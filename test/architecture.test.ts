import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { describe, it } from 'node:test'
import { ROOT } from './helpers/cli.ts'

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.test.ts') && !f.endsWith('.contract.ts'))
    .map((f) => path.join(dir, f))
}

const imports = (file: string) =>
  [...fs.readFileSync(path.join(ROOT, file), 'utf8').matchAll(/^import\s+(type\s+)?[^'"]*from\s+'([^']+)'/gm)]
    .map((m) => ({ typeOnly: Boolean(m[1]), spec: m[2]! }))

describe('layering', () => {
  it('surfaces never import the store: every read goes through the query service', () => {
    for (const file of sources('src/surfaces')) {
      for (const { spec } of imports(file)) assert.doesNotMatch(spec, /\/storage\//, `${file} imports ${spec}`)
    }
  })

  it('domain and query stay free of Node built-ins and HTTP frameworks', () => {
    for (const file of [...sources('src/domain'), ...sources('src/query')]) {
      for (const { spec } of imports(file)) assert.doesNotMatch(spec, /^(node:|hono|@hono\/)/, `${file} imports ${spec}`)
    }
  })

  it('query imports storage for types only', () => {
    for (const file of sources('src/query')) {
      for (const { spec, typeOnly } of imports(file)) {
        if (spec.includes('/storage/')) assert.ok(typeOnly, `${file} imports ${spec} at run time`)
      }
    }
  })

  it('better-sqlite3 is loaded only through storage/sqlite/driver.ts, which picks the build for the running Node', () => {
    const files = [...sources('src'), ...sources('test'), ...sources('bench')]
      .concat(fs.readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.test.ts')).map((f) => path.join('src', f)))
      .concat(fs.readdirSync(path.join(ROOT, 'test'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.test.ts')).map((f) => path.join('test', f)))
    for (const file of files.filter((f) => !f.endsWith(path.join('sqlite', 'driver.ts')))) {
      for (const { spec, typeOnly } of imports(file)) {
        if (spec === 'better-sqlite3') assert.ok(typeOnly, `${file} loads better-sqlite3 itself: import Database from storage/sqlite/driver.ts`)
      }
    }
  })

  it('no SQL outside storage/', () => {
    for (const file of sources('src').filter((f) => !f.startsWith(path.join('src', 'storage')))) {
      assert.doesNotMatch(fs.readFileSync(path.join(ROOT, file), 'utf8'), /\b(SELECT|INSERT INTO|UPDATE \w+ SET|DELETE FROM)\b/, file)
    }
  })
})
