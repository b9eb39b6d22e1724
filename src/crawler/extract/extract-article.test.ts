import assert from 'node:assert/strict'
import fs from 'node:fs'
import { describe, it } from 'node:test'
import { detectLanguage } from './detect-language.ts'
import { extractArticle, normalizeDate, type ExtractedArticle, type ExtractResult } from './extract-article.ts'
import { bestCosts } from '../../../test/helpers/cpu-cost.ts'

const FIXTURES = new URL('../../../test/fixtures/articles/', import.meta.url)
const fixture = (name: string): Buffer => fs.readFileSync(new URL(name, FIXTURES))
const fixtureText = (name: string): string => fixture(name).toString('utf8')

function ok(result: ExtractResult): ExtractedArticle {
  if (!result.ok) assert.fail(`expected an article, got ${result.reason}: ${result.detail}`)
  return result
}

/** Properties every extracted text must have, whatever the page. */
function assertPlainText(text: string): void {
  assert.doesNotMatch(text, /</, 'no markup at all')
  assert.doesNotMatch(text, /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufeff]/, 'no control or bidi characters')
  assert.doesNotMatch(text, /(?<!\n)\n(?!\n)|\n{3,}/, "paragraphs separated by exactly '\\n\\n'")
  for (const p of text.split('\n\n')) {
    assert.notEqual(p, '', 'no empty paragraph')
    assert.equal(p, p.trim(), 'paragraphs trimmed')
    assert.doesNotMatch(p, /\s{2,}/, 'whitespace collapsed')
  }
}

function assertAbsent(text: string, needles: string[]): void {
  for (const needle of needles) assert.ok(!text.includes(needle), `text must not contain ${JSON.stringify(needle)}`)
}

const paragraphs = (text: string) => text.split('\n\n')

describe('extractArticle: a normal news page', () => {
  const url = 'https://www.harbourgazette.example/news/transport/2026/11/20/eastside-tram-extension-approved?utm_source=rss'
  const a = ok(extractArticle(fixture('news-standard.html'), 'text/html; charset=utf-8', url))

  it('returns the article metadata', () => {
    assert.equal(a.title, 'Council approves Eastside tram extension after five-year wait')
    assert.equal(a.byline, 'Maria Okafor')
    assert.equal(a.publishedTime, '2026-11-20T09:15:00.000Z')
    assert.equal(a.lang, 'en')
    assert.equal(a.canonicalUrl, 'https://www.harbourgazette.example/news/transport/2026/11/20/eastside-tram-extension-approved')
    assert.equal(a.siteName, 'The Harbour Gazette')
    assert.equal(a.excerpt, 'The £412m line will add six stops between the station and the university campus, with trams running from 2029.')
    assert.equal(a.imageUrl, 'https://cdn.harbourgazette.example/img/2026/11/tram-depot-1200.jpg', 'protocol-relative og:image resolved')
    assert.equal(a.paywalled, false)
  })

  it('keeps the story paragraphs, in order, as plain text', () => {
    assertPlainText(a.text)
    const ps = paragraphs(a.text)
    assert.equal(ps[0], "Councillors have approved a 4.2-mile extension of the city's tram network to the Eastside, ending a five-year argument over the route, the cost and who should pay for it.")
    assert.equal(ps.at(-1), "A public inquiry into the compulsory purchase of land for a new depot is expected to open in February. Campaigners from the Eastside Residents' Association said they would give evidence, but welcomed the vote.")
    for (const expected of [
      'The full council voted by 41 to 17 on Thursday night',
      'said the decision was "the most important transport investment this city has made in a generation"',
      'Funding gap remains',
      'We support a tram to the Eastside, but we have not been shown a credible plan for the last sixty million pounds.',
      'Residents along Dock Road',
      'Eastside Market',
    ]) assert.ok(a.text.includes(expected), expected)
    assert.equal(ps.length, 12)
  })

  it('drops navigation, cookie banner, ads, related links, comments, footer, scripts and styles', () => {
    assertAbsent(a.text, [
      'We use cookies', 'Accept all', 'Subscribe from £1', 'Culture', 'Sponsored: Ten cruise deals', 'Advertisement',
      'More from The Harbour Gazette', 'Bus franchising plan', '12 comments', 'Join the conversation', 'Most read',
      'Sign up for the Morning Briefing', '© 2026 Harbour Gazette', 'Privacy policy', 'Share on Facebook', 'gtag',
      'dataLayer', 'renderAd', 'font-family', 'trackParagraph', 'By Maria Okafor', 'Transport Correspondent',
      'The £412m line will add six stops', // the standfirst sits in the page header: it is the excerpt, not the text
    ])
  })
})

