import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { CAPABILITIES } from '../catalog.ts'
import { createSourceIndex } from './sources.ts'
import { understandText, type ReadingSkill, type Understood } from './understand.ts'

/**
 * Issue 29: every argument the skills take, read from free text in the nine languages. One table per argument
 * kind; each row is a message and the arguments it must give (only the keys listed are compared, plus the skill).
 */

const SITE = 'https://news.example.org'
/** A Wednesday. */
const NOW = Date.parse('2026-11-25T10:30:00Z')

const PUBLISHERS = [
  'TechCrunch', 'The Verge', 'Financial Times', 'The Wall Street Journal - Business', 'Hacker News', 'OpenAI News',
  'AI News (artificialintelligence-news.com)', 'Entrepreneur', 'Fortune', 'EL PAÍS Economía', 'Le Monde Économie',
  'Le Monde Informatique', 'DER SPIEGEL Wirtschaft', 'WELT Wirtschaft', 'Handelsblatt', 'Il Sole 24 Ore - Economia',
  'Folha de S.Paulo - Mercado', 'NHKニュース 経済', '요즘IT (Yozm IT)', 'أرقام (Argaam)', '20 Minutes Économie',
  'المصري اليوم - اقتصاد (Al-Masry Al-Youm Economy)', 'Business News (Western Australia)',
]
const idOf = (name: string) => `00000000-0000-4000-8000-${String(PUBLISHERS.indexOf(name)).padStart(12, '0')}`
const sources = createSourceIndex(PUBLISHERS.map((name) => ({ id: idOf(name), name })))

const read = (text: string) => understandText(text, SITE, { now: NOW, sources })
/** A reader over another directory of publishers, for names the one above does not hold. */
const readerOver = (publishers: { id: string; name: string }[]) => {
  const index = createSourceIndex(publishers)
  return (text: string) => understandText(text, SITE, { now: NOW, sources: index })
}

interface Row {
  text: string
  skill: ReadingSkill
  /** Expected arguments; `undefined` means the argument must be absent. */
  args: Record<string, unknown>
}

function check(rows: Row[]) {
  for (const row of rows) {
    it(`${row.text} → ${row.skill} ${JSON.stringify(row.args)}`, () => {
      const u = read(row.text)
      assert.equal(u.capability, row.skill, u.understood)
      for (const [key, value] of Object.entries(row.args)) assert.deepEqual(u.args[key], value, `${key}: ${u.understood}`)
      assertValid(u)
    })
  }
}

function assertValid(u: Understood) {
  if (u.capability === 'help') return assert.deepEqual(Object.keys(u.args), ['lang'])
  const capability = CAPABILITIES.find((c) => c.name === u.capability)!
  assert.ok(capability.input.safeParse(u.args).success, `args fail the ${u.capability} schema: ${JSON.stringify(u.args)}`)
}

const day = (d: string) => `2026-${d}T00:00:00Z`

describe('source: publisher names as filters', () => {
  check([
    { text: 'latest from TechCrunch', skill: 'get_latest_stories', args: { source: idOf('TechCrunch'), topic: undefined } },
    { text: 'techcrunch on OpenAI', skill: 'search_stories', args: { source: idOf('TechCrunch'), query: 'OpenAI' } },
    { text: 'what is the verge saying about Apple', skill: 'search_stories', args: { source: idOf('The Verge'), query: 'Apple' } },
    { text: 'Verge articles about Apple', skill: 'search_stories', args: { source: idOf('The Verge'), query: 'Apple' } },
    { text: 'financial times stories on tariffs', skill: 'search_stories', args: { source: idOf('Financial Times'), query: 'tariffs' } },
    { text: 'WSJ coverage of the Fed', skill: 'search_stories', args: { source: idOf('The Wall Street Journal - Business'), query: 'Fed' } },
    { text: 'news from Fortune', skill: 'get_latest_stories', args: { source: idOf('Fortune') } },
    { text: 'stories from Entrepreneur', skill: 'get_latest_stories', args: { source: idOf('Entrepreneur'), topic: undefined } },
    { text: 'noticias de El País sobre vivienda', skill: 'search_stories', args: { source: idOf('EL PAÍS Economía'), query: 'vivienda', lang: 'es' } },
    { text: 'noticias de el pais', skill: 'get_latest_stories', args: { source: idOf('EL PAÍS Economía'), lang: 'es' } },
    { text: 'les articles du Monde sur la dette', skill: 'search_stories', args: { source: idOf('Le Monde Économie'), query: 'dette', lang: 'fr' } },
    { text: 'Was schreibt der Spiegel über Siemens?', skill: 'search_stories', args: { source: idOf('DER SPIEGEL Wirtschaft'), query: 'Siemens', lang: 'de' } },
    { text: 'Handelsblatt-Artikel zu SAP', skill: 'search_stories', args: { source: idOf('Handelsblatt'), query: 'SAP', lang: 'de' } },
    { text: 'notizie dal Sole 24 Ore', skill: 'get_latest_stories', args: { source: idOf('Il Sole 24 Ore - Economia'), lang: 'it' } },
    { text: 'o que a Folha diz sobre juros', skill: 'search_stories', args: { source: idOf('Folha de S.Paulo - Mercado'), query: 'juros', lang: 'pt' } },
    { text: 'NHKの記事', skill: 'get_latest_stories', args: { source: idOf('NHKニュース 経済'), lang: 'ja' } },
    { text: '요즘IT 기사', skill: 'get_latest_stories', args: { source: idOf('요즘IT (Yozm IT)'), lang: 'ko' } },
    { text: 'آخر أخبار أرقام', skill: 'get_latest_stories', args: { source: idOf('أرقام (Argaam)'), lang: 'ar' } },
    { text: 'stories from AI News', skill: 'get_latest_stories', args: { source: idOf('AI News (artificialintelligence-news.com)') } },
  ])
  // Names that are also everyday words stay words.
  check([
    { text: 'latest AI news', skill: 'get_latest_stories', args: { topic: 'data-ai', source: undefined } },
    { text: 'OpenAI news', skill: 'search_stories', args: { query: 'OpenAI', source: undefined } },
    { text: 'entrepreneur news', skill: 'get_latest_stories', args: { topic: 'entrepreneurship', source: undefined } },
    { text: 'business news', skill: 'get_latest_stories', args: { topic: 'business', source: undefined } },
    { text: 'nouvelles du monde', skill: 'search_stories', args: { source: undefined, query: 'monde', lang: 'fr' } },
    { text: 'Nachrichten aus aller Welt', skill: 'search_stories', args: { source: undefined, query: 'aller Welt', lang: 'de' } },
    { text: 'wsj news', skill: 'search_stories', args: { source: undefined, query: 'wsj' } },
    { text: 'a good fortune', skill: 'search_stories', args: { source: undefined } },
  ])

  it('a name several publishers share is read as the first, guessed, with the others offered', () => {
    const twins = createSourceIndex([{ id: idOf('Le Monde Économie'), name: 'Le Monde Économie' }, { id: idOf('Le Monde Informatique'), name: 'Le Monde Informatique' },
      { id: idOf('TechCrunch'), name: 'Le Monde' }])
    assert.equal(understandText('les articles du Monde', SITE, { now: NOW, sources: twins }).args.source, idOf('TechCrunch'), 'a whole name wins')
    const ambiguous = createSourceIndex([{ id: idOf('Le Monde Économie'), name: 'Le Monde Économie' }, { id: idOf('Le Monde Informatique'), name: 'Le Monde Finance' }])
    const u = understandText('les articles du Monde', SITE, { now: NOW, sources: ambiguous })
    assert.equal(u.guessed, true)
    assert.match(u.understood, /Several publishers have that name/)
    assert.deepEqual(u.alternatives?.map((a) => a.args.source), [idOf('Le Monde Informatique')])
  })

  it('says which publisher by name', () => {
    assert.equal(read('latest from TechCrunch').understood, 'Latest stories from TechCrunch, in English.')
  })
})

