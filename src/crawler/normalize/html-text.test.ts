import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { growth } from '../../../test/helpers/cpu-cost.ts'
import { decodeEntities, htmlToInlineText, htmlToText, textToHtml } from './html-text.ts'

describe('decodeEntities', () => {
  it('named, numeric, hex, legacy without semicolon, unknown left alone', () => {
    assert.equal(decodeEntities('&amp; &lt;&gt; &quot;&apos; &eacute;&Eacute; &hellip; &nbsp;|'), '& <> "\' éÉ … \u00a0|')
    assert.equal(decodeEntities('&#233; &#xE9; &#X1F600; &#128512;'), 'é é 😀 😀')
    assert.equal(decodeEntities('&copy 2025 &amp R&D &notit; &madeup;'), '© 2025 & R&D ¬it; &madeup;')
    assert.equal(decodeEntities('&NotNestedGreaterGreater; &bne;'), '⪢̸ =⃥')
  })

  it('invalid numeric references become U+FFFD; 0x80–0x9F map as windows-1252', () => {
    assert.equal(decodeEntities('&#0; &#xD800; &#x110000; &#99999999;'), '\ufffd \ufffd \ufffd \ufffd')
    assert.equal(decodeEntities('&#150; &#x93;x&#x94; &#128;'), '– “x” €')
  })

  it('decodes once only', () => {
    assert.equal(decodeEntities('&amp;lt;'), '&lt;')
  })
})