describe('extractArticle: charsets', () => {
  const url = 'https://www.courrier-rhone.example/lyon/2026/11/21/marche-de-noel-place-carnot'

  it('decodes a windows-1252 page from its <meta charset>, including bytes 0x80–0x9F', () => {
    const a = ok(extractArticle(fixture('fr-windows-1252.html'), 'text/html', url))
    assertPlainText(a.text)
    assert.equal(a.title, 'Lyon : le marché de Noël ouvre ses portes place Carnot')
    assert.equal(a.byline, 'Élodie Marchand')
    assert.equal(a.lang, 'fr')
    assert.equal(a.publishedTime, '2026-11-21T06:30:00.000Z')
    assert.equal(a.excerpt, 'Cent quarante chalets, une patinoire et des prix « raisonnables » : la ville espère 900 000 visiteurs d’ici au 24 décembre.')
    for (const expected of ['4 € la tasse', '« C’est un mois qui fait notre année »', 'Œdipe Garnier', 'rue Victor-Hugo… qui', 'l’adjointe au commerce, Nathalie Bérard']) {
      assert.ok(a.text.includes(expected), expected)
    }
    assert.equal(paragraphs(a.text).length, 5)
    assertAbsent(a.text, ['Nous utilisons des cookies', 'Fête des Lumières', 'Mentions légales', 'Par Élodie', 'S’abonner', '\ufffd'])
  })

  it('gives the same text whatever the server claims (none, utf-8 stamped on everything, latin1)', () => {
    const expected = ok(extractArticle(fixture('fr-windows-1252.html'), 'text/html', url)).text
    for (const contentType of ['text/html; charset=utf-8', 'text/html; charset=ISO-8859-1', 'text/html; charset=windows-1252', null]) {
      assert.equal(ok(extractArticle(fixture('fr-windows-1252.html'), contentType, url)).text, expected, String(contentType))
    }
  })

  it('decodes a Shift_JIS Japanese page from <meta http-equiv="Content-Type">', () => {
    const a = ok(extractArticle(fixture('ja-shift-jis.html'), 'text/html', 'https://www.minato-shinpo.example/articles/20261121-rail'))
    assertPlainText(a.text)
    // The ideographic space in the headline is whitespace, collapsed like any other.
    assert.equal(a.title, '地方鉄道の赤字路線、三年間で二割減 国交省まとめ')
    assert.equal(a.byline, '佐藤 健一')
    assert.equal(a.lang, 'ja')
    assert.equal(a.siteName, 'みなと新報')
    assert.equal(a.publishedTime, '2026-11-21T09:00:00.000Z')
    assert.equal(a.canonicalUrl, 'https://www.minato-shinpo.example/articles/20261121-rail')
    const ps = paragraphs(a.text)
    assert.equal(ps.length, 5)
    assert.equal(ps[0], '国土交通省は二十一日、全国の地方鉄道の経営状況をまとめた報告書を公表した。赤字となっている路線の数は、三年前と比べておよそ二割減少した。観光客の回復や、自治体による運行費の支援が広がったことが主な要因だとしている。')
    assert.equal(ps[4], '専門家は「赤字か黒字かだけでなく、地域にとってどのような交通が必要なのかを考える時期に来ている」と指摘している。')
    assertAbsent(a.text, ['アクセスランキング', 'ログイン', 'Copyright', '佐藤 健一', '2026年11月21日'])
  })
})