describe('since and until: dates and spans', () => {
  check([
    // English
    { text: 'AI news before November 10', skill: 'get_latest_stories', args: { until: day('11-10'), since: undefined } },
    { text: 'AI news after Nov 18', skill: 'get_latest_stories', args: { since: day('11-19'), until: undefined } },
    { text: 'AI news until November 18', skill: 'get_latest_stories', args: { until: day('11-19') } },
    { text: 'AI news older than 3 weeks', skill: 'get_latest_stories', args: { until: day('11-04'), limit: undefined } },
    { text: 'AI news newer than two days', skill: 'get_latest_stories', args: { since: day('11-23'), limit: undefined } },
    { text: 'AI news from the past week', skill: 'get_latest_stories', args: { since: day('11-18'), until: undefined } },
    { text: 'AI news last week', skill: 'get_latest_stories', args: { since: day('11-16'), until: day('11-23') } },
    { text: 'AI news this month', skill: 'get_latest_stories', args: { since: day('11-01'), until: undefined } },
    { text: 'AI news last month', skill: 'get_latest_stories', args: { since: day('10-01'), until: day('11-01') } },
    { text: 'AI news from December 20', skill: 'get_latest_stories', args: { since: '2025-12-20T00:00:00Z', until: '2025-12-21T00:00:00Z' } },
    { text: 'AI news from 3 days ago', skill: 'get_latest_stories', args: { since: day('11-22'), until: day('11-23') } },
    { text: 'AI news from last Wednesday', skill: 'get_latest_stories', args: { since: day('11-18'), until: day('11-19') } },
    { text: 'AI news between Nov 1 and Nov 3', skill: 'get_latest_stories', args: { since: day('11-01'), until: day('11-04') } },
    { text: 'AI news in the last 6 hours', skill: 'get_latest_stories', args: { since: '2026-11-25T04:00:00Z' } },
    // the other eight languages
    { text: 'noticias de IA anteriores al 3 de noviembre', skill: 'get_latest_stories', args: { until: day('11-03'), lang: 'es' } },
    { text: 'noticias de IA de hace 2 días', skill: 'get_latest_stories', args: { since: day('11-23'), until: day('11-24'), lang: 'es' } },
    { text: "actus IA d'il y a plus de 2 semaines", skill: 'get_latest_stories', args: { until: day('11-11'), lang: 'fr' } },
    { text: 'actus IA du 1er au 15 novembre', skill: 'get_latest_stories', args: { since: day('11-01'), until: day('11-16'), lang: 'fr' } },
    { text: 'KI-News vom letzten Monat', skill: 'get_latest_stories', args: { since: day('10-01'), until: day('11-01'), lang: 'de' } },
    { text: 'KI-News nach dem 20.11.', skill: 'get_latest_stories', args: { since: day('11-21'), lang: 'de' } },
    { text: 'notizie IA della settimana scorsa', skill: 'get_latest_stories', args: { since: day('11-16'), until: day('11-23'), lang: 'it' } },
    { text: 'notizie IA di ieri', skill: 'get_latest_stories', args: { since: day('11-24'), until: day('11-25'), lang: 'it' } },
    { text: 'notícias de IA dos últimos 10 dias', skill: 'get_latest_stories', args: { since: day('11-15'), lang: 'pt' } },
    { text: 'notícias de IA deste mês', skill: 'get_latest_stories', args: { since: day('11-01'), lang: 'pt' } },
    { text: '先月のAIニュース', skill: 'get_latest_stories', args: { since: day('10-01'), until: day('11-01'), lang: 'ja' } },
    { text: '11月1日から11月10日までのAIニュース', skill: 'get_latest_stories', args: { since: day('11-01'), until: day('11-11'), lang: 'ja' } },
    { text: '3일 전 AI 뉴스', skill: 'get_latest_stories', args: { since: day('11-22'), until: day('11-23'), lang: 'ko' } },
    { text: '일주일 이내 AI 뉴스', skill: 'get_latest_stories', args: { since: day('11-18'), lang: 'ko' } },
    { text: 'أخبار الذكاء الاصطناعي بعد 15 نوفمبر', skill: 'get_latest_stories', args: { since: day('11-16'), lang: 'ar' } },
    { text: 'أخبار الذكاء الاصطناعي الشهر الماضي', skill: 'get_latest_stories', args: { since: day('10-01'), until: day('11-01'), lang: 'ar' } },
  ])

  it('a publisher name is never read as a date', () => {
    const u = read('latest from 20 Minutes')
    assert.deepEqual([u.args.source, u.args.since, u.args.until], [idOf('20 Minutes Économie'), undefined, undefined])
    const ar = read('آخر أخبار المصري اليوم')
    assert.deepEqual([ar.args.source, ar.args.since], [idOf('المصري اليوم - اقتصاد (Al-Masry Al-Youm Economy)'), undefined])
  })

  it('says what the dates are and how they were written, and when the reading goes stale', () => {
    const u = read('AI news last week')
    assert.equal(u.understood, 'Latest stories in Data & AI (data-ai), published since 2026-11-16T00:00:00Z and before 2026-11-23T00:00:00Z ("last week"), in English.')
    assert.equal(u.validUntil, Date.parse('2026-11-26T00:00:00Z'), 'days resolve again at midnight')
    assert.equal(read('AI news in the last 6 hours').validUntil, Date.parse('2026-11-25T11:00:00Z'), 'hours, on the hour')
    assert.equal(read('AI news').validUntil, undefined, 'no date, no expiry')
  })

  it('the same text read a week later gives other dates', () => {
    const later = understandText('AI news last week', SITE, { now: NOW + 7 * 86_400_000, sources })
    assert.deepEqual([later.args.since, later.args.until], [day('11-23'), day('11-30')])
  })
})

describe('limit: only a count of stories, never a span', () => {
  check([
    { text: 'top 5 AI stories', skill: 'get_latest_stories', args: { limit: 5 } },
    { text: '3 articles about Nvidia', skill: 'search_stories', args: { limit: 3, query: 'Nvidia' } },
    { text: 'AI stories from the last 5 days', skill: 'get_latest_stories', args: { limit: undefined, since: day('11-20') } },
    { text: 'AI stories older than 2 weeks', skill: 'get_latest_stories', args: { limit: undefined, until: day('11-11') } },
    { text: 'iPhone 16 stories', skill: 'search_stories', args: { limit: undefined, query: 'iPhone 16' } },
    { text: 'die 4 neuesten KI-Artikel', skill: 'get_latest_stories', args: { limit: 4, topic: 'data-ai', lang: 'de' } },
    { text: 'AIの記事を3件、2週間以上前のもの', skill: 'get_latest_stories', args: { limit: 3, until: day('11-11'), lang: 'ja' } },
  ])
})

