import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { charsetFromMeta, decodeHtml } from './html-charset.ts'

/** Windows-1252 bytes for a string of Latin-1 characters plus € (0x80), ’ (0x92) and … (0x85). */
function cp1252(s: string): Buffer {
  const high: Record<string, number> = { '€': 0x80, '’': 0x92, '…': 0x85, 'œ': 0x9c }
  return Buffer.from(Array.from(s, (ch) => high[ch] ?? ch.charCodeAt(0)))
}

const FRENCH = 'Le café coûte 4 € aujourd’hui… œuvre'

describe('charsetFromMeta', () => {
  it('finds <meta charset> and <meta http-equiv=Content-Type> in either attribute order and any case', () => {
    const table: Array<[string, string | null]> = [
      ['<meta charset="windows-1252">', 'windows-1252'],
      ["<meta charset='ISO-8859-15'>", 'iso-8859-15'],
      ['<meta charset=utf-8 />', 'utf-8'],
      ['<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=EUC-KR">', 'euc-kr'],
      ['<meta content="text/html;charset=gb2312" http-equiv="content-type">', 'gb2312'],
      ['<meta http-equiv="Content-Type" content="charset=Shift_JIS">', 'shift_jis'],
      ['<meta name="description" content="charset=utf-8 is the best">', null],
      ['<!-- <meta charset="koi8-r"> --><meta charset="utf-8">', 'utf-8'],
      ['<p>no meta at all</p>', null],
    ]
    for (const [html, expected] of table) assert.equal(charsetFromMeta(Buffer.from(html)), expected, html)
  })

  it('looks only at the first 8 KiB', () => {
    const late = Buffer.from(`<script>${' '.repeat(9000)}</script><meta charset="koi8-r">`)
    assert.equal(charsetFromMeta(late), null)
    const early = Buffer.from(`<script>${' '.repeat(6000)}</script><meta charset="koi8-r">`)
    assert.equal(charsetFromMeta(early), 'koi8-r')
  })
})

describe('decodeHtml', () => {
  const page = (meta: string, body: Buffer) => Buffer.concat([Buffer.from(`<html><head>${meta}</head><body><p>`), body, Buffer.from('</p></body></html>')])

  it('uses the <meta> charset when the server names none', () => {
    const d = decodeHtml(page('<meta charset="windows-1252">', cp1252(FRENCH)), 'text/html')
    assert.ok(d.text.includes(FRENCH), d.text)
    assert.equal(d.charset, 'windows-1252')
  })

  it('decodes Shift_JIS named by http-equiv', () => {
    const sjis = Buffer.from([0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]) // 日本語
    const d = decodeHtml(page('<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">', sjis), null)
    assert.ok(d.text.includes('<p>日本語</p>'), d.text)
  })

  it('a byte order mark beats both header and meta', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), page('<meta charset="windows-1252">', Buffer.from(FRENCH))])
    const d = decodeHtml(bytes, 'text/html; charset=iso-8859-1')
    assert.ok(d.text.includes(FRENCH))
    assert.equal(d.source, 'bom')
  })

  it('the header beats the meta…', () => {
    const utf8 = page('<meta charset="windows-1252">', Buffer.from(FRENCH))
    assert.ok(decodeHtml(utf8, 'text/html; charset=utf-8').text.includes(FRENCH), 'header utf-8 over a stale meta')
    const sjis = page('<meta charset="utf-8">', Buffer.from([0x93, 0xfa, 0x96, 0x7b]))
    assert.ok(decodeHtml(sjis, 'text/html; charset=shift_jis').text.includes('日本'), 'a specific header label wins')
  })

  it('…unless it is a server-wide default the bytes contradict', () => {
    const legacy = page('<meta charset="windows-1252">', cp1252(FRENCH))
    const a = decodeHtml(legacy, 'text/html; charset=UTF-8')
    assert.ok(a.text.includes(FRENCH), 'utf-8 stamped on windows-1252 bytes')
    assert.match(a.notes.join(' '), /not valid UTF-8/)
    const modern = page('<meta charset="utf-8">', Buffer.from(FRENCH))
    const b = decodeHtml(modern, 'text/html; charset=ISO-8859-1')
    assert.ok(b.text.includes(FRENCH), 'latin1 stamped on UTF-8 bytes')
  })

  it('without any label: UTF-8 if valid, else windows-1252', () => {
    assert.ok(decodeHtml(page('', Buffer.from(FRENCH)), null).text.includes(FRENCH))
    const d = decodeHtml(page('', cp1252(FRENCH)), null)
    assert.ok(d.text.includes(FRENCH))
    assert.equal(d.charset, 'windows-1252')
  })

  it('treats a UTF-16 meta label as UTF-8, and ignores unknown labels', () => {
    assert.ok(decodeHtml(page('<meta charset="utf-16">', Buffer.from(FRENCH)), null).text.includes(FRENCH))
    const d = decodeHtml(page('<meta charset="klingon-8">', Buffer.from(FRENCH)), null)
    assert.ok(d.text.includes(FRENCH))
    assert.match(d.notes.join(' '), /unknown <meta> charset/)
  })

  it('decodes UTF-16 with a byte order mark', () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<html><body><p>Καλημέρα</p></body></html>', 'utf16le')])
    assert.ok(decodeHtml(bytes, 'text/html').text.includes('<p>Καλημέρα</p>'))
  })
})