describe('extractArticle: languages and scripts', () => {
  it('Arabic, right-to-left', () => {
    const a = ok(extractArticle(fixture('ar-article.html'), 'text/html; charset=utf-8', 'https://www.alsahil.example/economy/2026/11/19/solar-desalination'))
    assertPlainText(a.text)
    assert.equal(a.title, 'افتتاح أكبر محطة لتحلية المياه بالطاقة الشمسية في المنطقة')
    assert.equal(a.byline, 'ليلى حداد', 'the "بقلم:" (by) prefix is dropped')
    assert.equal(a.lang, 'ar')
    assert.equal(a.publishedTime, '2026-11-19T07:00:00.000Z')
    assert.equal(a.imageUrl, 'https://media.alsahil.example/2026/11/desal.jpg')
    const ps = paragraphs(a.text)
    assert.equal(ps.length, 5)
    assert.equal(ps[0], 'افتُتحت يوم الخميس أكبر محطة لتحلية مياه البحر تعمل بالطاقة الشمسية في المنطقة، بطاقة إنتاجية تبلغ ثلاثمائة ألف متر مكعب من المياه العذبة يومياً، وهو ما يكفي لتلبية احتياجات نحو مليون نسمة.')
    assertAbsent(a.text, ['الرئيسية', 'اقرأ أيضاً', 'جميع الحقوق', 'بقلم'])
  })

  it('German: JSON-LD date and author, a relative og:image, an inline "Anzeige" ad', () => {
    const a = ok(extractArticle(fixture('de-article.html'), 'text/html', 'https://www.nordkurier.example/wirtschaft/bahn-puenktlichkeit-oktober'))
    assertPlainText(a.text)
    assert.equal(a.title, 'Bahn: Pünktlichkeit im Fernverkehr steigt erstmals seit Jahren')
    assert.equal(a.byline, 'Jonas Becker')
    assert.equal(a.lang, 'de')
    assert.equal(a.publishedTime, '2026-11-18T13:20:00.000Z')
    assert.equal(a.imageUrl, 'https://www.nordkurier.example/bilder/2026/ice-bahnhof.jpg')
    assert.equal(a.canonicalUrl, null)
    assert.equal(paragraphs(a.text).length, 5)
    assert.ok(a.text.includes('„Ein guter Monat macht noch keine Trendwende“, sagte ein Sprecher.'))
    assertAbsent(a.text, ['Anzeige', 'Wir verwenden Cookies', 'Zustimmen', 'Jetzt abonnieren', 'Impressum', 'Von Jonas Becker'])
  })

  it('Spanish: language from og:locale, paragraphs from <br><br> runs', () => {
    const a = ok(extractArticle(fixture('es-article.html'), 'text/html', 'https://www.diariodelsur.example/andalucia/sequia-riego'))
    assertPlainText(a.text)
    assert.equal(a.lang, 'es')
    assert.equal(a.title, 'La sequía obliga a restringir el riego en cuarenta municipios andaluces')
    assert.equal(a.byline, 'Carmen Ruiz | Sevilla', 'the page\'s own byline element, as written')
    const ps = paragraphs(a.text)
    assert.equal(ps.length, 5)
    assert.equal(ps[0], 'Los embalses de la cuenca del Guadalquivir se encuentran al 21 % de su capacidad, el nivel más bajo registrado en un mes de noviembre desde que existen datos, según el último informe de la confederación hidrográfica.')
    assert.ok(a.text.includes('«El olivar no puede esperar otro año más sin agua»'))
    assertAbsent(a.text, ['Suscríbete', 'Aviso legal', 'Deportes', 'Carmen Ruiz'])
  })

  it('Korean: language from the Content-Language meta', () => {
    const a = ok(extractArticle(fixture('ko-article.html'), 'text/html', 'https://www.hangang.example/society/20261116'))
    assertPlainText(a.text)
    assert.equal(a.lang, 'ko')
    assert.equal(a.byline, '김민준 기자')
    assert.equal(paragraphs(a.text).length, 4)
    assertAbsent(a.text, ['스포츠', 'Copyright'])
  })

  it('the declared page language is reported as declared; detectLanguage catches the CMS default', () => {
    const a = ok(extractArticle(fixture('pt-declared-en.html'), 'text/html', 'https://www.jornaldovale.example/politica/metro-bh'))
    assert.equal(a.lang, 'en', 'extractArticle reports what the page declares')
    assert.equal(a.byline, 'Rafael Souza', '"Por" prefix dropped')
    assert.deepEqual(detectLanguage({ declared: a.lang, title: a.title, text: a.text }), { lang: 'pt', source: 'detected', reliable: true })
  })

  it('detectLanguage agrees with every fixture', () => {
    const expected: Record<string, string> = {
      'news-standard.html': 'en', 'fr-windows-1252.html': 'fr', 'ja-shift-jis.html': 'ja', 'ar-article.html': 'ar',
      'de-article.html': 'de', 'es-article.html': 'es', 'ko-article.html': 'ko', 'canonical-differs.html': 'en',
      'hostile.html': 'en', 'pt-declared-en.html': 'pt',
    }
    for (const [name, lang] of Object.entries(expected)) {
      const a = ok(extractArticle(fixture(name), 'text/html', 'https://publisher.example/a'))
      assert.equal(detectLanguage({ declared: a.lang, title: a.title, text: a.text }).lang, lang, name)
      assert.equal(detectLanguage({ declared: null, title: a.title, text: a.text }).lang, lang, `${name} without a declaration`)
    }
  })
})

