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

interface ImportRef { typeOnly: boolean; spec: string }

/**
 * Every module a file reaches: `import … from`, `import type`, side-effect `import '…'`, `export … from` and
 * dynamic `import('…')`. A rule that read only static imports would let a moved dependency come back through
 * a re-export or a lazy load.
 */
export function importsOf(source: string): ImportRef[] {
  const found: ImportRef[] = []
  for (const m of source.matchAll(/^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?'([^']+)'/gm)) {
    found.push({ typeOnly: Boolean(m[2]), spec: m[3]! })
  }
  for (const m of source.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) found.push({ typeOnly: false, spec: m[1]! })
  return found
}

const imports = (file: string) => importsOf(fs.readFileSync(path.join(ROOT, file), 'utf8'))

/** The layer a file belongs to: `surfaces/<name>` for a surface, otherwise the first folder under src/. */
function layerOf(fileFromRoot: string): string {
  const parts = path.relative('src', fileFromRoot).split(path.sep)
  return parts[0] === 'surfaces' ? `surfaces/${parts[1]}` : parts[0]!
}

/** The folder (relative to the repository) a relative import of `file` resolves into, or null for a package. */
function target(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null
  return path.relative(ROOT, path.resolve(ROOT, path.dirname(file), spec))
}

const SURFACE_BASE = ['domain', 'util', 'config', 'query', 'surfaces/http']

/**
 * Which layer may import which (besides itself). Lower layers never import higher ones; a layer missing here
 * fails the test until someone decides where it sits. Cross-surface entries are the shared pieces a surface reuses
 * (link builders, UI strings, site facts); the two agent surfaces never import each other.
 */
const MAY_IMPORT: Record<string, readonly string[]> = {
  domain: [],
  util: [],
  // The story renderer reads the query service's views (types only).
  markdown: ['domain', 'query'],
  config: ['domain', 'util'],
  signing: ['domain', 'util'],
  publishers: ['domain', 'util', 'config'],
  storage: ['domain', 'util'],
  query: ['domain', 'storage'],
  snapshots: ['domain', 'storage'],
  sample: ['domain', 'config', 'storage', 'snapshots'],
  metrics: ['domain', 'util', 'config', 'storage'],
  capabilities: ['domain', 'query', 'markdown'],
  crawler: ['domain', 'util', 'config', 'publishers', 'storage', 'signing', 'metrics'],
  'surfaces/http': ['domain', 'util', 'config'],
  // The JSON-RPC endpoint MCP and A2A share: guards, answer cache, id splice; it knows neither surface.
  'surfaces/json-rpc': ['util', 'surfaces/http'],
  'surfaces/rest': [...SURFACE_BASE],
  'surfaces/sitemaps': [...SURFACE_BASE],
  // Feeds reuse the pages' links and UI strings, and the sitemaps' XML escaping.
  'surfaces/feeds': [...SURFACE_BASE, 'surfaces/pages', 'surfaces/sitemaps'],
  // The cover proxy fetches through the crawler's SSRF-guarded fetcher (its result type only here).
  'surfaces/images': [...SURFACE_BASE, 'crawler/fetch'],
  'surfaces/pages': [...SURFACE_BASE, 'markdown', 'surfaces/feeds', 'surfaces/images'],
  'surfaces/discovery': [...SURFACE_BASE, 'capabilities', 'signing', 'surfaces/feeds'],
  'surfaces/mcp': [...SURFACE_BASE, 'capabilities', 'markdown', 'surfaces/json-rpc'],
  'surfaces/a2a': [...SURFACE_BASE, 'capabilities', 'markdown', 'surfaces/json-rpc', 'surfaces/discovery'],
  // WebSub pings after crawl passes: the crawler they wrap, the store they read, and the feeds' own addresses.
  websub: ['domain', 'util', 'config', 'storage', 'metrics', 'crawler', 'query/story-feed.ts', 'surfaces/feeds/feed-urls.ts'],
  // The response front (decision 0025): answers from the response cache and the answer cache before the framework,
  // within what routes declare (surfaces/http/cache-declaration.ts) and by the JSON-RPC endpoints registered with it.
  // It knows no surface beyond those two shared layers.
  front: ['util', 'surfaces/http', 'surfaces/json-rpc'],
  server: ['domain', 'util', 'config', 'query', 'signing', 'crawler/fetch', 'surfaces', 'front'],
  cli: ['*'],
}

/** Whether `to` (a path under src/) is inside one of the allowed folders of `from`'s layer. */
function allowed(from: string, to: string): boolean {
  const toLayer = layerOf(to)
  if (toLayer === from) return true
  const rel = path.relative('src', to).split(path.sep).join('/')
  return MAY_IMPORT[from]!.some((folder) => folder === '*' || rel === folder || rel.startsWith(`${folder}/`))
}

/**
 * File names more than one source file under src/ carries, each with why. The rule (decision 0049): no two source
 * files share a name unless they have the same role in parallel folders. A new shared name fails the test until one
 * file is renamed to say what it does, or the name is listed here with its reason.
 */