describe('query: request words stay out of it, in the nine languages', () => {
  check([
    { text: 'Summarize the press coverage of the Boeing strike please', skill: 'search_stories', args: { query: 'Boeing strike' } },
    { text: 'any blog posts or write-ups on Kubernetes?', skill: 'search_stories', args: { query: 'Kubernetes' } },
    { text: 'resume la cobertura de prensa sobre Repsol', skill: 'search_stories', args: { query: 'Repsol', lang: 'es' } },
    { text: 'résume la revue de presse sur Danone', skill: 'search_stories', args: { query: 'Danone', lang: 'fr' } },
    { text: 'Fasse die Berichterstattung über BASF zusammen', skill: 'search_stories', args: { query: 'BASF', lang: 'de' } },
    { text: 'riassumi la rassegna stampa su Enel', skill: 'search_stories', args: { query: 'Enel', lang: 'it' } },
    { text: 'resuma a cobertura da imprensa sobre a Natura', skill: 'search_stories', args: { query: 'Natura', lang: 'pt' } },
    { text: 'ホンダに関する報道をまとめて', skill: 'search_stories', args: { query: 'ホンダ', lang: 'ja' } },
    { text: 'LG전자 관련 보도 정리해줘', skill: 'search_stories', args: { query: 'LG전자', lang: 'ko' } },
    { text: 'لخص التغطية الصحفية عن سابك', skill: 'search_stories', args: { query: 'سابك', lang: 'ar' } },
  ])
})

describe('topic with a subject: the subject is searched, the topic offered', () => {
  it('marketing posts about TikTok', () => {
    const u = read('marketing posts about TikTok')
    assert.equal(u.capability, 'search_stories')
    assert.equal(u.args.query, 'TikTok')
    assert.equal(u.guessed, false)
    assert.equal(u.understood, 'Searched headlines for "TikTok", in English; the topic Marketing (marketing) was named too, and a search covers every topic.')
    assert.deepEqual(u.alternatives?.map((a) => [a.capability, a.args]), [['get_latest_stories', { topic: 'marketing', lang: 'en' }]])
  })
  check([
    { text: 'les actus de la startup Doctolib', skill: 'search_stories', args: { query: 'Doctolib', lang: 'fr' } },
    { text: 'crypto regulation news', skill: 'search_stories', args: { query: 'crypto regulation' } },
    { text: 'KI-Nachrichten über Nvidia seit Montag', skill: 'search_stories', args: { query: 'Nvidia', since: day('11-23'), lang: 'de' } },
  ])
})

describe('questions about the agent and its publishers', () => {
  check([
    { text: 'what can you do?', skill: 'help', args: { lang: 'en' } },
    { text: 'Help', skill: 'help', args: { lang: 'en' } },
    { text: '¿para qué sirves?', skill: 'help', args: { lang: 'es' } },
    { text: 'que sais-tu faire ?', skill: 'help', args: { lang: 'fr' } },
    { text: 'Wer bist du?', skill: 'help', args: { lang: 'de' } },
    { text: 'cosa puoi fare?', skill: 'help', args: { lang: 'it' } },
    { text: 'o que você pode fazer?', skill: 'help', args: { lang: 'pt' } },
    { text: '使い方を教えて', skill: 'help', args: { lang: 'ja' } },
    { text: '사용법 알려줘', skill: 'help', args: { lang: 'ko' } },
    { text: 'من أنت؟', skill: 'help', args: { lang: 'ar' } },
    { text: 'what can you do in Spanish?', skill: 'help', args: { lang: 'es' } },
    { text: 'help me find news about Tesla', skill: 'search_stories', args: { query: 'Tesla' } },
    { text: 'which sources do you use?', skill: 'list_sources', args: {} },
    { text: '¿qué fuentes tienes?', skill: 'list_sources', args: {} },
    { text: 'quelles sources utilisez-vous ?', skill: 'list_sources', args: {} },
    { text: 'Welche Quellen gibt es?', skill: 'list_sources', args: {} },
    { text: 'どの情報源を使っていますか', skill: 'list_sources', args: {} },
  ])
})

describe('guesses offer the nearest alternatives', () => {
  it('nothing recognized: the latest stories, with help and the topics offered', () => {
    const u = read('hello there')
    assert.equal(u.guessed, true)
    assert.deepEqual(u.alternatives?.map((a) => a.capability), ['help', 'list_topics'])
  })
  it('several topics: the first, with the others offered', () => {
    const u = read('AI and finance news')
    assert.equal(u.guessed, true)
    assert.deepEqual(u.alternatives?.map((a) => a.args.topic), ['finance'])
  })
  it('words only: a search, with the latest stories offered', () => {
    const u = read('asdf qwerty')
    assert.equal(u.guessed, true)
    assert.deepEqual(u.alternatives?.map((a) => a.capability), ['get_latest_stories', 'help'])
  })
})