describe('extractArticle: canonical URL', () => {
  const fetched = 'https://m.northstarnews.example/amp/story/123?utm_source=rss'

  it('prefers <link rel=canonical>, resolved against <base href>, in canonical form', () => {
    const a = ok(extractArticle(fixture('canonical-differs.html'), 'text/html', fetched))
    assert.equal(a.canonicalUrl, 'https://amp.northstarnews.example/world/2026/11/21/ceasefire-talks-resume-geneva')
    assert.equal(a.byline, 'Daniel Brooks and Amira Saleh')
    assert.equal(a.publishedTime, null, '"not a date" is dropped')
    assert.equal(a.imageUrl, null, 'javascript: og:image refused')
    assert.equal(a.lang, 'en')
    assert.equal(paragraphs(a.text).length, 5)
    assertAbsent(a.text, ['© Northstar News', 'World'])
  })

  it('resolves a relative canonical against the fetched URL when there is no <base>', () => {
    const html = fixtureText('canonical-differs.html').replace(/<base [^>]*>/, '')
    assert.equal(ok(extractArticle(Buffer.from(html), 'text/html', fetched)).canonicalUrl,
      'https://m.northstarnews.example/world/2026/11/21/ceasefire-talks-resume-geneva')
  })

  it('falls back to og:url, and to null when neither is http(s)', () => {
    const noLink = fixtureText('canonical-differs.html').replace(/<link rel="canonical"[^>]*>/, '')
    assert.equal(ok(extractArticle(Buffer.from(noLink), 'text/html', fetched)).canonicalUrl, 'https://www.northstarnews.example/world/ceasefire-talks-resume')
    const neither = noLink.replace(/<meta property="og:url"[^>]*>/, '<meta property="og:url" content="javascript:alert(1)">')
    assert.equal(ok(extractArticle(Buffer.from(neither), 'text/html', fetched)).canonicalUrl, null)
  })
})

