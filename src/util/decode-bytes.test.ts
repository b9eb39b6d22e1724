import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import { describe, it } from 'node:test'
import { charsetFromContentType, charsetFromXmlDeclaration, decodeBytes } from './decode-bytes.ts'

const fixture = (name: string) => readFileSync(new URL(`../../test/fixtures/feeds/${name}`, import.meta.url))
const xml = (encoding: string, body: string) => `<?xml version="1.0" encoding="${encoding}"?><rss><channel><title>${body}</title></channel></rss>`

describe('charset detection', () => {
  it('reads the Content-Type charset parameter', () => {
    assert.equal(charsetFromContentType('application/rss+xml; charset=ISO-8859-1'), 'iso-8859-1')
    assert.equal(charsetFromContentType('text/xml;charset="utf-8"'), 'utf-8')
    assert.equal(charsetFromContentType('text/xml; foo=bar; Charset = Shift_JIS'), 'shift_jis')
    assert.equal(charsetFromContentType('application/xml'), null)
    assert.equal(charsetFromContentType(null), null)
    assert.equal(charsetFromContentType('text/xml; charset='), null)
  })

  it('reads the XML declaration', () => {
    assert.equal(charsetFromXmlDeclaration(Buffer.from(xml('windows-1252', 'x'))), 'windows-1252')
    assert.equal(charsetFromXmlDeclaration(Buffer.from(`  \n<?xml version='1.0' encoding='EUC-JP' standalone='yes'?><a/>`)), 'euc-jp')
    assert.equal(charsetFromXmlDeclaration(Buffer.from('<?xml version="1.0"?><a/>')), null)
    assert.equal(charsetFromXmlDeclaration(Buffer.from('<rss encoding="koi8-r"/>')), null, 'only a declaration counts')
  })
})

