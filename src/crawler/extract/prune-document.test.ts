import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { parseHtmlDocument } from './html-document.ts'
import { isHiddenElement, pruneDocument } from './prune-document.ts'

const LONG = 'The harbour authority confirmed on Monday that dredging of the main channel will begin in March. '.repeat(8)

function pruned(body: string): { text: string, byline: string | null } {
  const doc = parseHtmlDocument(`<!DOCTYPE html><html><head></head><body>${body}</body></html>`)
  const result = pruneDocument(doc)
  assert.ok(result.ok, result.ok ? '' : result.detail)
  return { text: (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim(), byline: result.byline }
}

describe('pruneDocument', () => {
  it('removes every hidden form an inline page can express', () => {
    const hidden = [
      '<div hidden>A</div>', '<div aria-hidden="true">B</div>', '<div style="display: none">C</div>',
      '<div style="visibility:hidden">D</div>', '<div style="opacity:0">E</div>', '<div style="font-size: 0px">F</div>',
      '<div style="position:absolute; left:-9999px">G</div>', '<div style="clip: rect(0 0 0 0); position:absolute">H</div>',
      '<div style="height:0; overflow:hidden">I</div>', '<div class="sr-only">J</div>', '<div class="visually-hidden">K</div>',
      '<div class="d-none">L</div>', '<span class="screen-reader-text">M</span>',
    ]
    const { text } = pruned(`${hidden.join('')}<p>visible</p>`)
    assert.equal(text, 'visible')
  })

  it('keeps what only looks hidden', () => {
    for (const el of ['<div style="opacity:0.5">x</div>', '<div class="hidden-xs">x</div>', '<div style="height:0">x</div>', '<div style="font-size:0.9em">x</div>']) {
      const doc = parseHtmlDocument(`<html><body>${el}</body></html>`)
      assert.equal(isHiddenElement(doc.body.firstElementChild!), false, el)
    }
  })

  it('removes short boilerplate by token, not by substring', () => {
    const { text } = pruned(`<div class="ad-slot">Advertisement</div><div id="cookie-banner">We use cookies</div>
      <div class="newsletter_signup">Sign up</div><ul class="related-links"><li><a href="/x">Other story</a></li></ul>
      <div class="share-tools">Share</div><div class="header">Masthead</div><div class="shadow-box">Shadowed</div>
      <div class="shareholder-letter">Shareholders</div><div class="adventure">Adventure</div><p>${LONG}</p>`)
    for (const kept of ['Masthead', 'Shadowed', 'Shareholders', 'Adventure', 'The harbour']) assert.ok(text.includes(kept), kept)
    for (const gone of ['Advertisement', 'We use cookies', 'Sign up', 'Other story', 'Share']) assert.ok(!text.replace('Shareholders', '').includes(gone), gone)
  })

  it('keeps a boilerplate-named wrapper that holds the story or is long prose', () => {
    assert.ok(pruned(`<div class="ad-free"><h1>Dredging</h1><p>short</p></div>`).text.includes('Dredging'))
    assert.ok(pruned(`<div class="social-affairs"><p>${LONG}</p></div>`).text.includes('dredging'))
    assert.equal(pruned(`<aside><a href="/a">${LONG}</a></aside><p>x</p>`).text, 'x', 'long but all links')
  })

  it('takes the byline out of the text and returns it', () => {
    const r = pruned(`<div class="byline">By Maria Okafor</div><p>${LONG}</p>`)
    assert.equal(r.byline, 'By Maria Okafor')
    assert.ok(!r.text.includes('Okafor'))
    assert.equal(pruned(`<p>By <a rel="author" href="/m">Maria Okafor</a></p><p>${LONG}</p>`).byline, 'Maria Okafor')
  })

  it('drops empty wrappers but keeps images and line breaks', () => {
    const doc = parseHtmlDocument(`<html><body><div><div><span></span></div></div><div><img src="a.jpg"></div><div>a<br><br>b</div></body></html>`)
    const r = pruneDocument(doc)
    assert.ok(r.ok)
    assert.equal(doc.body.innerHTML, '<div><img src="a.jpg"></div><div>a<br><br>b</div>')
  })

  it('refuses deep trees and large ones, counting only what survives', () => {
    const deep = parseHtmlDocument(`<html><body>${'<div>'.repeat(100)}text${'</div>'.repeat(100)}</body></html>`)
    assert.deepEqual(pruneDocument(deep), { ok: false, detail: 'nesting 100 deep after pruning > 96' })
    const emptyDeep = parseHtmlDocument(`<html><body>${'<div>'.repeat(300)}${'</div>'.repeat(300)}<p>text</p></body></html>`)
    assert.equal(pruneDocument(emptyDeep).ok, true)
    const wide = parseHtmlDocument(`<html><body>${'<p>x</p>'.repeat(7000)}</body></html>`)
    assert.equal(pruneDocument(wide).ok, false)
  })
})