describe('extractArticle: not an article', () => {
  it('a paywalled page with a free preview gives the preview, flagged paywalled (the pipeline keeps a longer feed teaser)', () => {
    const preview = '<p>The society, which has 41 branches across the north, has hired advisers to sound out buyers for a portfolio of buy-to-let loans, according to three people familiar with the talks. No decision has been taken and the board could still decide to keep the loans, the people said, adding that a sale would free up capital for its residential lending.</p>'
    const html = fixtureText('paywall-teaser.html').replace('<div class="paywall">', `${preview}<div class="paywall">`)
    const a = ok(extractArticle(Buffer.from(html), 'text/html', 'https://www.theledger.example/banking/northbridge'))
    assert.equal(a.paywalled, true)
    assert.ok(a.text.includes('has hired advisers to sound out buyers'))
    assertAbsent(a.text, ['Subscribe to continue reading'])
  })

  it('a paywalled page that serves the full text is an article, flagged paywalled', () => {
    const body = Array.from({ length: 6 }, (_, i) => `<p>Paragraph ${i + 1} of the full story: the society's board met on Thursday to review offers for the loan book, and analysts expect a decision before the end of the quarter, when the regulator publishes new capital rules for smaller lenders.</p>`).join('')
    const html = fixtureText('paywall-teaser.html').replace('<div class="paywall">', `${body}<div class="paywall">`)
    const a = ok(extractArticle(Buffer.from(html), 'text/html', 'https://www.theledger.example/banking/northbridge'))
    assert.equal(a.paywalled, true)
    assert.equal(a.byline, 'Helen Carver')
    assert.ok(a.text.startsWith('Northbridge Building Society is exploring a sale'))
    assertAbsent(a.text, ['Subscribe to continue reading'])
  })

  it('a paywalled page showing less than an article\'s worth of text → no-article', () => {
    const r = extractArticle(fixture('paywall-teaser.html'), 'text/html', 'https://www.theledger.example/banking/northbridge')
    assert.equal(r.ok ? 'ok' : r.reason, 'no-article')
  })

  it('prose whose section headings link to sources is an article, not a section front', () => {
    const sections = Array.from({ length: 6 }, (_, i) => `<h2><a href="https://review${i}.example/">What reviewer ${i} found</a></h2>`
      + `<p>Reviewer ${i} spent a week with the service and found streaming quality excellent on a fast connection, with occasional drops in resolution in the evenings; the controller was comfortable, but several promised features were missing at launch and the price felt high for an early product.</p>`).join('')
    const html = `<html><head><title>Round-up</title></head><body><article><h1>What the reviews say</h1>${sections}</article></body></html>`
    const a = ok(extractArticle(Buffer.from(html), 'text/html', 'https://p.example/roundup'))
    assert.ok(a.text.includes('Reviewer 5 spent a week'))
  })

  it('a section front → no-article (story cards: headings that are links)', () => {
    const r = extractArticle(fixture('index-page.html'), 'text/html', 'https://www.harbourgazette.example/business/')
    assert.equal(r.ok ? 'ok' : r.reason, 'no-article')
    assert.match(!r.ok ? r.detail : '', /list of links \(12 linked headings/)
  })

  it('an article in one-sentence paragraphs on a site that calls every page og:type=website is still an article', () => {
    const ps = ['The council has approved the new harbour bridge.', 'Work will start in the spring of next year.',
      'The bridge will carry cyclists and pedestrians only.', 'It will link the old town with the ferry terminal.',
      'Residents had campaigned for a crossing for a decade.', 'The cost is estimated at twelve million pounds.',
      'Most of the money comes from a regional grant.', 'A public exhibition of the design opens on Friday.']
    const html = `<html lang="en"><head><meta property="og:type" content="website"><title>Bridge approved</title></head><body><article><h1>Bridge approved</h1>${ps.map((p) => `<p>${p}</p>`).join('')}</article></body></html>`
    const a = ok(extractArticle(Buffer.from(html), 'text/html', 'https://p.example/bridge'))
    assert.equal(paragraphs(a.text).length, 8)
  })

  it('refuses what is not HTML', () => {
    const cases: Array<[Uint8Array, string | null, string]> = [
      [Buffer.from('{"title":"x"}'), 'application/json', 'JSON'],
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), 'image/png', 'PNG'],
      [Buffer.from('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj\n<< /Type /Catalog >>'), 'text/html', 'PDF labelled text/html'],
      [Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0]), 'text/html', 'undecoded gzip'],
      [Buffer.from('plain words, no markup at all, just a text file'), 'text/plain', 'text/plain'],
      [Buffer.from('<p>\u0000\u0000\u0000binary</p>'), 'text/html', 'NUL characters'],
    ]
    for (const [bytes, type, label] of cases) {
      const r = extractArticle(bytes, type, 'https://publisher.example/x')
      assert.equal(r.ok ? 'ok' : r.reason, 'not-html', label)
    }
  })

  it('sniffs HTML when the Content-Type is missing or generic', () => {
    for (const type of [null, 'application/octet-stream', 'text/plain; charset=utf-8']) {
      assert.equal(extractArticle(fixture('news-standard.html'), type, 'https://www.harbourgazette.example/a').ok, true, String(type))
    }
  })

  it('an empty body and a page without text → no-article', () => {
    assert.equal((extractArticle(Buffer.alloc(0), 'text/html', 'https://p.example/') as { reason: string }).reason, 'no-article')
    const r = extractArticle(Buffer.from('<!doctype html><html><head><title>Just a title</title></head><body><div></div></body></html>'), 'text/html', 'https://p.example/')
    assert.equal(r.ok ? 'ok' : r.reason, 'no-article')
  })
})

