import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { parseHTML } from 'linkedom'
import { stripScriptsAndStyles } from './strip-scripts.ts'

const page = (body: string) => `<!DOCTYPE html><html><head><title>T</title></head><body>${body}</body></html>`

/** The parser's own answer: the page parsed whole, then its non-JSON-LD scripts and its style sheets removed. */
function parsedThenRemoved(html: string): string {
  const { document } = parseHTML(html)
  for (const el of Array.from(document.querySelectorAll('script, style'))) {
    if (el.localName === 'script' && /ld\+json/i.test(el.getAttribute('type') ?? '')) continue
    el.remove()
  }
  return document.toString()
}

const strippedThenParsed = (html: string) => parseHTML(stripScriptsAndStyles(html)).document.toString()

describe('stripScriptsAndStyles', () => {
  it('gives the same document as parsing everything and removing scripts and styles afterwards', () => {
    const bodies = [
      '<p>a</p><script>var x = 1 < 2 && "</div><p>not markup</p>"</script><p>b</p>',
      '<style>p > a { color: red }</style><p>styled</p>',
      '<SCRIPT type=text/javascript>x()</SCRIPT >after',
      '<script>a</scripts> still the script</script><p>after</p>',
      '<script>if (a <</script>text',
      '<div title="<script>alert(1)</script>" data-x=\'>\'>attribute text</div><script>y()</script>',
      '<div data-a=b>c</div><a href=/x?a=1&b=2>link</a><script>z</script>',
      '<!-- <script> --><p>after a comment</p><script>gone</script>',
      '<!--><p>short comment</p><script>gone</script><!--->x<script>gone</script>',
      '<textarea><script>kept as text</script></textarea><script>gone</script>',
      '<title><style>kept as text</style></title><style>gone</style>',
      '<xmp><script>kept</script></xmp><script>gone</script>',
      '<p>1 < 2 and <<b>bold</b></p><script>gone</script>',
      '<!DOCTYPE html><?php echo 1 ?></ p><script>gone</script>',
      '<script type="application/ld+json">{"@type":"NewsArticle","headline":"</p>"}</script><style>gone</style><p>kept</p>',
      '<svg><style>.a{}</style><path d="M0 0"/></svg><p>after svg</p>',
      '<noscript><img src="a.jpg"></noscript><script>gone</script>',
      '<div>x</div><script src="a.js"></script>\n<script async src="b.js"></script>\n<p>y</p>',
      '<!><script>inside a declaration</script>x><style>gone</style>',
      '<!-><script>inside a declaration</script>x><style>gone</style>',
      '<p>a&lt<script>gone</script>b&#<script>gone</script>c&amp<style>gone</style>&</p>',
    ]
    for (const body of bodies) {
      const html = page(body)
      assert.equal(strippedThenParsed(html), parsedThenRemoved(html), body)
      assert.ok(stripScriptsAndStyles(html).length < html.length, `nothing stripped from ${body}`)
    }
  })

  it('keeps JSON-LD, which Readability and the page metadata read', () => {
    const html = page('<script type="application/ld+json">{"isAccessibleForFree":false}</script><script>x()</script>')
    assert.ok(stripScriptsAndStyles(html).includes('{"isAccessibleForFree":false}'))
    assert.ok(!stripScriptsAndStyles(html).includes('x()'))
  })

  it('follows the parser where it differs from HTML: <tmp> is raw text up to </xmp>', () => {
    const html = page('<tmp><script>inside</script></xmp><p>x</p>')
    assert.equal(stripScriptsAndStyles(html), html)
    assert.equal(strippedThenParsed(html), parsedThenRemoved(html))
  })

  it('leaves the rest of the page as it is where it cannot tell what the parser does', () => {
    for (const rest of ['<script src="a.js"/><p>x</p>', '<![CDATA[<script>]]><p>x</p>', '<div title="open', '<!-- open', '<style>never closed']) {
      const html = page(`<style>cut</style>${rest}<script>not reached</script>`)
      const out = stripScriptsAndStyles(html)
      assert.ok(!out.includes('cut'), rest)
      assert.ok(out.endsWith(`${rest}<script>not reached</script></body></html>`), rest)
    }
  })

  it('never changes the document the pipeline reads, on random token soup (fixed seed)', () => {
    // Once scripts and styles are removed (as pruning and Readability do), cutting first must make no difference,
    // including where the scanner gives up and copies the rest.
    const tokens = ['<', '>', '/', '!', '-', '--', '?', '"', "'", '=', ' ', '\n', 'a', 'script', 'SCRIPT', 'style', 'title',
      'textarea', 'xmp', 'tmp', 'p', '&', '&lt;', '&amp', '[', ']', 'CDATA[', 'type=application/ld+json', '<script>', '</script>',
      '<style>', '</style>', '<!--', '-->', '<p>', '</p>', '<title>', '</title>', '<textarea>', '</textarea>', '<!>', '<?', ' />', 'text']
    let seed = 12345
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff
    let cut = 0
    for (let n = 0; n < 3000; n++) {
      let body = ''
      for (let k = 1 + Math.floor(next() * 25); k > 0; k--) body += tokens[Math.floor(next() * tokens.length)]
      const html = page(body)
      const stripped = stripScriptsAndStyles(html)
      if (stripped !== html) cut++
      assert.equal(parsedThenRemoved(stripped), parsedThenRemoved(html), JSON.stringify(body))
    }
    assert.ok(cut > 50, `only ${cut} of 3000 pages had anything cut`)
  })

  it('returns the page itself when there is nothing to cut', () => {
    const html = page('<p>plain</p>')
    assert.equal(stripScriptsAndStyles(html), html)
  })
})
