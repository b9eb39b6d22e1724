import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { AppError } from '../../domain/errors.ts'
import { CAPABILITIES } from '../catalog.ts'
import { understandData } from './understand-data.ts'
import { understandText, type CapabilityName, type Understood } from './understand.ts'

const SITE = 'https://news.example.org'
/** A Wednesday: "since Monday" is 2026-11-23, "today" 2026-11-25. */
const NOW = Date.parse('2026-11-25T10:30:00Z')
const ID = '0f8fad5b-d9cb-469f-a165-70867728950e'
const OTHER_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'

interface Row {
  text: string
  capability: CapabilityName
  args: Record<string, unknown>
  guessed?: boolean
}

const latest = (args: Record<string, unknown>, guessed = false): Omit<Row, 'text'> =>
  ({ capability: 'get_latest_stories', args, guessed })
const search = (args: Record<string, unknown>, guessed = false): Omit<Row, 'text'> =>
  ({ capability: 'search_stories', args, guessed })
const story = (args: Record<string, unknown>, guessed = false): Omit<Row, 'text'> =>
  ({ capability: 'get_story', args, guessed })
const topics = (lang: string): Omit<Row, 'text'> => ({ capability: 'list_topics', args: { lang }, guessed: false })

const row = (text: string, expected: Omit<Row, 'text'>): Row => ({ text, ...expected })