describe('extractArticle: hostile page', () => {
  const a = ok(extractArticle(fixture('hostile.html'), 'text/html', 'https://www.valleycourier.example/health/children-wing'))

  it('keeps the visible story', () => {
    assertPlainText(a.text)
    const ps = paragraphs(a.text)
    assert.equal(ps.length, 5)
    assert.ok(ps[0]!.startsWith("The children's wing of Valley General Hospital reopened on Wednesday"))
    assert.ok(a.text.includes('Read the hospital\'s statement for details of the new layout.'), 'link text kept, link dropped')
    assert.ok(a.text.includes('Writing in a comment form is not an attack here.'), 'escaped markup in the text is removed, not rendered')
    assert.equal(ps[4], 'Some characters to strip: bell here, right-to-left override gnp.exe there, and a byte order mark inside.')
  })

  it('extracts nothing hidden, scripted, framed or interactive', () => {
    assertAbsent(a.text, [
      'HIDDEN_DISPLAY_NONE', 'HIDDEN_ATTRIBUTE', 'HIDDEN_ARIA', 'HIDDEN_VISIBILITY', 'HIDDEN_SR_ONLY', 'HIDDEN_FONT_SIZE_ZERO',
      'HIDDEN_OPACITY', 'IFRAME_SRCDOC_TEXT', 'IFRAME_FALLBACK_TEXT', 'SVG_TEXT', 'MATH_TEXT', 'OBJECT_FALLBACK_TEXT',
      'NOSCRIPT_TEXT', 'TEMPLATE_TEXT', 'SCRIPT_WRITE_TEXT', 'FORM_LABEL_TEXT', 'FORM_INPUT_VALUE', 'FORM_TEXTAREA_TEXT',
      'FORM_BUTTON_TEXT', 'COMMENT_TEXT', 'ALT_TEXT_PAYLOAD', 'gnore previous instructions', 'gnore all previous',
      'system prompt', 'developer mode', 'alert', 'onerror', 'javascript', 'evil.example', 'document.cookie', 'expression(',
    ])
  })

  it('sanitizes metadata and refuses non-http(s) URLs', () => {
    assert.equal(a.byline, 'Ana Lima', 'markup in the JSON-LD author is stripped')
    assert.equal(a.siteName, 'Valley Courier')
    assert.equal(a.canonicalUrl, null, 'javascript: canonical and data: og:url refused')
    assert.equal(a.imageUrl, null, 'data: og:image refused')
    assert.equal(a.title, "Hospital children's wing reopens after flood repairs")
    assert.equal(a.publishedTime, '2026-11-19T12:00:00.000Z')
  })

  it('sanitizes an og:title carrying markup and a bidi override', () => {
    const html = fixtureText('hostile.html').replace(/<script type="application\/ld\+json">.*?<\/script>/, '')
    const b = ok(extractArticle(Buffer.from(html), 'text/html', 'https://www.valleycourier.example/health/children-wing'))
    assert.equal(b.title, "Hospital children's wing reopens after flood repairs")
  })
})

