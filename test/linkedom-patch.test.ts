import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, it } from 'node:test'
import { DOMParser, Event, parseHTML } from 'linkedom'
// @ts-expect-error: a plain .mjs install script, without type declarations
import * as installStep from '../scripts/patch-linkedom.mjs'
import { linkedomInstallStep } from '../src/crawler/extract/linkedom-install-step.ts'

const {
  BY_TAG_EDITS, BY_TAG_MARKER, CLASS_EDITS, CLASS_MARKER, CLASS_NAME_EDITS, CLASS_NAME_MARKER, EDITS, MARKER, SELECTOR_EDITS, SELECTOR_MARKER,
  STYLE_EDITS, STYLE_MARKER, TAG_NAME_EDITS, TAG_NAME_MARKER, patchFile,
} = installStep

type Edit = { from: string, to: string }
/** linkedom's EventTarget as the pinned version ships it, reduced to the parts the install step edits. */
const SHIPPED = `const wm = new WeakMap;\nclass DOMEventTarget {\n\n${(EDITS as Edit[]).map((e) => e.from).join('\n    // …\n  }\n\n')}\n  }\n}\n`
/** The parser's attribute callback, as shipped. */
const SHIPPED_PARSER = `const attribute = (element, end, attribute, value, active) => {\n  attribute[VALUE] = value;\n  attribute.ownerElement = element;\n${(CLASS_EDITS as Edit[])[0]!.from}\n    attributeChangedCallback(element, attribute.name, null, value);\n};\n`
/** The same for its CSSStyleDeclaration module. */
const SHIPPED_STYLE = `import uhyphen from 'uhyphen';\n\n${(STYLE_EDITS as Edit[])[0]!.from}\nconst updateKeys = style => {\n  const attr = refs.get(style).getAttributeNode('style');\n};\n`

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

describe('linkedom install step: no per-node WeakMap entries or eager class lists', () => {
  it('is applied to the installed linkedom (npm install ran scripts/patch-linkedom.mjs)', () => {
    assert.deepEqual(linkedomInstallStep(), {
      listenerTables: true, styleOwners: true, classLists: true, classNames: true, tagListSelectors: true, upperCaseNames: true, lowerCaseByTag: true,
    })
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

  it("moves a style declaration's owner out of the WeakMap, once", () => {
    withTempFile(SHIPPED_STYLE, (file) => {
      assert.equal(patchFile(file, STYLE_EDITS, STYLE_MARKER), 'patched')
      const patched = fs.readFileSync(file, 'utf8')
      assert.ok(patched.includes(STYLE_MARKER))
      assert.ok(!patched.includes('new WeakMap'))
      assert.ok(patched.includes("refs.get(style).getAttributeNode('style')"), 'the readers of refs are unchanged')
      assert.equal(patchFile(file, STYLE_EDITS, STYLE_MARKER), 'already patched')
    })
  })

  it("takes the parser's className write out, once", () => {
    withTempFile(SHIPPED_PARSER, (file) => {
      assert.equal(patchFile(file, CLASS_EDITS, CLASS_MARKER), 'patched')
      const patched = fs.readFileSync(file, 'utf8')
      assert.ok(patched.includes(CLASS_MARKER))
      assert.ok(!patched.includes('element.className = value'))
      assert.ok(patched.includes('  if (active)\n    attributeChangedCallback('), 'the rest of the callback is unchanged')
      assert.equal(patchFile(file, CLASS_EDITS, CLASS_MARKER), 'already patched')
    })
  })

  it('makes each of the cost-only edits once, in text as shipped, and recognises them after', () => {
    const shipped: Array<[Edit[], string]> = [
      [CLASS_NAME_EDITS, CLASS_NAME_MARKER], [SELECTOR_EDITS, SELECTOR_MARKER], [TAG_NAME_EDITS, TAG_NAME_MARKER], [BY_TAG_EDITS, BY_TAG_MARKER],
    ]
    for (const [edits, marker] of shipped) {
      const text = `// before\n${edits.map((e) => `export const ${e.from}`).join('\n// between\n')}\n// after\n`
      withTempFile(text, (file) => {
        assert.equal(patchFile(file, edits, marker), 'patched')
        const patched = fs.readFileSync(file, 'utf8')
        assert.ok(patched.includes(marker))
        for (const e of edits) assert.ok(patched.includes(e.to), marker)
        assert.ok(patched.startsWith('// before\n') && patched.endsWith('// after\n'), 'the rest of the file is unchanged')
        assert.equal(patchFile(file, edits, marker), 'already patched')
      })
    }
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