const SHARED_NAMES: Record<string, string> = {
  'routes.ts': "each surface's route table",
  'migrations.ts': 'each SQL dialect',
  'queries.ts': 'each SQL dialect',
  'story-merges.ts': 'each SQL dialect',
  'story-relations.ts': "each SQL dialect's writes, and the domain rules both follow",
  'tokens.ts': "each text reader's tokenizer (the A2A intent reader, clustering)",
  'lexicon.ts': "each text reader's word lists (the A2A intent reader, the injection screen)",
  'figures.ts': 'figures read from article text for each use: clustering keys, summary facts',
  'json-feed.ts': 'the JSON Feed format, read by the crawler and written by the feeds surface',
  'opml.ts': 'the OPML format, read for the publisher directory and written by the feeds surface',
}

describe('file names', () => {
  it('no two source files share a name unless the name is listed with its reason', () => {
    const byName = new Map<string, string[]>()
    for (const file of sources('src')) byName.set(path.basename(file), [...(byName.get(path.basename(file)) ?? []), file])
    // The two SQL dialects are parallel folders file for file (story-reads.ts, crawl-runs.ts, …): one role each.
    const dialectPair = (files: string[]) => files.length === 2 && files.every((f) => /^src\/storage\/(sqlite|postgres)\/[^/]+$/.test(f.split(path.sep).join('/')))
      && path.basename(path.dirname(files[0]!)) !== path.basename(path.dirname(files[1]!))
    const shared = [...byName].filter(([name, files]) => files.length > 1 && !(name in SHARED_NAMES) && !dialectPair(files))
    assert.deepEqual(shared.map(([name, files]) => `${name}: ${files.join(', ')}`), [])
  })
})

describe('layering', () => {
  it('recognises every kind of import, re-export and dynamic import', () => {
    const refs = importsOf([
      "import a from './a.ts'",
      "import type { B } from './b.ts'",
      "import './c.ts'",
      "export { d } from './d.ts'",
      "export type { E } from './e.ts'",
      "export * from './f.ts'",
      'const g = await import(\'./g.ts\')',
      'import {',
      '  h,',
      "} from './h.ts'",
    ].join('\n'))
    assert.deepEqual(refs.map((r) => r.spec), ['./a.ts', './b.ts', './c.ts', './d.ts', './e.ts', './f.ts', './h.ts', './g.ts'])
    assert.deepEqual(refs.filter((r) => r.typeOnly).map((r) => r.spec), ['./b.ts', './e.ts'])
  })

  it('every folder under src/ has a row in the table', () => {
    const layers = new Set(sources('src').map(layerOf))
    for (const layer of layers) assert.ok(layer in MAY_IMPORT, `src/${layer} has no row in MAY_IMPORT: decide what it may import`)
  })

  it('each layer imports only the layers its row allows', () => {
    const wrong: string[] = []
    for (const file of sources('src')) {
      const from = layerOf(file)
      for (const { spec } of imports(file)) {
        const to = target(file, spec)
        if (to === null || !to.startsWith(`src${path.sep}`)) continue
        if (!allowed(from, to)) wrong.push(`${file} imports ${spec}`)
      }
    }
    assert.deepEqual(wrong, [])
  })

  it('only the server builds the response front; routes feed it through the responder\'s declarations alone', () => {
    for (const file of sources('src').filter((f) => !/^src[\\/](front|server)[\\/]/.test(f))) {
      for (const { spec } of imports(file)) {
        const to = target(file, spec)
        assert.ok(to === null || !to.startsWith(path.join('src', 'front')), `${file} imports ${spec}`)
      }
    }
  })

  it('ETag, Last-Modified and 304 are decided in surfaces/http/conditional.ts alone, for the responder and the front', () => {
    const deciders = ['src/surfaces/http/responder.ts', 'src/front/cached-gets.ts'].map((f) => f.split('/').join(path.sep))
    // The serving side: the crawler sends validators of its own as a client.
    for (const file of ['src/surfaces', 'src/front', 'src/server'].flatMap(sources)) {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8')
      const decides = /\b(writeHead|completeResponse|new Response|c\.body)\(\s*(null\s*,\s*)?304\b|(header\(\s*|headers\[\s*)'if-(none-match|modified-since)'/i.test(text)
      if (!decides) continue
      assert.ok(deciders.includes(file), `${file} reads validators or answers 304 itself: call revalidate() (conditional.ts)`)
      assert.ok(imports(file).some(({ spec }) => spec.endsWith('/conditional.ts')), `${file} answers 304 without revalidate()`)
    }
  })

  it('src/ never imports test/ (the build compiles src/ alone)', () => {
    for (const file of sources('src')) {
      for (const { spec } of imports(file)) {
        const to = target(file, spec)
        if (to !== null) assert.ok(!to.startsWith(`test${path.sep}`) && !to.startsWith(`bench${path.sep}`), `${file} imports ${spec}`)
      }
    }
  })

  it('surfaces never import the store: every read goes through the query service', () => {
    for (const file of sources('src/surfaces')) {
      for (const { spec } of imports(file)) assert.doesNotMatch(spec, /\/storage\//, `${file} imports ${spec}`)
    }
  })

  it('domain, query and markdown stay free of Node built-ins and HTTP frameworks', () => {
    for (const file of [...sources('src/domain'), ...sources('src/query'), ...sources('src/markdown')]) {
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