describe('extractArticle: malformed and unusual HTML', () => {
  const story = Array.from({ length: 4 }, (_, i) => `<p>Paragraph ${i + 1}: the harbour authority confirmed on Monday that dredging of the main channel will begin in March and last about six weeks, during which larger ships will be limited to the high-tide windows.</p>`).join('\n')

  it('a bare fragment', () => {
    const a = ok(extractArticle(Buffer.from(story), 'text/html', 'https://p.example/a'))
    assert.equal(paragraphs(a.text).length, 4)
  })

  it('upper-case tags and attribute names (old CMS output)', () => {
    const html = `<HTML LANG="DE-AT"><HEAD><META PROPERTY="og:url" CONTENT="https://p.example/story"><TITLE>Hafen</TITLE></HEAD><BODY>
      <DIV CLASS="ad-slot">Anzeige</DIV><DIV STYLE="display:none">VERSTECKT</DIV><DIV CLASS="Byline">Von Anna Berger</DIV><DIV CLASS="story">${story}</DIV></BODY></HTML>`
    const a = ok(extractArticle(Buffer.from(html), 'text/html', 'https://p.example/a'))
    assert.equal(a.lang, 'de')
    assert.equal(a.canonicalUrl, 'https://p.example/story')
    assert.equal(a.byline, 'Anna Berger')
    assertAbsent(a.text, ['Anzeige', 'VERSTECKT', 'Anna Berger'])
  })

  it('content outside <body> and omitted head/body tags', () => {
    const html = `<!DOCTYPE html><html lang="en"><title>Dredging to begin</title><meta name="author" content="Sam Cole">${story}</html>`
    const a = ok(extractArticle(Buffer.from(html), 'text/html', 'https://p.example/a'))
    assert.equal(a.title, 'Dredging to begin')
    assert.equal(a.byline, 'Sam Cole')
    assert.equal(paragraphs(a.text).length, 4)
  })

  it('never throws, whatever the bytes', () => {
    const inputs = ['', '<', '<<<>>>', '<html', '</html></body>', '<!--', '<![CDATA[', '<p>\ud800</p>', '<svg><p>x</svg>',
      '<table><tr><td>'.repeat(50), '<a href="'.repeat(100), `<html>${'<div>'.repeat(120)}${story}`, '\ufeff\ufeff<p>x</p>',
      `<meta charset="x-user-defined">${story}`, `<meta charset="utf-16">${story}`]
    for (const input of inputs) {
      const r = extractArticle(Buffer.from(input), 'text/html', 'not a url')
      assert.equal(typeof r.ok, 'boolean', JSON.stringify(input.slice(0, 40)))
    }
    let seed = 42
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    for (let n = 0; n < 30; n++) {
      const bytes = Buffer.from(Array.from({ length: 2000 }, () => Math.floor(random() * 256)))
      assert.equal(typeof extractArticle(bytes, null, 'https://p.example/').ok, 'boolean')
    }
  })
})