describe('general rules: closed word classes, questions to the agent, inflections (issue 29, second round)', () => {
  const MORE = [...PUBLISHERS, 'Süddeutsche Zeitung Wirtschaft', 'Corriere della Sera Economia', 'FAZ.NET Finanzen',
    'Valor Econômico', 'The Guardian - Business', 'Magenta (Google)', 'Google Developers Blog', '카카오페이 기술 블로그']
  const moreId = (name: string) => `00000000-0000-4000-8000-${String(MORE.indexOf(name)).padStart(12, '0')}`
  const more = createSourceIndex(MORE.map((name) => ({ id: moreId(name), name })))
  const readMore = (text: string) => understandText(text, SITE, { now: NOW, sources: more })
  const rows: Row[] = [
    // Possessives, can/know verbs, question words and discourse adverbs are never keywords.
    { text: 'quelles sont tes sources ?', skill: 'list_sources', args: {} },
    { text: 'o que você consegue fazer?', skill: 'help', args: { lang: 'pt' } },
    { text: 'Was bietest du eigentlich an?', skill: 'help', args: { lang: 'de' } },
    { text: 'come si usa questo servizio?', skill: 'help', args: { lang: 'it' } },
    { text: 'hi! what are you for?', skill: 'help', args: { lang: 'en' } },
    { text: 'le 3 notizie più importanti di oggi', skill: 'get_latest_stories', args: { limit: 3, query: undefined } },
    // A question to the agent with one verb no list holds is about the agent or its publishers.
    { text: 'list the outlets you draw on', skill: 'list_sources', args: {} },
    { text: 'ما هي الصحف التي تتابعها؟', skill: 'list_sources', args: {} },
    { text: '넌 뭐 하는 봇이야?', skill: 'help', args: { lang: 'ko' } },
    // ...but a named subject after "about", or a capitalized name, is searched.
    { text: 'which outlets cover Tesla?', skill: 'search_stories', args: { query: 'Tesla' } },
    // Counts as words in every language; a one-syllable Korean count needs its counter.
    { text: '마케팅 뉴스 다섯 개 보여줘', skill: 'get_latest_stories', args: { topic: 'marketing', limit: 5 } },
    { text: 'AIニュースを五件', skill: 'get_latest_stories', args: { topic: 'data-ai', limit: 5 } },
    { text: 'أعطني خمسة أخبار عن تسلا', skill: 'search_stories', args: { query: 'تسلا', limit: 5 } },
    { text: '三菱のニュース', skill: 'search_stories', args: { query: '三菱', limit: undefined } },
    // Time phrases by grammar: German case endings, French articles, Arabic unit-first spans, Japanese dates.
    { text: 'Artikel aus dem Spiegel von letzter Woche', skill: 'get_latest_stories', args: { since: day('11-16'), until: day('11-23') } },
    { text: 'revue de presse sur le budget du mois dernier', skill: 'search_stories', args: { query: 'budget', since: day('10-01'), until: day('11-01') } },
    { text: 'أخبار عن سامسونج خلال الأيام الثلاثة الماضية', skill: 'search_stories', args: { query: 'سامسونج', since: day('11-22') } },
    { text: '11月10日より前のAIニュース', skill: 'get_latest_stories', args: { topic: 'data-ai', until: day('11-10'), since: undefined } },
    { text: 'stories on Nvidia from the past fortnight', skill: 'search_stories', args: { query: 'Nvidia', since: day('11-11') } },
    // Topic compounds and a topic as the subject of another beat.
    { text: 'die neuesten 3 Nachrichten aus der Finanzwelt', skill: 'get_latest_stories', args: { topic: 'finance', limit: 3 } },
    { text: 'marketing articles about SEO', skill: 'search_stories', args: { query: 'SEO' } },
    // Several sentences naming nothing to look up: the last one carries the request.
    { text: 'Hi, ich bin neu hier. Was kann ich dich fragen?', skill: 'help', args: { lang: 'de' } },
    { text: "I'm new here — how does this agent work?", skill: 'help', args: { lang: 'en' } },
    // "Since" a day qualified as the last one, in any word order; the language told by its weekday.
    { text: 'Finanznachrichten seit letztem Freitag', skill: 'get_latest_stories', args: { topic: 'finance', since: day('11-20'), lang: 'de' } },
    { text: 'notícias de finanças desde sexta passada', skill: 'get_latest_stories', args: { topic: 'finance', since: day('11-20') } },
    { text: '先週の金曜日以降の金融ニュース', skill: 'get_latest_stories', args: { topic: 'finance', since: day('11-20'), until: undefined } },
    // Auxiliaries around a verb of publishing are grammar; a count word is a word unless stories follow it.
    { text: 'Was hat das Handelsblatt im Oktober über Bosch geschrieben?', skill: 'search_stories', args: { query: 'Bosch' } },
    { text: 'Che cosa sei in grado di fare?', skill: 'help', args: { lang: 'it' } },
    // Where the stories come from is a question about the publishers, without naming them.
    { text: 'who do you get your news from?', skill: 'list_sources', args: {} },
    { text: 'Woher bekommst du deine Artikel?', skill: 'list_sources', args: {} },
    { text: '¿con qué fuentes trabajas?', skill: 'list_sources', args: {} },
    // Verbs of happening, quantifiers and adjectives of newness are not what is searched.
    { text: 'tem alguma novidade sobre a Vale?', skill: 'search_stories', args: { query: 'Vale' } },
    { text: 'y a-t-il du nouveau sur Airbus depuis lundi ?', skill: 'search_stories', args: { query: 'Airbus', since: day('11-23') } },
    { text: 'o que rolou em marketing essa semana?', skill: 'get_latest_stories', args: { topic: 'marketing', since: day('11-23') } },
    { text: 'مقالتان عن القيادة هذا الأسبوع', skill: 'get_latest_stories', args: { topic: 'leadership', limit: 2 } },
    { text: 'neuf actus sur la croissance', skill: 'get_latest_stories', args: { topic: 'growth', limit: 9 } },
    // The question shape asks for the topics too; "explain" verbs ask about the agent.
    { text: 'Welche Themen deckst du ab?', skill: 'list_topics', args: { lang: 'de' } },
    { text: 'ما المواضيع التي تغطيها؟', skill: 'list_topics', args: { lang: 'ar' } },
    { text: '네가 할 수 있는 걸 설명해줘', skill: 'help', args: { lang: 'ko' } },
    { text: 'spiegami cosa sai fare', skill: 'help', args: { lang: 'it' } },
    // Reading and listing verbs, and prepositions merged with articles, are grammar; "your" addresses the agent.
    { text: 'vorrei leggere qualcosa sullo sciopero dei treni', skill: 'search_stories', args: { query: 'sciopero dei treni' } },
    { text: 'quero ler sobre a greve dos correios', skill: 'search_stories', args: { query: 'greve dos correios' } },
    { text: 'nenn mir deine Kategorien', skill: 'list_topics', args: { lang: 'de' } },
    { text: 'give me 4 articles on interest rates', skill: 'search_stories', args: { query: 'interest rates', limit: 4 } },
    // A count asks for stories, never the topic list.
    { text: 'two newest stories, any topic', skill: 'get_latest_stories', args: { limit: 2 } },
    // The opening verb of a request, beside or carrying a first-person pronoun, is never the subject.
    { text: 'raccontami di Satispay', skill: 'search_stories', args: { query: 'Satispay' } },
    { text: 'Erzähl mir was über Celonis', skill: 'search_stories', args: { query: 'Celonis' } },
    { text: 'me atualiza sobre o balanço do Itaú', skill: 'search_stories', args: { query: 'balanço Itaú' } },
    { text: 'حدثني عن كريم', skill: 'search_stories', args: { query: 'كريم' } },
    { text: 'Tesla me', skill: 'search_stories', args: { query: 'Tesla' } },
    // "Only", trending words, a lone kanji verb, a Korean verbal noun before 해줘, "10 derniers jours".
    { text: 'nur Handelsblatt, die letzten 10 Tage', skill: 'get_latest_stories', args: { query: undefined, since: day('11-15') } },
    { text: 'uniquement des articles, sur les 10 derniers jours', skill: 'get_latest_stories', args: { since: day('11-15'), limit: undefined } },
    { text: '楽天について話して', skill: 'search_stories', args: { query: '楽天' } },
    { text: '토스에 대해 얘기해줘', skill: 'search_stories', args: { query: '토스' } },
    // Verbs of needing; a topic listed in the plural asked for in the singular; "you" segments in Japanese.
    { text: "j'ai besoin des dernières infos sur la grève à la RATP", skill: 'search_stories', args: { query: 'grève RATP' } },
    { text: 'actus vente, 3, cette semaine', skill: 'get_latest_stories', args: { topic: 'sales', limit: 3 } },
    { text: 'あなたが何をするのか教えて', skill: 'help', args: { lang: 'ja' } },
    { text: 'hilf mir zu verstehen, was du machst', skill: 'help', args: { lang: 'de' } },
    // Greetings, vague "things" and "know" addressed to the agent; counts before "derniers"; Korean 이틀, Arabic duals.
    { text: 'buongiorno, novità su Stellantis e Ferrari?', skill: 'search_stories', args: { query: 'Stellantis Ferrari' } },
    { text: 'elenca tutte le testate che conosci', skill: 'list_sources', args: {} },
    { text: 'croissance : les deux derniers jours', skill: 'get_latest_stories', args: { topic: 'growth', since: day('11-23'), limit: undefined } },
    { text: 'notícias de IA dos últimos 10 dias', skill: 'get_latest_stories', args: { topic: 'data-ai', since: day('11-15') } },
    { text: '최근 이틀간 성장 관련 기사', skill: 'get_latest_stories', args: { topic: 'growth', since: day('11-23') } },
    { text: 'أخبار النمو خلال اليومين الماضيين', skill: 'get_latest_stories', args: { topic: 'growth', since: day('11-23') } },
    // "Anyone", "but", "quick"; the ability question as a clause ("what you can do") even beside "overview".
    { text: 'qualcuno ha scritto della fusione Mps-Mediobanca?', skill: 'search_stories', args: { query: 'fusione Mps-Mediobanca' } },
    { text: 'Marketing-Nachrichten, aber auf Spanisch', skill: 'get_latest_stories', args: { topic: 'marketing', lang: 'es', query: undefined } },
    { text: "I'd like a quick overview of what you can do", skill: 'help', args: { lang: 'en' } },
    { text: 'Ich hätte gern einen kurzen Überblick, was du kannst', skill: 'help', args: { lang: 'de' } },
    // Attention-getters; "how" with a search verb and nothing to search; "el último mes" is last month, as "la última semana".
    { text: 'senti, notizie sul Boeing 737 MAX?', skill: 'search_stories', args: { query: 'Boeing 737 MAX' } },
    { text: 'どうやって検索すればいいですか？', skill: 'help', args: { lang: 'ja' } },
    { text: 'كيف أبحث معك؟', skill: 'help', args: { lang: 'ar' } },
    { text: 'noticias sobre la vivienda del último mes', skill: 'search_stories', args: { query: 'vivienda', since: day('10-01'), until: day('11-01') } },
    // "Give me a hand" idioms; the Arabic article on news words; Italian euphonic "ad".
    { text: 'mi dai una mano?', skill: 'help', args: { lang: 'it' } },
    { text: 'آخر المستجدات عن تصويت النقابة في أمازون', skill: 'search_stories', args: { query: 'تصويت النقابة أمازون' } },
    { text: 'le ultime sul voto sindacale ad Amazon', skill: 'search_stories', args: { query: 'voto sindacale Amazon' } },
    // "Newest first", verbs of getting, a Korean name starting with a known word, an Arabic topic without its article.
    { text: 'Führungs-Schlagzeilen, neueste zuerst', skill: 'get_latest_stories', args: { topic: 'leadership', query: undefined } },
    { text: 'posso avere 7 notizie di finanza?', skill: 'get_latest_stories', args: { topic: 'finance', limit: 7 } },
    { text: '대한항공에 대해 뭐라고 했어?', skill: 'search_stories', args: { query: '대한항공' } },
    { text: 'هل يمكنني الحصول على 7 أخبار مالية؟', skill: 'get_latest_stories', args: { topic: 'finance', limit: 7 } },
  ]
  check(rows)

  it('a question read from a leftover verb says it is a guess and offers the search', () => {
    const u = read('list the outlets you draw on')
    assert.equal(u.guessed, true)
    assert.equal(u.alternatives?.[0]?.capability, 'search_stories')
  })

  const sourceRows: [string, string, string][] = [
    ['Berichte aus der Süddeutschen über die Bahn', 'Süddeutsche Zeitung Wirtschaft', 'Bahn'],
    ['novità dal Corriere sul Superbonus', 'Corriere della Sera Economia', 'Superbonus'],
    ['Was schreibt die FAZ über die Rente?', 'FAZ.NET Finanzen', 'Rente'],
    ['o que o Valor publicou sobre juros?', 'Valor Econômico', 'juros'],
    ['guardian articles on the housing market', 'The Guardian - Business', 'housing market'],
    ['Handelsblatt: was gibt es Neues zur Commerzbank?', 'Handelsblatt', 'Commerzbank'],
    ['Valor sobre juros', 'Valor Econômico', 'juros'],
  ]
  for (const [text, source, query] of sourceRows) {
    it(`${text} → ${source}`, () => {
      const u = readMore(text)
      assert.equal(u.args.source, moreId(source), u.understood)
      assert.equal(u.args.query, query, u.understood)
    })
  }

  it('a lower-case name after a preposition alone stays a word; a company in a parenthesis is not the publisher', () => {
    assert.equal(readMore('nouvelles du monde').args.source, undefined)
    assert.equal(readMore('layoffs at Google').args.source, undefined)
  })

  it('a Korean word ending in a particle syllable that does not fit keeps it', () => {
    assert.equal(readMore('카카오페이 관련 이번 주 뉴스').args.query, '카카오페이')
  })
})