/** Messages as people and agents type them, and the one reading each should get. */
const ROWS: Row[] = [
  // English: searches, with the filler around the keywords stripped
  row('news about nvidia chips', search({ query: 'nvidia chips', lang: 'en' })),
  row("what's happening with OpenAI?", search({ query: 'OpenAI', lang: 'en' })),
  row('Show me the latest news on Tesla', search({ query: 'Tesla', lang: 'en' })),
  row('any news on the fed rate decision', search({ query: 'fed rate decision', lang: 'en' })),
  row('iPhone 16 news', search({ query: 'iPhone 16', lang: 'en' })),
  row('news about New York', search({ query: 'New York', lang: 'en' })),
  row('top 3 stories on Tesla', search({ query: 'Tesla', limit: 3, lang: 'en' })),
  // topic and keywords: a topic word apart from the keywords is dropped, one written with them is kept
  row('AI news about Nvidia', search({ query: 'Nvidia', lang: 'en' })),
  row('crypto regulation news', search({ query: 'crypto regulation', lang: 'en' })),
  // quoted phrases are the query
  row('search for "large language models"', search({ query: 'large language models', lang: 'en' })),
  row("anything new on 'OpenAI'?", search({ query: 'OpenAI', lang: 'en' })),
  // English: topics and their synonyms
  row('latest AI news', latest({ topic: 'data-ai', lang: 'en' })),
  row('any news on artificial intelligence?', latest({ topic: 'data-ai', lang: 'en' })),
  row('LLMs', latest({ topic: 'data-ai', lang: 'en' })),
  row('machine learning news please', latest({ topic: 'data-ai', lang: 'en' })),
  row('startup news', latest({ topic: 'entrepreneurship', lang: 'en' })),
  row('hiring and layoffs this week', latest({ topic: 'people', lang: 'en', since: '2026-11-23T00:00:00Z' })),
  row('remote work', latest({ topic: 'people', lang: 'en' })),
  row('HR news', latest({ topic: 'people', lang: 'en' })),
  row('SEO and advertising updates', latest({ topic: 'marketing', lang: 'en' })),
  row('how are the markets doing today?', latest({ topic: 'finance', lang: 'en', since: '2026-11-25T00:00:00Z' })),
  // time phrases become `since` (UTC days); a request for the publishers is list_sources
  row('finance news since Monday', latest({ topic: 'finance', lang: 'en', since: '2026-11-23T00:00:00Z' })),
  // hours start on the hour, so the same text gives the same arguments (and cached answer) for the rest of it
  row('news about Nvidia from the last 24 hours', search({ query: 'Nvidia', lang: 'en', since: '2026-11-24T10:00:00Z' })),
  row('noticias de finanzas desde el lunes', latest({ topic: 'finance', lang: 'es', since: '2026-11-23T00:00:00Z' })),
  row('Which publishers do you cover?', { capability: 'list_sources', args: {}, guessed: false }),
  row('list sources', { capability: 'list_sources', args: {}, guessed: false }),
  row('crypto', latest({ topic: 'finance', lang: 'en' })),
  row('news for software engineers', latest({ topic: 'engineering', lang: 'en' })),
  row('product management news', latest({ topic: 'product', lang: 'en' })),
  row('UX design', latest({ topic: 'design', lang: 'en' })),
  row('sales', latest({ topic: 'sales', lang: 'en' })),
  row('management news', latest({ topic: 'leadership', lang: 'en' })),
  row('supply chain and logistics', latest({ topic: 'operations', lang: 'en' })),
  row('growth hacking', latest({ topic: 'growth', lang: 'en' })),
  row('business news', latest({ topic: 'business', lang: 'en' })),
  row('https://news.example.org/c/finance', latest({ topic: 'finance', lang: 'en' })),
  // limits
  row('top 5 AI stories', latest({ topic: 'data-ai', limit: 5, lang: 'en' })),
  row('10 latest headlines', latest({ limit: 10, lang: 'en' })),
  row('top ten stories', latest({ limit: 10, lang: 'en' })),
  row('top 100 stories', latest({ limit: 50, lang: 'en' })),
  row('give me 5', latest({ limit: 5, lang: 'en' })),
  // list of topics
  row('what topics do you have?', topics('en')),
  row('Which categories do you cover?', topics('en')),
  // stories by link or id
  row(`can you summarize ${SITE}/s/${ID}.md?ref=home`, story({ id: ID, lang: 'en' })),
  row(`${SITE}/s/${ID.toUpperCase()}?lang=es`, story({ id: ID, lang: 'es' })),
  row(`story ${ID}`, story({ id: ID, lang: 'en' })),
  row(`compare ${ID} and ${OTHER_ID}`, story({ id: ID, lang: 'en' }, true)),
  // a link to another site is not a story here: its address words, or the latest stories
  row('https://techcrunch.com/2025/05/01/nvidia-unveils-new-ai-chips/', search({ query: 'nvidia unveils ai chips', lang: 'en' }, true)),
  row(`summarize https://evil.example.com/s/${ID}`, latest({ lang: 'en' }, true)),
  // guesses
  row('hello', latest({ lang: 'en' }, true)),
  row('?', latest({ lang: 'en' }, true)),
  row('asdf qwerty', search({ query: 'asdf qwerty', lang: 'en' }, true)),
  row('AI and finance news', latest({ topic: 'data-ai', lang: 'en' }, true)),
  row('news about X', latest({ lang: 'en' }, true)),
  // language cues override the message's language
  row('AI news in Spanish', latest({ topic: 'data-ai', lang: 'es' })),
  row('Is there any news on OpenAI today? In French please', search({ query: 'OpenAI', lang: 'fr', since: '2026-11-25T00:00:00Z' })),

  // Spanish
  row('noticias sobre Tesla', search({ query: 'Tesla', lang: 'es' })),
  row('las 3 últimas noticias', latest({ limit: 3, lang: 'es' })),
  row('¿qué temas hay?', topics('es')),
  row('últimas noticias de inteligencia artificial', latest({ topic: 'data-ai', lang: 'es' })),
  row('empleo', latest({ topic: 'people', lang: 'es' })),
  row('noticias de IA en inglés', latest({ topic: 'data-ai', lang: 'en' })),
  // French
  row("dernières actualités sur l'IA", latest({ topic: 'data-ai', lang: 'fr' })),
  row('Quels sujets couvrez-vous ?', topics('fr')),
  row('quoi de neuf chez Airbus ?', search({ query: 'Airbus', lang: 'fr' })),
  row('les actus bourse en anglais', latest({ topic: 'finance', lang: 'en' })),
  // German
  row('Nachrichten über Siemens', search({ query: 'Siemens', lang: 'de' })),
  row('welche Themen gibt es?', topics('de')),
  row('Neueste KI-Nachrichten', latest({ topic: 'data-ai', lang: 'de' })),
  row('Was gibt es Neues an der Börse?', latest({ topic: 'finance', lang: 'de' })),
  row('Stellenmarkt aktuell auf Englisch', latest({ topic: 'people', lang: 'en' })),
  // Italian
  row('ultime notizie su Ferrari', search({ query: 'Ferrari', lang: 'it' })),
  row('quali argomenti avete?', topics('it')),
  row("le 5 notizie più recenti sull'intelligenza artificiale", latest({ topic: 'data-ai', limit: 5, lang: 'it' })),
  row('notizie di finanza in inglese', latest({ topic: 'finance', lang: 'en' })),
  // Portuguese
  row('notícias sobre a Petrobras', search({ query: 'Petrobras', lang: 'pt' })),
  row('quais tópicos vocês têm?', topics('pt')),
  row('mercado de trabalho', latest({ topic: 'people', lang: 'pt' })),
  row('últimas notícias de IA em espanhol', latest({ topic: 'data-ai', lang: 'es' })),
  // Japanese
  row('トヨタのニュース', search({ query: 'トヨタ', lang: 'ja' })),
  row('最新のAIニュースを5件', latest({ topic: 'data-ai', limit: 5, lang: 'ja' })),
  row('トピック一覧', topics('ja')),
  row('採用に関するニュースを英語で', latest({ topic: 'people', lang: 'en' })),
  row('「生成AI」の記事', search({ query: '生成AI', lang: 'ja' })),
  // Korean
  row('인공지능 뉴스', latest({ topic: 'data-ai', lang: 'ko' })),
  row('삼성전자에 대한 최신 뉴스 5개', search({ query: '삼성전자', limit: 5, lang: 'ko' })),
  row('주제 목록', topics('ko')),
  row('채용 소식 영어로', latest({ topic: 'people', lang: 'en' })),
  // Arabic
  row('أخبار الذكاء الاصطناعي', latest({ topic: 'data-ai', lang: 'ar' })),
  row('ما المواضيع المتاحة؟', topics('ar')),
  row('آخر 5 أخبار عن تسلا', search({ query: 'تسلا', limit: 5, lang: 'ar' })),
  row('أخبار الوظائف باللغة الإنجليزية', latest({ topic: 'people', lang: 'en' })),
]