describe('extractArticle: resource limits', () => {
  // The limits' promise is "refused within 1 s of work". A test cannot hold a machine to an absolute time (CI runs
  // 2–4× slower than a quiet machine), so each refusal is held to ordinary work measured beside it: extracting a 76 kB
  // article page with navigation, a list of 300 related stories and a footer (about 6–12 ms of CPU on a quiet 2-core
  // machine). CPU time, best of 3 in alternation (test/helpers/cpu-cost.ts). Readability on these inputs would cost
  // hundreds to tens of thousands of times that; the refusals measure 0.1–4×.
  const story = '<p>' + 'The harbour authority confirmed the dredging plan on Monday. '.repeat(10) + '</p>'
  const related = (i: number) => `<li class="teaser"><a href="/news/${i}"><img src="/i/${i}.jpg" alt=""><span class="kicker">Markets</span> <span>Story number ${i} about the harbour</span></a></li>`
  const ordinaryPage = Buffer.from('<html><head><title>Harbour</title></head><body><header><nav><ul>' +
    Array.from({ length: 150 }, (_, i) => `<li><a href="/s/${i}">Section ${i}</a></li>`).join('') + '</ul></nav></header>' +
    `<main><article><h1>Harbour</h1><p class="byline">By A. Writer</p>${story.repeat(30)}</article>` +
    `<aside><ul>${Array.from({ length: 300 }, (_, i) => related(i)).join('')}</ul></aside></main>` +
    `<footer>${'<p>Footer <a href="/x">link</a></p>'.repeat(100)}</footer></body></html>`)
  const MAX_RATIO = 10

  function refusedCheaply(html: string): ExtractResult {
    const bytes = Buffer.from(html)
    const result = extractArticle(bytes, 'text/html', 'https://p.example/')
    const cost = bestCosts({
      refused: () => extractArticle(bytes, 'text/html', 'https://p.example/'),
      ordinary: () => extractArticle(ordinaryPage, 'text/html', 'https://p.example/'),
    })
    assert.ok(cost.refused <= MAX_RATIO * cost.ordinary, `refusing cost ${cost.refused} ms; extracting an ordinary page ${cost.ordinary} ms`)
    return result
  }

  it('the ordinary page the refusals are measured against is an article', () => {
    assert.match(ok(extractArticle(ordinaryPage, 'text/html', 'https://p.example/')).text, /dredging plan/)
  })

  it('refuses a body over 10 MiB without decoding it', () => {
    const r = extractArticle(Buffer.alloc(10 * 1024 * 1024 + 1, 0x20), 'text/html', 'https://p.example/')
    assert.equal(r.ok ? 'ok' : r.reason, 'too-large')
  })

  it('refuses a tag flood before parsing, cheaply', () => {
    const r = refusedCheaply(`<html><body>${'<i>x</i>'.repeat(50_000)}${story}</body></html>`)
    assert.equal(r.ok ? 'ok' : r.reason, 'too-large')
  })

  it('refuses deep nesting that would take Readability minutes (5,000 levels measured at over 7 minutes)', () => {
    const r = refusedCheaply(`<html><body>${'<div>'.repeat(5000)}${story}${'</div>'.repeat(5000)}</body></html>`)
    assert.equal(r.ok ? 'ok' : r.reason, 'too-large')
    assert.match(!r.ok ? r.detail : '', /nesting/)
  })

  it('refuses a flood of small blocks that Readability would rewrite one by one (~0.1 ms each)', () => {
    const r = refusedCheaply(`<html><body>${'<div><span>a</span> <a href="/x">b</a></div>'.repeat(2_500)}${story}</body></html>`)
    assert.equal(r.ok ? 'ok' : r.reason, 'too-large')
    assert.match(!r.ok ? r.detail : '', /elements after pruning/)
  })

  it('empty wrappers do not count against the limits (they are pruned)', () => {
    const html = `<html><body>${'<div class="spacer"></div>'.repeat(11_000)}<article>${story}${story}</article></body></html>`
    assert.equal(extractArticle(Buffer.from(html), 'text/html', 'https://p.example/').ok, true)
  })

  it('caps the text at 50,000 characters on a paragraph boundary', () => {
    const html = `<html><body><article>${story.repeat(200)}</article></body></html>`
    const a = ok(extractArticle(Buffer.from(html), 'text/html', 'https://p.example/'))
    assert.ok(a.text.length <= 50_000, String(a.text.length))
    assert.ok(a.text.length > 45_000, String(a.text.length))
    assert.ok(a.text.endsWith('on Monday.'), 'ends with a whole paragraph')
  })
})

describe('normalizeDate', () => {
  it('accepts unambiguous forms only, as UTC', () => {
    const table: Array<[string, string | null]> = [
      ['2026-11-20T09:15:00+00:00', '2026-11-20T09:15:00.000Z'],
      ['2026-11-20T10:15:00+01:00', '2026-11-20T09:15:00.000Z'],
      ['2026-11-20T09:15:00Z', '2026-11-20T09:15:00.000Z'],
      ['2026-11-20T09:15:00', '2026-11-20T09:15:00.000Z'],
      ['2026-11-20 09:15', '2026-11-20T09:15:00.000Z'],
      ['2026-11-20', '2026-11-20T00:00:00.000Z'],
      ['Fri, 20 Nov 2026 09:15:00 GMT', '2026-11-20T09:15:00.000Z'],
      ['Fri, 20 Nov 2026 10:15:00 +0100', '2026-11-20T09:15:00.000Z'],
      ['November 20, 2026', null],
      ['20/11/2026', null],
      ['1970-01-01T00:00:00Z', null],
      ['not a date', null],
      ['', null],
    ]
    for (const [raw, expected] of table) assert.equal(normalizeDate(raw), expected, raw)
  })
})