describe('general rules, third round: subjects beside a beat, connectors, counters, sections (issue 29)', () => {
  check([
    // A beat and a subject that is itself a topic word: the subject is searched, in every word order.
    { text: 'Des articles sur le leadership à propos du télétravail ?', skill: 'search_stories', args: { query: 'télétravail', topic: undefined } },
    { text: 'articles marketing sur le télétravail', skill: 'search_stories', args: { query: 'télétravail' } },
    { text: 'マーケティングの記事で生成AIについてのものはある？', skill: 'search_stories', args: { query: '生成AI', lang: 'ja' } },
    { text: '리더십 분야에서 재택근무에 관한 글 있어?', skill: 'search_stories', args: { query: '재택근무', lang: 'ko' } },
    // A topic word alone after "about" is still the topic.
    { text: 'news about AI', skill: 'get_latest_stories', args: { topic: 'data-ai', query: undefined } },
    { text: 'AI news about Nvidia', skill: 'search_stories', args: { query: 'Nvidia' } },
    // A subject's topic word and the name it is about are one subject; an apposition is not.
    { text: 'stories on layoffs at Google', skill: 'search_stories', args: { query: 'layoffs Google' } },
    { text: 'news about the startup Doctolib', skill: 'search_stories', args: { query: 'Doctolib' } },
    // Connectors stay between lower-case words of a subject, not before a name.
    { text: 'dame 5 artículos sobre el precio del petróleo', skill: 'search_stories', args: { query: 'precio del petróleo', limit: 5 } },
    { text: 'news on the price of oil', skill: 'search_stories', args: { query: 'price of oil' } },
    { text: 'me interesa leer sobre el conflicto de los taxis', skill: 'search_stories', args: { query: 'conflicto de los taxis' } },
    { text: 'des nouvelles de Renault et de Nissan', skill: 'search_stories', args: { query: 'Renault Nissan' } },
    // A Korean counter with a particle written onto it.
    { text: '반도체 뉴스 3개만', skill: 'search_stories', args: { query: '반도체', limit: 3 } },
    { text: 'AI 뉴스 5건씩', skill: 'get_latest_stories', args: { topic: 'data-ai', limit: 5 } },
    // "in the area of" a topic is the topic.
    { text: "Was gibt's Neues im Bereich Vertrieb?", skill: 'get_latest_stories', args: { topic: 'sales', query: undefined } },
    { text: '¿Qué hay de nuevo en el área de ventas?', skill: 'get_latest_stories', args: { topic: 'sales' } },
    { text: 'novità nel settore finanza?', skill: 'get_latest_stories', args: { topic: 'finance' } },
    { text: 'Welche Bereiche deckst du ab?', skill: 'list_topics', args: { lang: 'de' } },
    // "of the week", "du jour": this week, today; "de la semaine passée" stays last week.
    { text: 'trois infos RH de la semaine', skill: 'get_latest_stories', args: { topic: 'people', limit: 3, since: '2026-11-23T00:00:00Z' } },
    { text: 'noticias del día sobre Inditex', skill: 'search_stories', args: { query: 'Inditex', since: '2026-11-25T00:00:00Z' } },
    { text: 'notícias sobre o Nubank da semana passada', skill: 'search_stories', args: { query: 'Nubank', since: '2026-11-16T00:00:00Z', until: '2026-11-23T00:00:00Z' } },
    // Verbs of coming out are request words; ô, ê and ç are Portuguese or French, never Spanish.
    { text: 'o que saiu na Folha ontem?', skill: 'get_latest_stories', args: { query: undefined, lang: 'pt' } },
  ])

  it('a publisher name with ô tips a message between Spanish and Portuguese to Portuguese', () => {
    const u = readerOver([{ id: idOf('TechCrunch'), name: 'Valor Econômico' }])('Valor Econômico sobre a taxa Selic, por favor')
    assert.deepEqual([u.args.source, u.args.query, u.args.lang], [idOf('TechCrunch'), 'taxa Selic', 'pt'], u.understood)
  })
})