/**
 * Held out: written after the reader was finished and run once, unchanged, to see how it generalizes.
 * First run: 19 of 20 passed. The miss ("Je veux les 10 derniers titres sur Renault" searched "Je Renault") was
 * a gap in the filler lists, which had no subject pronouns; they were added for every language.
 */
const HELD_OUT: Row[] = [
  row("What's the latest in fintech?", latest({ topic: 'finance', lang: 'en' })),
  row('any updates on the Microsoft Activision deal', search({ query: 'Microsoft Activision deal', lang: 'en' })),
  row('show me 7 stories about electric vehicles', search({ query: 'electric vehicles', limit: 7, lang: 'en' })),
  row('Latest on the Fed, in German', search({ query: 'Fed', lang: 'de' })),
  row('What categories are there?', topics('en')),
  row(`read ${SITE}/s/${OTHER_ID} please`, story({ id: OTHER_ID, lang: 'en' })),
  row('news in Korean about Samsung', search({ query: 'Samsung', lang: 'ko' })),
  row('blah', search({ query: 'blah', lang: 'en' }, true)),
  row('Qué hay de nuevo en ciberseguridad?', search({ query: 'ciberseguridad', lang: 'es' })),
  row('cuáles son las noticias más importantes de hoy', latest({ lang: 'es', since: '2026-11-25T00:00:00Z' })),
  row('Je veux les 10 derniers titres sur Renault', search({ query: 'Renault', limit: 10, lang: 'fr' })),
  row('Gibt es Neuigkeiten zu Volkswagen?', search({ query: 'Volkswagen', lang: 'de' })),
  row('Kannst du mir die neuesten Tech-News zeigen?', search({ query: 'Tech', lang: 'de' })),
  row('Dimmi le ultime notizie sulle startup', latest({ topic: 'entrepreneurship', lang: 'it' })),
  row('Mostre as notícias de marketing', latest({ topic: 'marketing', lang: 'pt' })),
  // "de hoje" (today) was not read before issue 29
  row('Quais são as principais manchetes de hoje em inglês?', latest({ lang: 'en', since: '2026-11-25T00:00:00Z' })),
  row('半導体に関するニュースを教えて', search({ query: '半導体', lang: 'ja' })),
  row('AIスタートアップの資金調達ニュース', search({ query: '資金調達', lang: 'ja' })),
  row('최근 부동산 뉴스 3개 보여줘', search({ query: '부동산', limit: 3, lang: 'ko' })),
  row('ما هي آخر أخبار التسويق؟', latest({ topic: 'marketing', lang: 'ar' })),
]