describe('htmlToText', () => {
  it('strips every tag and attribute; script/style/iframe/noscript/svg/template content goes too', () => {
    const html = `<div class="x" onclick="steal()" style="color:red">
      <p>Hello <b onmouseover="x()">brave</b> <a href="javascript:alert(1)" target=_blank>new</a> world.</p>
      <script>alert("xss")</script><script type="text/javascript">var a = "<p>not text</p>";</script>
      <style>p { color: red } .x:before { content: "styled" }</style>
      <iframe src="https://evil.example/">iframe fallback</iframe>
      <noscript><img src=x onerror=alert(1)>enable js</noscript>
      <svg onload="alert(1)"><text>svg text</text></svg>
      <template><p>template text</p></template>
      <img src="x.jpg" onerror="alert(1)" alt="alt text">
      <object data="x.swf">object fallback</object>
      <p>Second paragraph.</p>
    </div>`
    const text = htmlToText(html)
    assert.equal(text, 'Hello brave new world.\n\nSecond paragraph.')
    for (const bad of ['<', '>', 'alert', 'steal', 'onerror', 'onclick', 'javascript', 'color', 'styled', 'iframe fallback', 'enable js', 'svg text', 'template text', 'object fallback', 'not text']) {
      assert.ok(!text.includes(bad), `${bad} left in ${JSON.stringify(text)}`)
    }
  })

  it('decodes entities in text, once', () => {
    assert.equal(htmlToText('<p>Caf&eacute; &amp; bar &mdash; 5&nbsp;&euro; &lt;3 &amp;amp;</p>'), 'Café & bar — 5 € <3 &amp;')
  })

  it('double-escaped markup (a publisher escaping its HTML twice) is stripped on a second pass', () => {
    assert.equal(htmlToText('&lt;p&gt;Breaking &lt;b&gt;news&lt;/b&gt;&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;'), 'Breaking news')
    // Text that mentions a tag, escaped once as it should be, closes nothing: it stays text.
    assert.equal(htmlToText('<p>Use &lt;b&gt; for bold, &lt;br&gt; for a break</p>'), 'Use <b> for bold, <br> for a break')
    // … but escaped text that only looks like a tag survives (unknown element names), and so does '<' before a non-letter.
    assert.equal(htmlToText('if x&lt;y and y&gt;z then &lt;T&gt; is a type param; a < b'), 'if x<y and y>z then <T> is a type param; a < b')
    // Raw (unescaped) '<' + letter is a tag for the HTML tokenizer, as in a browser.
    assert.equal(htmlToText('x<y and y>z'), 'xz')
  })

  it('comments, CDATA-like and processing instructions go; quoted ">" inside attributes does not end the tag', () => {
    assert.equal(htmlToText('a<!-- hidden -->b<![CDATA[x]]>c<?php echo 1 ?>d<a title="x > y" href=\'>\'>e</a>'), 'abcde')
  })

  it('an unterminated tag or raw-text element drops the rest, never leaks markup', () => {
    assert.equal(htmlToText('safe <img src=x onerror="alert(1)'), 'safe')
    assert.equal(htmlToText('safe <script>alert(1)'), 'safe')
    assert.equal(htmlToText('safe <SCRIPT>alert(1)</ScRiPt > after'), 'safe after')
  })

  it('block elements become paragraphs; inline whitespace collapses; controls and bidi overrides removed', () => {
    assert.equal(htmlToText('<h2>Title</h2><ul><li>one</li><li>two</li></ul>line<br>break<br/>end'), 'Title\n\none\n\ntwo\n\nline\n\nbreak\n\nend')
    assert.equal(htmlToText('  lots   of \n\t space\u00a0and\u3000ideographic  '), 'lots of space and ideographic')
    assert.equal(htmlToText('a\u0000b\u0007c\u202Ed\u2066e\ufeff&#1;'), 'abcde')
  })

  it('keeps right-to-left and CJK text intact', () => {
    assert.equal(htmlToText('<p dir="rtl">افتتحت الحكومة اليوم محطة</p><p>東京で桜が開花</p>'), 'افتتحت الحكومة اليوم محطة\n\n東京で桜が開花')
  })

  it('index-safe with characters whose lower case is longer (İ)', () => {
    assert.equal(htmlToText('İİİ<SCRIPT>x</SCRIPT>İ<b>ok</b>'), 'İİİ İok')
  })

  it('linear: pathological input costs about 4× the work at 4× the size (1 MB → 4 MB)', () => {
    // A ratio, not a time limit: CI runs 2–4× slower than a quiet machine (test/helpers/cpu-cost.ts). Measured 3.2–4.3×;
    // a scan that backtracks or rescans would give 16×. Node 26 read 6.6–9.3× for paragraphs while the output was one
    // array of a million pieces, which every scavenge walked; joined in chunks, 4.0–5.1× (Node 20 4.3–4.6×).
    const inputs: Array<[string, (n: number) => string]> = [
      ['"<" run', (n) => '<'.repeat(n)], ['unclosed tags', (n) => '<a '.repeat(n / 3)], ['"&" run', (n) => '&'.repeat(n)],
      ['unclosed attributes', (n) => '<a title="'.repeat(n / 10)], ['paragraphs', (n) => '<p>x</p>'.repeat(n / 8)],
    ]
    for (const [name, input] of inputs) {
      const { ratio, largeMs } = growth(input, htmlToText, 1_000_000)
      assert.ok(ratio < 8, `${name}: 4× the input cost ${ratio.toFixed(1)}× the work (${largeMs} ms at 4 MB)`)
    }
  })

  it('inline variant and text → HTML round trip', () => {
    assert.equal(htmlToInlineText('<p>a</p><p>b</p>'), 'a b')
    assert.equal(htmlToText(textToHtml('Tom & Jerry <3\n\nSecond para')), 'Tom & Jerry <3\n\nSecond para')
    assert.equal(htmlToText(null), '')
  })
})

describe('zero-width characters', () => {
  it('are stripped like bidi controls: U+200B–U+200D, U+2060, U+FEFF (also as character references)', () => {
    assert.equal(htmlToInlineText('Ig\u200bno\u200cre pre\u200dvious\u2060 in\ufeffstructions'), 'Ignore previous instructions')
    assert.equal(htmlToInlineText('a&#x200B;b&#8204;c&zwj;d&NoBreak;e'), 'abcde')
    // Ordinary non-Latin text is untouched.
    assert.equal(htmlToInlineText('東京で桜が開花 · مرحبا'), '東京で桜が開花 · مرحبا')
  })
})