describe('context before the request, and story links on this site (issue 29, third round)', () => {
  check([
    // A sentence that only says who asks or why is not searched; the question after it is.
    { text: 'I have a meeting with my bank tomorrow morning. Has there been anything on interest rates this week?', skill: 'search_stories', args: { query: 'interest rates', since: '2026-11-23T00:00:00Z' } },
    { text: "I'm a product manager catching up after a long holiday. Could you give me the five most recent product stories?", skill: 'get_latest_stories', args: { topic: 'product', limit: 5, query: undefined } },
    // Its topic still names the beat: the subject asked about is searched.
    { text: 'Je travaille dans le marketing à Lille. Auriez-vous quelque chose sur Decathlon dans cette rubrique ?', skill: 'search_stories', args: { query: 'Decathlon' } },
    // A clause set off by a comma is context only when it says something in words of its own; a list of names is not.
    { text: 'Sono una designer di Milano: quali sono gli articoli più recenti nella sezione Design?', skill: 'get_latest_stories', args: { topic: 'design', query: undefined } },
    { text: 'Tesla, Rivian, Lucid news', skill: 'search_stories', args: { query: 'Tesla Rivian Lucid' } },
    // One sentence alone is read whole, as before.
    { text: 'Nvidia earnings news older than 10 days', skill: 'search_stories', args: { query: 'Nvidia earnings' } },
    // Another address of this site naming a story id is that story.
    { text: 'tldr this one pls https://news.example.org/stories/3f9c2a71-8b4e-4d1a-9c62-5e7f0a1b2c3d', skill: 'get_story', args: { id: '3f9c2a71-8b4e-4d1a-9c62-5e7f0a1b2c3d' } },
    { text: 'https://news.example.org/api/v1/stories/3f9c2a71-8b4e-4d1a-9c62-5e7f0a1b2c3d?lang=fr', skill: 'get_story', args: { id: '3f9c2a71-8b4e-4d1a-9c62-5e7f0a1b2c3d', lang: 'fr' } },
    // "737 MAX" is a name, not "737 at most".
    { text: 'yo, news on the Boeing 737 MAX?', skill: 'search_stories', args: { query: 'Boeing 737 MAX', limit: undefined } },
  ])
})

describe('names and subjects written plainly (issue 29, third round)', () => {
  const readNamed = readerOver([
    { id: idOf('TechCrunch'), name: 'Stratechery (Ben Thompson)' }, { id: idOf('The Verge'), name: 'heise Developer' },
  ])
  it('a publisher written in lower case after "from", and a name without its section ("heise Developer")', () => {
    assert.deepEqual([readNamed('latest from stratechery, 5').args.source, readNamed('latest from stratechery, 5').args.limit], [idOf('TechCrunch'), 5])
    assert.equal(readNamed("Was gibt's Neues bei Heise?").args.source, idOf('The Verge'))
    // "du" also means "of": a lower-case word after it stays a word.
    assert.equal(readNamed('nouvelles du monde').args.source, undefined)
  })
  check([
    // "Results" that count nothing are a company's results.
    { text: 'fais-moi un point sur les résultats de LVMH', skill: 'search_stories', args: { query: 'résultats LVMH' } },
    { text: 'donne-moi 5 résultats sur Airbus', skill: 'search_stories', args: { query: 'Airbus', limit: 5 } },
    // An elided article inside a subject stays, written onto its noun.
    { text: "prix de l'électricité entre le 3 et le 9 novembre", skill: 'search_stories', args: { query: "prix de l'électricité" } },
    // A lone kanji before の is a noun, not a verb stem.
    { text: '冬のボーナスのニュース', skill: 'search_stories', args: { query: '冬 ボーナス' } },
  ])
})

describe('questions about the publishers that name one, and names joined by a middle dot (issue 29, third round)', () => {
  check([
    { text: 'Excusez-moi, quels journaux suivez-vous au juste ? Le Monde Informatique en fait-il partie ?', skill: 'list_sources', args: {} },
    { text: 'Is the Financial Times one of your sources?', skill: 'list_sources', args: {} },
    // A publisher and a subject is a search, even with a sources word.
    { text: 'Financial Times sources on Tesla', skill: 'search_stories', args: { query: 'Tesla' } },
    { text: 'كيف يمكنني الاستفادة منك؟ وما نوع الأسئلة التي تستطيع الإجابة عنها؟', skill: 'help', args: { lang: 'ar' } },
    // "데이터·AI" is one topic's name, the beat: the subject after it is searched alone.
    { text: '그럼 데이터·AI 쪽에서는 네이버 하이퍼클로바 관련 소식이 있나요?', skill: 'search_stories', args: { query: '네이버 하이퍼클로바' } },
    { text: '삼성·LG 뉴스', skill: 'search_stories', args: { query: '삼성 LG' } },
  ])
})

describe('the phrasing of agents and scripts (issue 29, third round)', () => {
  check([
    // Arguments written as key=value or key: value.
    { text: 'Get latest headlines: topic=engineering, limit=4', skill: 'get_latest_stories', args: { topic: 'engineering', limit: 4, query: undefined } },
    { text: 'search stories query="chip tariffs" lang=de since=2026-11-01', skill: 'search_stories', args: { query: 'chip tariffs', lang: 'de', since: '2026-11-01T00:00:00Z' } },
    { text: 'topic: data-ai, limit: 3', skill: 'get_latest_stories', args: { topic: 'data-ai', limit: 3 } },
    // "search:" followed by words searches all of them; a heading before a colon is no argument.
    { text: 'search: chip tariffs', skill: 'search_stories', args: { query: 'chip tariffs' } },
    { text: 'Handelsblatt: was gibt es Neues?', skill: 'get_latest_stories', args: { source: idOf('Handelsblatt') } },
    { text: 'Return the full story for id c4e9b2a7-1d3f-4a6b-8e5c-7f0a2b9d3e61, output language: Portuguese.', skill: 'get_story', args: { id: 'c4e9b2a7-1d3f-4a6b-8e5c-7f0a2b9d3e61', lang: 'pt' } },
    // A cap written after the number, or as "limit N"; "MAX" in a name stays a word.
    { text: 'Newest finance stories, 15 max.', skill: 'get_latest_stories', args: { topic: 'finance', limit: 15 } },
    { text: 'Give me finance stories older than 2 weeks, limit 10.', skill: 'get_latest_stories', args: { topic: 'finance', limit: 10, until: '2026-11-11T00:00:00Z' } },
    { text: 'yo, news on the Boeing 737 MAX?', skill: 'search_stories', args: { query: 'Boeing 737 MAX', limit: undefined } },
    // Verbs of retrieving and words about the answer's form are not searched.
    { text: 'Retrieve the 10 newest stories in the people topic, published from 2026-11-20 onward.', skill: 'get_latest_stories', args: { topic: 'people', limit: 10, since: '2026-11-20T00:00:00Z', until: undefined } },
    { text: 'What can this agent do? Return a concise capability list.', skill: 'help', args: { lang: 'en' } },
    { text: 'Which sections or categories does Newsdesk organize stories into? Answer in Japanese.', skill: 'list_topics', args: { lang: 'ja' } },
  ])
})