interface DataRow {
  data: Record<string, unknown>
  capability: CapabilityName
  args: Record<string, unknown>
}

const DATA_ROWS: DataRow[] = [
  { data: { skill: 'search_stories', query: 'chip export', limit: 5 }, capability: 'search_stories', args: { query: 'chip export', limit: 5, lang: 'en' } },
  { data: { capability: 'get_latest_stories', topic: 'data-ai', lang: 'es' }, capability: 'get_latest_stories', args: { topic: 'data-ai', lang: 'es' } },
  { data: { skill: 'get_story', id: `${SITE}/s/${ID}.md` }, capability: 'get_story', args: { id: ID, lang: 'en' } },
  { data: { skill: 'list_topics', lang: 'ja' }, capability: 'list_topics', args: { lang: 'ja' } },
  { data: { query: 'nvidia' }, capability: 'search_stories', args: { query: 'nvidia', lang: 'en' } },
  { data: { id: ID.toUpperCase(), lang: 'ko' }, capability: 'get_story', args: { id: ID, lang: 'ko' } },
  { data: { topic: 'finance', limit: 3 }, capability: 'get_latest_stories', args: { topic: 'finance', limit: 3, lang: 'en' } },
]

const INVALID_DATA: { data: Record<string, unknown>; message: RegExp }[] = [
  { data: { skill: 'summarize' }, message: /^skill: must be one of get_latest_stories, search_stories, get_story, list_topics/ },
  { data: { capability: 42 }, message: /^capability: must be one of/ },
  { data: { skill: 'search_stories', query: 'x' }, message: /^query: must be 2 to 256 characters/ },
  { data: { skill: 'search_stories', q: 'chip export' }, message: /^query: must be 2 to 256 characters/ },
  { data: { skill: 'get_latest_stories', topic: 'ai' }, message: /^topic: must be one of business/ },
  { data: { topic: 'finance', limit: 500 }, message: /^limit: must be an integer from 1 to 50/ },
  { data: { skill: 'list_topics', lang: 'zh' }, message: /^lang: must be one of en, es/ },
  { data: { id: `https://other.example.com/s/${ID}` }, message: /^id: must be a story UUID or a story page URL of this service, / },
  { data: { limit: 5 }, message: /^skill: is required/ },
  { data: { skill: 'search_stories', capability: 'get_story', query: 'chips' }, message: /^skill: names a different capability/ },
]

