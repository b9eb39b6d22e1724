import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, it } from 'node:test'
import { Event, parseHTML } from 'linkedom'
// @ts-expect-error: a plain .mjs install script, without type declarations
import { EDITS, MARKER, patchFile } from '../scripts/patch-linkedom.mjs'
import { linkedomListenerTablesLazy } from '../src/crawler/extract/linkedom-listeners.ts'

type Edit = { from: string, to: string }
/** linkedom's EventTarget as the pinned version ships it, reduced to the parts the install step edits. */
const SHIPPED = `const wm = new WeakMap;\nclass DOMEventTarget {\n\n${(EDITS as Edit[]).map((e) => e.from).join('\n    // …\n  }\n\n')}\n  }\n}\n`

function withTempFile(text: string, body: (file: string) => void): void {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-linkedom-patch-'))
  const file = path.join(dir, 'event-target.js')
  fs.writeFileSync(file, text)
  try {
    body(file)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

describe('linkedom install step: listener tables created on first use', () => {
  it('is applied to the installed linkedom (npm install ran scripts/patch-linkedom.mjs)', () => {
    assert.equal(linkedomListenerTablesLazy(), true)
  })

  it('edits the shipped text once, then recognises its own edit', () => {
    withTempFile(SHIPPED, (file) => {
      assert.equal(patchFile(file), 'patched')
      const patched = fs.readFileSync(file, 'utf8')
      assert.ok(patched.includes(MARKER))
      assert.ok(!patched.includes('wm.set(this, new Map);'), 'the constructor no longer registers the node')
      assert.ok(patched.includes('if (!map) wm.set(this, map = new Map);'), 'addEventListener creates the table')
      assert.ok(patched.includes('if (map && map.has(type)) {'), 'removeEventListener tolerates a node without one')
      assert.equal(patchFile(file), 'already patched')
      assert.equal(fs.readFileSync(file, 'utf8'), patched)
    })
  })

  it('leaves a file it does not recognise untouched (another linkedom version)', () => {
    const other = SHIPPED.replace('wm.set(this, new Map);', 'wm.set(this, Object.create(null));')
    withTempFile(other, (file) => {
      assert.match(patchFile(file), /^left as is/)
      assert.equal(fs.readFileSync(file, 'utf8'), other)
    })
  })

  it('replaces the file instead of writing through it, so a hard-linked copy of node_modules keeps its own', () => {
    withTempFile(SHIPPED, (file) => {
      const twin = `${file}.twin`
      fs.linkSync(file, twin)
      assert.equal(patchFile(file), 'patched')
      assert.equal(fs.readFileSync(twin, 'utf8'), SHIPPED)
    })
  })

  it('keeps DOM events working on parsed nodes: listeners added, bubbled to, removed', () => {
    const { document } = parseHTML('<html><body><div id="outer"><p id="inner">text</p></div></body></html>')
    const outer = document.getElementById('outer')!
    const inner = document.getElementById('inner')!
    const seen: string[] = []
    const onOuter = (event: globalThis.Event) => { seen.push(`outer saw ${(event.target as Element).id}`) }
    // Removing from a node that never had a listener must not throw (the shipped code would, without its table).
    inner.removeEventListener('ping', () => {})
    outer.addEventListener('ping', onOuter)
    inner.dispatchEvent(new Event('ping', { bubbles: true }) as unknown as globalThis.Event)
    assert.deepEqual(seen, ['outer saw inner'])
    outer.removeEventListener('ping', onOuter)
    inner.dispatchEvent(new Event('ping', { bubbles: true }) as unknown as globalThis.Event)
    assert.deepEqual(seen, ['outer saw inner'])
  })
})