describe('grammar of the fourth round: possessives, okurigana, numerals, phone spellings (issue 29, third pass)', () => {
  check([
    // A name's topic words after its possessive particle are one subject with it.
    { text: '지난주에 나온 네이버의 AI 투자 기사 있나요?', skill: 'search_stories', args: { query: '네이버 AI 투자' } },
    // The okurigana of a two-kanji noun belongs to it.
    { text: '値下げのニュース', skill: 'search_stories', args: { query: '値下げ' } },
    // Kanji numerals and Arabic feminine counts in spans; Korean "N주 넘은" is older than N weeks.
    { text: '過去三日間のデータ・AIの記事、10本ちょうだい', skill: 'get_latest_stories', args: { topic: 'data-ai', limit: 10, since: '2026-11-22T00:00:00Z' } },
    { text: 'آخر أخبار القيادة خلال الساعات الست الماضية', skill: 'get_latest_stories', args: { topic: 'leadership', since: '2026-11-25T04:00:00Z' } },
    { text: '2주 넘은 영업 기사도 볼 수 있어?', skill: 'get_latest_stories', args: { topic: 'sales', until: '2026-11-11T00:00:00Z', limit: undefined } },
    // Chat spellings: "vc" is "você" in Portuguese, not venture capital; "VC" in capitals still is.
    { text: 'o q vc sabe fazer? como funciona?', skill: 'help', args: { lang: 'pt' } },
    { text: 'VC funding news', skill: 'search_stories', args: { query: 'VC funding' } },
    // A bare subject before a comma is what to look for, not context; an ampersand joins one topic's name.
    { text: "le prix de l'electricite, quoi de neuf depuis lundi", skill: 'search_stories', args: { query: "prix de l'electricite" } },
    { text: 'Was kam gestern zu Personal & Karriere?', skill: 'get_latest_stories', args: { topic: 'people', query: undefined } },
  ])
})

describe('names in lower case, ordinal days, generative AI as a subject (issue 29, third pass)', () => {
  const readLower = readerOver([
    { id: idOf('TechCrunch'), name: 'Expansión' }, { id: idOf('The Verge'), name: 'Le Figaro Économie' },
    { id: idOf('Fortune'), name: 'Le Monde Économie' },
  ])
  it('a lower-case name after a preposition of origin in a request for news, or after a verb of publishing', () => {
    assert.equal(readLower('Pásame los titulares de expansion publicados ayer').args.source, idOf('TechCrunch'))
    assert.equal(readLower('Les articles du figaro sur la réforme des retraites').args.source, idOf('The Verge'))
    // A connector carries the noun phrase on: the word was a word.
    assert.equal(readLower('noticias del plan de expansión de Inditex').args.source, undefined)
    // Everyday words stay words: "nouvelles du monde" is world news.
    assert.equal(readLower('nouvelles du monde').args.source, undefined)
  })
  check([
    { text: 'news between the 1st and the 5th', skill: 'get_latest_stories', args: { since: '2026-11-01T00:00:00Z', until: '2026-11-06T00:00:00Z' } },
    { text: 'generative AI news', skill: 'search_stories', args: { query: 'generative AI', topic: undefined } },
    { text: 'Zeig mir bitte Artikel aus Technik & Entwicklung, die neuer als 10 Tage sind', skill: 'get_latest_stories', args: { topic: 'engineering', since: '2026-11-15T00:00:00Z' } },
    // A Latin-script publisher name in a Korean message does not make it English.
    { text: '요즘IT 최신 글 5개만 보여줘', skill: 'get_latest_stories', args: { source: idOf('요즘IT (Yozm IT)'), limit: 5, lang: 'ko' } },
  ])
})

describe('retractions, pairs, and one beat named twice (issue 29, third pass)', () => {
  check([
    // What comes before "never mind," is no request.
    { text: 'I was gonna ask about crypto but never mind, just show me five leadership stories from this week', skill: 'get_latest_stories', args: { topic: 'leadership', limit: 5, query: undefined } },
    { text: 'Quería preguntarte por el Mundial pero da igual, ¿qué temas cubres?', skill: 'list_topics', args: { lang: 'es' } },
    // "a couple", "un par de", "un paio di" are two.
    { text: 'Cercami un paio di articoli sul caro bollette', skill: 'search_stories', args: { query: 'caro bollette', limit: 2 } },
    { text: 'a couple of stories about Figma', skill: 'search_stories', args: { query: 'Figma', limit: 2 } },
    // German genitives join nouns, not a name in initials; "beim" is a preposition of origin.
    { text: 'Zeig mir drei Artikel zur Tarifrunde der Metallindustrie', skill: 'search_stories', args: { query: 'Tarifrunde der Metallindustrie', limit: 3 } },
    { text: 'Meldungen zur Zinsentscheidung der EZB', skill: 'search_stories', args: { query: 'Zinsentscheidung EZB' } },
    { text: "Moin! Was gibt's Neues beim Handelsblatt?", skill: 'get_latest_stories', args: { source: idOf('Handelsblatt'), query: undefined } },
    // A beat and a subject of the same topic, each with its own "about"; "about AI and machine learning" is one beat.
    { text: 'Côté carrières, quoi de neuf sur le télétravail ?', skill: 'search_stories', args: { query: 'télétravail' } },
    { text: 'news about AI and machine learning', skill: 'get_latest_stories', args: { topic: 'data-ai', query: undefined } },
    // A results word that opens the message is no name.
    { text: 'Résultats de LVMH entre le 1er et le 5 novembre', skill: 'search_stories', args: { query: 'résultats LVMH' } },
  ])
})

describe('context after the request, dashes, and names after articles (issue 29, third pass)', () => {
  check([
    { text: 'Give me the top 5 sales stories from last week, I have a pipeline review at 9.', skill: 'get_latest_stories', args: { topic: 'sales', limit: 5, query: undefined } },
    { text: 'Ich leite den Vertrieb – was gibt es im Bereich Vertrieb Neues zu Salesforce?', skill: 'search_stories', args: { query: 'Salesforce' } },
    // A last sentence that is no clause of its own is still the request.
    { text: 'Show me AI news. Nvidia.', skill: 'search_stories', args: { query: 'Nvidia' } },
    { text: "Anything in the growth section about Stripe's new pricing?", skill: 'search_stories', args: { query: 'Stripe new pricing' } },
  ])
  const readNamed = readerOver([{ id: idOf('TechCrunch'), name: 'Xataka' }, { id: idOf('The Verge'), name: 'BFM Business' }])
  it('a lower-case name after a preposition with what it wrote about next, or after an article in a question about what it wrote', () => {
    assert.deepEqual([readNamed('¿Hay algo en xataka sobre inteligencia artificial generativa?').args.source, readNamed('¿Hay algo en xataka sobre inteligencia artificial generativa?').args.query], [idOf('TechCrunch'), 'inteligencia artificial generativa'])
    assert.equal(readNamed('Y a-t-il des papiers de bfm sur la levée de fonds de Mistral AI ?').args.source, idOf('The Verge'))
    assert.equal(read('Was hat das handelsblatt gestern geschrieben?').args.source, idOf('Handelsblatt'))
  })
})