function assertValid(u: Understood) {
  const capability = CAPABILITIES.find((c) => c.name === u.capability)
  assert.ok(capability, `unknown capability ${u.capability}`)
  const parsed = capability.input.safeParse(u.args)
  assert.ok(parsed.success, `args fail the ${u.capability} schema: ${JSON.stringify(u.args)}`)
  if (u.capability !== 'list_sources') assert.ok(typeof u.args.lang === 'string', 'args always carry lang')
  assert.match(u.understood, /^[A-Z0-9"].*\.$/s, 'understood is one sentence')
  assert.doesNotMatch(u.understood, /\n/)
}

function checkRows(rows: Row[]) {
  for (const r of rows) {
    it(`${r.text} → ${r.capability} ${JSON.stringify(r.args)}${r.guessed ? ' (guessed)' : ''}`, () => {
      const u = understandText(r.text, SITE, { now: NOW })
      assert.equal(u.capability, r.capability, u.understood)
      assert.deepEqual(u.args, r.args, u.understood)
      assert.equal(u.guessed, r.guessed ?? false, u.understood)
      assertValid(u)
    })
  }
}

describe('understandText', () => {
  checkRows(ROWS)

  it('covers every language and capability in the table', () => {
    const langs = new Set(ROWS.flatMap((r) => (r.args.lang === undefined ? [] : [r.args.lang])))
    assert.deepEqual([...langs].sort(), ['ar', 'de', 'en', 'es', 'fr', 'it', 'ja', 'ko', 'pt'])
    assert.deepEqual(new Set(ROWS.map((r) => r.capability)), new Set(CAPABILITIES.map((c) => c.name)))
  })

  it('says how the request was read', () => {
    assert.equal(understandText('latest AI news en español', SITE).understood,
      'Latest stories in Data & AI (data-ai), in Spanish.')
    assert.equal(understandText('news about nvidia chips', SITE).understood,
      'Searched headlines for "nvidia chips", in English.')
    assert.match(understandText('hello', SITE).understood, /^Nothing specific was recognized; latest stories/)
    assert.equal(understandText('finance news since Monday', SITE, { now: NOW }).understood,
      'Latest stories in Finance (finance), published since 2026-11-23T00:00:00Z ("since Monday"), in English.')
  })

  it('never throws, and always returns valid arguments', () => {
    const odd = [
      '', '   ', '\u0000', '\ud800', '🚀🚀🚀', '""', "''", '「」', '5', '2024', '-', 'a'.repeat(10_000),
      Array.from({ length: 40 }, (_, i) => `word${i}`).join(' '), '\u200fمرحبا\u200f', 'https://', 'http://[::1',
      `${SITE}/s/not-a-uuid`, '"' + 'x '.repeat(300) + '"', 'top 0', 'ＡＩニュース１０件',
    ]
    for (const text of odd) assertValid(understandText(text, SITE))
    assertValid(understandText('news about nvidia', 'not a url'))
  })

  it('keeps long queries within 16 keywords and 256 characters', () => {
    const u = understandText(Array.from({ length: 40 }, (_, i) => `word${i}`).join(' '), SITE)
    assert.equal(u.capability, 'search_stories')
    assert.equal(String(u.args.query).split(' ').length, 16)
  })
})

describe('understandText, held out', () => {
  checkRows(HELD_OUT)
})

describe('understandData', () => {
  for (const r of DATA_ROWS) {
    it(`${JSON.stringify(r.data)} → ${r.capability}`, () => {
      const u = understandData(r.data, SITE)
      assert.equal(u.capability, r.capability)
      assert.deepEqual(u.args, r.args)
      assert.equal(u.guessed, false)
      assertValid(u)
    })
  }
  for (const r of INVALID_DATA) {
    it(`${JSON.stringify(r.data)} is refused`, () => {
      assert.throws(() => understandData(r.data, SITE), (error: unknown) => {
        assert.ok(error instanceof AppError)
        assert.equal(error.code, 'invalid_parameter')
        assert.match(error.message, r.message)
        return true
      })
    })
  }
})