describe('decodeBytes', () => {
  it('windows-1252 declared in the XML declaration, including 0x80–0x9F (curly quotes, €, —)', () => {
    const d = decodeBytes(fixture('windows-1252.xml'), 'application/rss+xml')
    assert.equal(d.charset, 'windows-1252')
    assert.equal(d.source, 'declaration')
    assert.match(d.text, /Hausse des prix à l’épicerie : « ça coûte 20 € de plus »/)
    assert.match(d.text, /Les familles de Montréal paient davantage — surtout pour les crêpes et le café\./)
    assert.match(d.text, /Œuvre “spéciale” • ±5 ‰/)
    assert.match(d.text, /Señor Müller’s naïve façade/)
  })

  it('ISO-8859-1 is decoded as windows-1252 (WHATWG), so mislabelled smart quotes survive', () => {
    const d = decodeBytes(Buffer.from([0x93, 0x68, 0x69, 0x94, 0x20, 0xe9, 0x80]), 'text/xml; charset=iso-8859-1')
    assert.equal(d.text, '“hi” é€')
    assert.equal(d.source, 'header')
  })

  it('UTF-16 LE and BE with a BOM (BOM beats a wrong header), including a character outside the BMP', () => {
    for (const [name, charset] of [['utf16le-bom.xml', 'utf-16le'], ['utf16be-bom.xml', 'utf-16be']] as const) {
      const d = decodeBytes(fixture(name), 'application/rss+xml; charset=iso-8859-1')
      assert.equal(d.charset, charset)
      assert.equal(d.source, 'bom')
      assert.ok(d.text.startsWith('<?xml'), 'BOM stripped')
      assert.match(d.text, /Καλημέρα κόσμε — 😀 emoji outside the BMP/)
      assert.equal(d.notes.length, 1)
    }
  })

  it('UTF-16 without a BOM is sniffed from the zero bytes', () => {
    const body = Buffer.from(xml('UTF-16', 'Ωμέγα'), 'utf16le')
    const d = decodeBytes(body, null)
    assert.equal(d.charset, 'utf-16le')
    assert.equal(d.source, 'sniffed')
    assert.match(d.text, /Ωμέγα/)
  })

  it('UTF-8 BOM', () => {
    const d = decodeBytes(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml('utf-8', 'naïve'))]), null)
    assert.equal(d.source, 'bom')
    assert.ok(d.text.startsWith('<?xml'))
    assert.match(d.text, /naïve/)
  })

  it('Shift_JIS declared in the XML declaration (Japanese)', () => {
    const d = decodeBytes(fixture('japanese-shift_jis.xml'), 'application/rss+xml')
    assert.equal(d.charset, 'shift_jis')
    assert.match(d.text, /東京で桜が開花、平年より五日早く/)
    assert.match(d.text, /山田 花子/)
  })

  it('the Content-Type charset beats the XML declaration', () => {
    const body = Buffer.from(xml('utf-8', 'Привет'), 'utf8')
    // "Привет" in KOI8-R, under a declaration that (wrongly) says utf-8
    const koi = Buffer.concat([Buffer.from('<?xml version="1.0" encoding="utf-8"?><t>'), Buffer.from([0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4]), Buffer.from('</t>')])
    const d = decodeBytes(koi, 'text/xml; charset=koi8-r')
    assert.equal(d.charset, 'koi8-r')
    assert.match(d.text, /<t>Привет<\/t>/)
    assert.equal(decodeBytes(body, 'text/xml; charset=utf-8').source, 'header')
  })

  it('a header claiming UTF-8 over invalid UTF-8 loses to a declaration naming another charset', () => {
    const d = decodeBytes(fixture('windows-1252.xml'), 'application/rss+xml; charset=utf-8')
    assert.equal(d.charset, 'windows-1252')
    assert.equal(d.source, 'declaration')
    assert.match(d.text, /Montréal/)
    assert.equal(d.notes.length, 1)
  })

  it('unknown labels fall back to UTF-8 with a note, never throw', () => {
    const body = Buffer.from(xml('x-klingon', 'café'))
    const d = decodeBytes(body, 'text/xml; charset=bogus-9')
    assert.equal(d.charset, 'utf-8')
    assert.equal(d.source, 'default')
    assert.match(d.text, /café/)
    assert.equal(d.notes.length, 2)
    // WHATWG's "replacement" encoding (ISO-2022-KR) would turn the document into one U+FFFD: treated as unknown.
    assert.equal(decodeBytes(body, 'text/xml; charset=iso-2022-kr').charset, 'utf-8')
  })

  it('a UTF-16 label on ASCII-compatible bytes is ignored', () => {
    const body = Buffer.from(xml('UTF-16', 'plain'))
    assert.equal(decodeBytes(body, null).charset, 'utf-8')
    assert.equal(decodeBytes(body, 'text/xml; charset=utf-16').charset, 'utf-8')
  })

  it('no information at all: UTF-8, invalid bytes replaced rather than thrown', () => {
    const d = decodeBytes(Buffer.from([0x3c, 0x61, 0x3e, 0xff, 0xfe, 0x41, 0x3c, 0x2f, 0x61, 0x3e]), null)
    assert.equal(d.charset, 'utf-8')
    assert.equal(d.text, '<a>\ufffd\ufffdA</a>')
  })

  it('any TextDecoder charset works (windows-1256 Arabic, EUC-KR, GBK)', () => {
    assert.equal(decodeBytes(Buffer.from([0xc7, 0xe1, 0xda, 0xd1, 0xc8, 0xed, 0xc9]), 'text/xml; charset=windows-1256').text, 'العربية')
    assert.equal(decodeBytes(Buffer.from([0xc7, 0xd1, 0xb1, 0xb9]), 'text/xml; charset=euc-kr').text, '한국')
    assert.equal(decodeBytes(Buffer.from([0xd6, 0xd0, 0xce, 0xc4]), 'text/xml; charset=gb2312').text, '中文')
  })
})