describe("agents' labels, answer languages named in any language, context topics (issue 29, third pass)", () => {
  it('an instruction with a role tag, labels and keys in Portuguese', () => {
    const u = readerOver([{ id: idOf('TechCrunch'), name: 'InfoMoney' }])('[agente de pesquisa] Objetivo: localizar matérias sobre a taxa Selic com mais de 30 dias de publicação. Fonte: infomoney. Idioma da resposta: português.')
    assert.deepEqual([u.capability, u.args.query, u.args.source, u.args.lang], ['search_stories', 'taxa Selic', idOf('TechCrunch'), 'pt'], u.understood)
  })
  check([
    { text: 'Antwortsprache: Englisch. Thema: KI', skill: 'get_latest_stories', args: { topic: 'data-ai', lang: 'en' } },
    // A topic in a context sentence names the beat only when the request names none.
    { text: 'Oi! Trabalho com comunicação corporativa e quero acompanhar melhor o setor. Você poderia me mostrar as 3 notícias mais recentes de marketing da semana passada?', skill: 'get_latest_stories', args: { topic: 'marketing', limit: 3 } },
    { text: 'top 3 from hacker news', skill: 'get_latest_stories', args: { source: idOf('Hacker News'), limit: 3 } },
    { text: 'novità dal mondo del design', skill: 'get_latest_stories', args: { topic: 'design', query: undefined } },
  ])
})

describe('names at the start, initials after "from the", section words (issue 29, third pass)', () => {
  check([
    { text: 'anything on the Nvidia export ban from the ft this week?', skill: 'search_stories', args: { query: 'Nvidia export ban', source: idOf('Financial Times') } },
    { text: 'handelsblatt von gestern', skill: 'get_latest_stories', args: { source: idOf('Handelsblatt'), query: undefined } },
    { text: 'Gibt es Finanz-News über die Zinsentscheidung der EZB aus den letzten 3 Tagen?', skill: 'search_stories', args: { query: 'Zinsentscheidung EZB' } },
    // "do dia 20 de novembro" is a date, not "of the day" and a count.
    { text: 'noticias de empreendedorismo do dia 20 de novembro', skill: 'get_latest_stories', args: { topic: 'entrepreneurship', since: '2026-11-20T00:00:00Z', limit: undefined } },
    { text: '人材系のニュースで副業解禁についてのものはある？', skill: 'search_stories', args: { query: '副業解禁' } },
  ])
})

describe('clauses about oneself, sections named, rankings after a count (issue 29, third pass)', () => {
  check([
    { text: 'Lavoro come commerciale: quali sono le ultime sulle vendite?', skill: 'get_latest_stories', args: { topic: 'sales', query: undefined } },
    { text: 'أنا صاحب شركة ناشئة، ما آخر أخبار ريادة الأعمال؟', skill: 'get_latest_stories', args: { topic: 'entrepreneurship', query: undefined } },
    { text: '人材・キャリアの分野で、リモートワークに関するニュースはある？', skill: 'search_stories', args: { query: 'リモートワーク' } },
    { text: 'Tesla and Ford, Rivian and Lucid news', skill: 'search_stories', args: { query: 'Tesla Ford Rivian Lucid' } },
    { text: "Was gibt's Neues bei Gründern und Start-ups? Die fünf wichtigsten reichen mir.", skill: 'get_latest_stories', args: { topic: 'entrepreneurship', limit: 5 } },
    { text: 'Bonjour ! Comment on se sert de vous, concrètement ?', skill: 'help', args: { lang: 'fr' } },
    { text: "find me the ft's coverage of Nvidia earnings from last week", skill: 'search_stories', args: { query: 'Nvidia earnings', source: idOf('Financial Times') } },
  ])
})

describe('publishers after "chez" and before an auxiliary (issue 29, third pass)', () => {
  const readNamed = readerOver([{ id: idOf('TechCrunch'), name: 'BFM Business' }, { id: idOf('The Verge'), name: 'Maddyness' }])
  it('"chez bfm", "maddyness a publié"', () => {
    assert.equal(readNamed('Quoi de neuf chez bfm depuis lundi ?').args.source, idOf('TechCrunch'))
    assert.equal(readNamed("Qu'est-ce que maddyness a publié la semaine dernière ?").args.source, idOf('The Verge'))
  })
  check([
    { text: 'Hola, ¿cómo se usa este asistente? Contéstame en inglés, por favor.', skill: 'help', args: { lang: 'en' } },
    { text: '公開から4日以内の生成AIの記事を探しています。', skill: 'search_stories', args: { query: '生成AI', since: '2026-11-21T00:00:00Z' } },
  ])
})

describe('context after a question, and Portuguese sections (issue 29, third pass)', () => {
  check([
    // After the request, a sentence with only a news word in it ("Überblick", "trade press") is context.
    { text: 'Was hat das Handelsblatt letzte Woche veröffentlicht? Brauche einen Überblick für unser Montagsmeeting.', skill: 'get_latest_stories', args: { source: idOf('Handelsblatt'), query: undefined } },
    { text: 'Which outlets do you actually pull from? I want to check whether my trade press is covered before I wire you into our tooling.', skill: 'list_sources', args: {} },
    { text: 'O que tem de novo na seção de Crescimento?', skill: 'get_latest_stories', args: { topic: 'growth', query: undefined } },
    { text: 'Instrução: buscar matérias sobre a taxa Selic publicadas nos últimos 3 dias, no máximo 5 resultados, resposta em português.', skill: 'search_stories', args: { query: 'taxa Selic', limit: 5, lang: 'pt' } },
  ])
})

describe('negated ages, capital letters in names, lower-case names before a comma (issue 29, third pass)', () => {
  check([
    { text: 'Handelsblatt-Artikel über Wasserstoff, nicht älter als drei Tage', skill: 'search_stories', args: { query: 'Wasserstoff', since: '2026-11-22T00:00:00Z', until: undefined } },
    { text: 'anything from techcrunch on Series A funding that is older than three weeks?', skill: 'search_stories', args: { query: 'Series A funding', source: idOf('TechCrunch') } },
    { text: 'Finanz-Nachrichten über die Zinssenkung der EZB, bitte nur 3', skill: 'search_stories', args: { query: 'Zinssenkung EZB', limit: 3 } },
    { text: 'Leadership articles from last week, just a couple', skill: 'get_latest_stories', args: { topic: 'leadership', limit: 2 } },
    { text: 'handelsblatt, die Schlagzeilen von gestern', skill: 'get_latest_stories', args: { source: idOf('Handelsblatt'), query: undefined } },
  ])
})

describe('prepositions inside a subject, month names as language evidence, politeness (issue 29, third pass)', () => {
  check([
    { text: 'Noticias sobre la inflación en la eurozona', skill: 'search_stories', args: { query: 'inflación en la eurozona' } },
    { text: 'reforma tributária entre 1 e 15 de novembro', skill: 'search_stories', args: { query: 'reforma tributária', lang: 'pt', since: '2026-11-01T00:00:00Z', until: '2026-11-16T00:00:00Z' } },
    { text: 'Je cherche les articles produit vieux de plus de 10 jours.', skill: 'get_latest_stories', args: { topic: 'product', until: '2026-11-15T00:00:00Z' } },
    { text: 'Sehr geehrte Damen und Herren, ich hätte gern die neuesten Meldungen aus dem Bereich Betrieb und Lieferketten.', skill: 'get_latest_stories', args: { topic: 'operations', query: undefined } },
    { text: 'Need a couple of Financial Times pieces on Nvidia earnings', skill: 'search_stories', args: { query: 'Nvidia earnings', limit: 2, source: idOf('Financial Times') } },
  ])
})
