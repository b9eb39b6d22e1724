import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, describe, it } from 'node:test'
import { DOMParser, Event, parseHTML } from 'linkedom'
import { linkedomInstallStep } from '../src/crawler/extract/linkedom-install-step.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const PACKAGE = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>, dependencies: Record<string, string>, devDependencies: Record<string, string>
}
const VERSION = PACKAGE.dependencies.linkedom!
const PATCH = path.join(ROOT, 'patches', `linkedom+${VERSION}.patch`)
const INSTALLED = path.join(ROOT, 'node_modules', 'linkedom')
/** The files the patch edits, relative to linkedom's folder. */
const PATCHED_FILES = [...fs.readFileSync(PATCH, 'utf8').matchAll(/^diff --git a\/node_modules\/linkedom\/(\S+) /gm)].map((m) => m[1]!)

/**
 * Runs package.json's postinstall in `app` as npm would, with patch-package from this checkout on the PATH and no CI
 * variables (patch-package fails on CI by default; the flags must make it fail anywhere).
 */
function postinstall(app: string, script = PACKAGE.scripts.postinstall!): { status: number | null, output: string } {
  const env = { PATH: `${path.join(ROOT, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH}`, HOME: app }
  const run = spawnSync(script, { cwd: app, env, shell: true, encoding: 'utf8' })
  return { status: run.status, output: `${run.stdout}${run.stderr}` }
}

/** A project folder holding linkedom's package.json and the files the patch edits, copied from `from`. */
function makeApp(base: string, name: string, from: string): string {
  const app = path.join(base, name)
  fs.mkdirSync(path.join(app, 'patches'), { recursive: true })
  fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name, private: true, dependencies: { linkedom: VERSION } }))
  fs.copyFileSync(PATCH, path.join(app, 'patches', path.basename(PATCH)))
  for (const file of ['package.json', ...PATCHED_FILES]) {
    fs.mkdirSync(path.dirname(path.join(app, 'node_modules', 'linkedom', file)), { recursive: true })
    fs.copyFileSync(path.join(from, file), path.join(app, 'node_modules', 'linkedom', file))
  }
  return app
}

const read = (dir: string, file: string) => fs.readFileSync(path.join(dir, file), 'utf8')

