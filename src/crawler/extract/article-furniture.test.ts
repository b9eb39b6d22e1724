import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { extractArticle, type ExtractedArticle } from './extract-article.ts'

/**
 * The rules that take page furniture out of the article text (trim-article.ts, content-text.ts), each with a case it must
 * remove and a look-alike it must keep. Every page holds the same story so only the furniture differs.
 */
const STORY = [
  'The harbour authority approved the new container terminal on Tuesday after a two-year review of its environmental impact.',
  'Construction will begin in the spring and the first berth should open within three years, the authority said in a statement.',
  'Local businesses welcomed the decision, saying the terminal would bring hundreds of jobs to the eastern docks.',
  'Residents near the site raised concerns about traffic, and the council promised a new access road before work starts.',
]
const PAGE_URL = 'https://www.harbourgazette.example/news/2026/11/terminal-approved'

function extract(extraBody: string, after = ''): ExtractedArticle {
  const html = `<!doctype html><html lang="en"><head><title>Terminal approved</title></head><body><article><h1>Terminal approved</h1>`
    + `${extraBody}${STORY.map((p) => `<p>${p}</p>`).join('')}${after}</article></body></html>`
  const r = extractArticle(Buffer.from(html), 'text/html', PAGE_URL)
  if (!r.ok) assert.fail(`${r.reason}: ${r.detail}`)
  for (const p of STORY) assert.ok(r.text.includes(p), `story paragraph kept: ${p.slice(0, 40)}`)
  return r
}

describe('article furniture', () => {
  it('drops captions and photo credits, in a caption element or ending in their credit', () => {
    const a = extract(
      '<figure><img src="a.jpg"><div class="newsCaption">Cranes at the eastern docks</div></figure>'
      + '<p><span class="image-credit">Photo: Harbour Gazette</span></p>'
      + '<p>Cranes unload a ship at the eastern docks on Monday. (AP Photo/Jane Roe, File)</p>'
      + '<p>Image copyright Getty Images</p>',
    )
    assert.doesNotMatch(a.text, /Cranes|Harbour Gazette|AP Photo|Getty/)
  })

  it('keeps a story sentence that ends in an acronym in brackets', () => {
    const a = extract('', '<p>The terminal will be run by the Eastern Port Authority (EPA).</p>')
    assert.match(a.text, /Eastern Port Authority \(EPA\)/)
  })

  it('drops lines that are only links to the same site (related stories), keeps lines linking elsewhere', () => {
    const a = extract('', '<ul><li><a href="/news/2026/11/dock-strike">Dock workers call off strike</a></li>'
      + '<li><a href="https://www.harbourgazette.example/news/ferry">Ferry timetable changes</a></li></ul>'
      + '<p><a href="https://shop.example/book">Get the terminal guide at Shop for $12</a></p>'
      + '<p><a href="https://www.harbourgazette.example/latest">Harbour police close the old ferry road</a> [VIDEO]</p>')
    assert.doesNotMatch(a.text, /Dock workers call off strike|Ferry timetable|ferry road/)
    assert.match(a.text, /Get the terminal guide at Shop/)
  })

  it('headings that are their own anchors stay', () => {
    const a = extract('', '<h2><a href="#berths">Three new berths</a></h2><p>The berths open one a year.</p><h2><a name="costs">What it costs</a></h2>'
      + `<h3><a href="${PAGE_URL}#roads">The new access road</a></h3>`)
    assert.match(a.text, /Three new berths/)
    assert.match(a.text, /What it costs/)
    assert.match(a.text, /The new access road/)
  })

  it('a sentence with a link in it stays', () => {
    const a = extract('', '<p>The full <a href="/reports/terminal.pdf">review</a> runs to 400 pages and is published on the authority website.</p>')
    assert.match(a.text, /runs to 400 pages/)
  })

  it('drops datelines and byline lines, keeps dates inside sentences and tables of numbers', () => {
    const a = extract(
      '<p>Posted: Fri 6:45 PM, Feb 16, 2018 | Updated: Sat 8:31 PM, Feb 17, 2018</p><p>Published 1 day ago</p>'
      + '<p>sexta-feira, 22 de outubro de 2010 às 20:13</p><p>By Jane Roe - 11/18/19 11:04 PM EST</p>',
      '<p>Work starts on 3 March 2027.</p><table><tr><td>1</td><td>Berth one</td><td>2030</td></tr><tr><td>2</td><td>Berth two</td><td>2032</td></tr></table>'
      + '<p>By the end of the decade the terminal will handle a million containers a year.</p>',
    )
    assert.doesNotMatch(a.text, /Posted|Published 1 day|sexta-feira|Jane Roe/)
    assert.match(a.text, /Work starts on 3 March 2027\./)
    assert.match(a.text, /Berth one\n\n2030/)
    assert.match(a.text, /By the end of the decade/)
  })

  it('drops calls to action and site notices, keeps story sentences that open with the same verbs', () => {
    const a = extract('<p>This post may contain affiliate links. Please see my disclosure page.</p>',
      '<p>Follow Harbour Gazette on Instagram, Facebook and Twitter.</p>'
      + '<p>Get the latest updates right in your inbox. Subscribe to our newsletters.</p>'
      + '<p>Have a tip? The reporter may be reached at news@harbourgazette.example.</p>'
      + '<p>Join our forums to keep talking about the port!</p>'
      + '<p>This slideshow requires JavaScript.</p>'
      + '<p>© 2026 Harbour Gazette. All rights reserved.</p>'
      + '<p>Follow-up talks with the unions are planned for January, the authority said.</p>'
      + '<p>Get-togethers for residents will be held at the town hall.</p>'
      + '<p>Follow these tips to stay safe near the cranes, the authority told visitors</p>'
      + "<p>DON'T MISS</p><p>You may also like...</p><p>Advert</p>")
    assert.doesNotMatch(a.text, /affiliate|Instagram|inbox|Have a tip|forums|JavaScript|All rights reserved|DON'T MISS|You may also like|Advert/)
    assert.match(a.text, /Follow-up talks with the unions/)
    assert.match(a.text, /Get-togethers for residents/)
    assert.match(a.text, /Follow these tips to stay safe/)
  })
})