describe('linkedom patch: no per-node WeakMap entries or eager class lists', () => {
  let base = ''
  /** linkedom's edited files as shipped: the installed ones with the patch taken out again by patch-package. */
  let shipped = ''
  before(() => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'newsdesk-linkedom-patch-'))
    const app = makeApp(base, 'reversed', INSTALLED)
    const reversed = postinstall(app, 'patch-package --reverse --error-on-fail')
    assert.equal(reversed.status, 0, reversed.output)
    shipped = path.join(app, 'node_modules', 'linkedom')
  })
  after(() => fs.rmSync(base, { recursive: true, force: true }))

  it('is applied to the installed linkedom (npm install ran patch-package)', () => {
    assert.deepEqual(linkedomInstallStep(), {
      listenerTables: true, styleOwners: true, classLists: true, classNames: true, tagListSelectors: true, upperCaseNames: true, lowerCaseByTag: true,
    })
  })

  it('is applied by every install, production ones included, for the pinned version it is named after', () => {
    assert.equal(PACKAGE.scripts.postinstall, 'patch-package --error-on-fail --error-on-warn')
    assert.ok(PACKAGE.dependencies['patch-package'] && !PACKAGE.devDependencies['patch-package'], 'an install without dev dependencies runs postinstall too')
    assert.match(VERSION, /^\d+\.\d+\.\d+$/, 'linkedom is pinned')
    assert.equal(JSON.parse(read(INSTALLED, 'package.json')).version, VERSION)
    assert.deepEqual(fs.readdirSync(path.join(ROOT, 'patches')).filter((f) => f.startsWith('linkedom+')), [path.basename(PATCH)])
    assert.equal(PATCHED_FILES.length, 14, 'seven files, in the esm and cjs builds')
  })

  it('makes the installed files exactly, from linkedom as shipped', () => {
    for (const file of PATCHED_FILES) {
      assert.ok(!read(shipped, file).includes('newsdesk:'), `${file} as shipped`)
      assert.ok(read(INSTALLED, file).includes('newsdesk:'), `${file} installed`)
    }
    const app = makeApp(base, 'applied', shipped)
    const applied = postinstall(app)
    assert.equal(applied.status, 0, applied.output)
    for (const file of PATCHED_FILES) assert.equal(read(path.join(app, 'node_modules', 'linkedom'), file), read(INSTALLED, file), file)
    const again = postinstall(app)
    assert.equal(again.status, 0, again.output)
    for (const file of PATCHED_FILES) assert.equal(read(path.join(app, 'node_modules', 'linkedom'), file), read(INSTALLED, file), `${file}, applied twice`)
  })

  it('fails the install, changing nothing, when the text is not what the patch expects', () => {
    const app = makeApp(base, 'changed', shipped)
    const linkedom = path.join(app, 'node_modules', 'linkedom')
    const target = 'esm/interface/event-target.js'
    const changed = read(linkedom, target).replace('wm.set(this, new Map);', 'wm.set(this, Object.create(null));')
    assert.notEqual(changed, read(linkedom, target))
    fs.writeFileSync(path.join(linkedom, target), changed)
    const failed = postinstall(app)
    assert.notEqual(failed.status, 0, failed.output)
    assert.match(failed.output, /Failed to apply patch for package linkedom/)
    for (const file of PATCHED_FILES) {
      assert.equal(read(linkedom, file), file === target ? changed : read(shipped, file), `${file} untouched`)
    }
  })

  it('fails the install when linkedom is another version, even where the text still matches', () => {
    const app = makeApp(base, 'bumped', shipped)
    const manifest = path.join(app, 'node_modules', 'linkedom', 'package.json')
    fs.writeFileSync(manifest, JSON.stringify({ ...JSON.parse(fs.readFileSync(manifest, 'utf8')), version: '99.0.0' }))
    const failed = postinstall(app)
    assert.notEqual(failed.status, 0, failed.output)
    assert.match(failed.output, /version mismatch/)
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

  it('keeps inline styles working on parsed elements: read, set, removed, cssText', () => {
    const { document } = parseHTML('<html><body><p id="p" style="display: none; color: red">x</p><div id="d">y</div></body></html>')
    const p = document.getElementById('p') as unknown as HTMLElement
    const d = document.getElementById('d') as unknown as HTMLElement
    assert.equal(p.style.display, 'none')
    assert.equal(p.style.getPropertyValue('color'), 'red')
    p.style.display = 'block'
    assert.equal(p.getAttribute('style'), 'display:block;color:red')
    p.style.removeProperty('color')
    assert.equal(p.getAttribute('style'), 'display:block')
    // An element without a style attribute gets one on the first write; cssText replaces it whole.
    assert.equal(d.style.display, '')
    d.style.fontSize = '12px'
    assert.equal(d.getAttribute('style'), 'font-size:12px')
    d.style.cssText = 'margin: 0'
    assert.equal(d.style.margin, '0')
    assert.equal(d.style.fontSize, '')
    // An attribute changed directly is what the declaration reads next.
    p.setAttribute('style', 'visibility: hidden')
    assert.equal(p.style.visibility, 'hidden')
    assert.equal(p.style.display, '')
  })

  it('keeps classes working on parsed elements: read every way, selected, changed, removed', () => {
    const { document } = parseHTML('<html><body><p id="p" class=" lead\n story  lead">x</p><div id="d">y</div></body></html>')
    const p = document.getElementById('p')!
    const d = document.getElementById('d')!
    // className and getAttribute read the attribute as written, as in browsers; the list holds each token once, in order.
    assert.equal(p.className, ' lead\n story  lead')
    assert.equal(p.getAttribute('class'), ' lead\n story  lead')
    assert.deepEqual([...p.classList], ['lead', 'story'])
    assert.ok(p.classList.contains('story'))
    assert.equal(p.classList.length, 2)
    assert.equal(d.className, '')
    // Selectors match tokens across any whitespace, in the attribute as written.
    assert.equal(document.querySelector('.story'), p)
    assert.equal(document.querySelectorAll('p.lead.story').length, 1)
    assert.equal(document.querySelector('.stor'), null)
    assert.deepEqual([...document.getElementsByClassName('lead')], [p])
    // Changes through any door are seen through every other.
    p.classList.add('breaking')
    assert.equal(p.getAttribute('class'), 'lead story breaking')
    assert.equal(document.querySelector('.breaking'), p)
    p.classList.remove('lead')
    assert.equal(p.className, 'story breaking')
    p.setAttribute('class', 'brief')
    assert.ok(p.classList.contains('brief') && !p.classList.contains('story'))
    p.className = 'one two'
    assert.equal(document.querySelector('.two'), p)
    p.removeAttribute('class')
    assert.equal(p.hasAttribute('class'), false)
    assert.equal(document.querySelector('.two'), null)
    d.classList.add('new')
    assert.equal(d.outerHTML, '<div class="new" id="d">y</div>') // linkedom puts a new class attribute first
  })

  it('selects by a list of tag names as the compiled selector does: any case, document order, templates skipped', () => {
    const { document } = parseHTML('<html><body><div id="a"><P id="b">x</P><section id="c"><h2 id="d">t</h2><p id="e">y</p></section>'
      + '<template><p id="hidden">z</p></template><svg><clipPath id="f"></clipPath></svg><my-card id="g"></my-card></div></body></html>')
    const ids = (list: ArrayLike<Element>) => Array.from(list, (el) => el.id)
    // ':is(…)' is not a plain list, so css-select compiles it: the reference for the same names.
    for (const names of ['p,h2', 'P , H2', 'section,p,div', 'clippath', 'clipPath,my-card', 'h1']) {
      assert.deepEqual(ids(document.querySelectorAll(names)), ids(document.querySelectorAll(`:is(${names})`)), names)
    }
    assert.deepEqual(ids(document.querySelectorAll('p,h2')), ['b', 'd', 'e'])
    assert.equal(document.querySelector('section, h2')?.id, 'c')
    assert.equal(document.getElementById('e')!.closest('div')?.id, 'a')
    // In an XML document names keep their case, and the compiled selector is what answers.
    const xml = new DOMParser().parseFromString('<root><Item id="1"/><item id="2"/></root>', 'text/xml')
    assert.deepEqual(ids(xml.querySelectorAll('item')), ['2'])
  })

  it('names elements as shipped: tagName upper-cased in HTML, getElementsByTagName in either case', () => {
    const { document } = parseHTML('<html><body><div><p>x</p><P>y</P><Custom-Card>z</Custom-Card></div></body></html>')
    assert.equal(document.documentElement.tagName, 'HTML')
    assert.deepEqual(Array.from(document.body.querySelectorAll('*'), (el) => el.tagName), ['DIV', 'P', 'P', 'CUSTOM-CARD'])
    assert.equal(document.getElementsByTagName('p').length, 2)
    assert.equal(document.getElementsByTagName('P').length, 2)
    assert.equal(document.getElementsByTagName('custom-card').length, 1)
    assert.equal(document.getElementsByTagName('CUSTOM-CARD').length, 1)
    assert.equal(document.getElementsByTagName('Custom-Card').length, 0)
    const xml = new DOMParser().parseFromString('<root><Item/><item/></root>', 'text/xml')
    assert.equal(xml.getElementsByTagName('Item').length, 1)
    assert.equal(xml.documentElement.firstElementChild!.tagName, 'Item')
  })
})
