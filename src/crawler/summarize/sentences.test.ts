import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { endsOnAbbreviation, splitSentences } from './sentences.ts'

type Row = [text: string, expected: string[]]

const TABLES: Record<string, Row[]> = {
  en: [
    ['Mr. Smith joined Acme Inc. in 2019. Shares rose 3.5% to $12.40.',
      ['Mr. Smith joined Acme Inc. in 2019.', 'Shares rose 3.5% to $12.40.']],
    ['It sells mostly in the U.S. The company has 300 staff.', ['It sells mostly in the U.S.', 'The company has 300 staff.']],
    ['The U.S. Treasury said so. Dr. Jane Doe and J. R. Smith agreed.', ['The U.S. Treasury said so.', 'Dr. Jane Doe and J. R. Smith agreed.']],
    ['Acme Inc. CEO Jane Doe spoke at 10 a.m. Eastern. Then she left.', ['Acme Inc. CEO Jane Doe spoke at 10 a.m. Eastern.', 'Then she left.']],
    ['“We grew. We will grow more,” she said. Is it over? “Yes!” he replied.',
      ['“We grew. We will grow more,” she said.', 'Is it over?', '“Yes!” he replied.']],
    ['He said: "It is done." Then he left.', ['He said: "It is done."', 'Then he left.']],
    ['Revenue grew.The company hired 40 people.Visit example.com for more.',
      ['Revenue grew.', 'The company hired 40 people.', 'Visit example.com for more.']],
    ['The app is called eBay. iPhone sales fell.', ['The app is called eBay.', 'iPhone sales fell.']],
    ['Wait... What happened? Nobody knows!', ['Wait...', 'What happened?', 'Nobody knows!']],
    ['The letter was written by Sens. Dick Durbin and Chris Coons. Reps. Jim Jordan and Jim Banks were rejected.',
      ['The letter was written by Sens. Dick Durbin and Chris Coons.', 'Reps. Jim Jordan and Jim Banks were rejected.']],
    ['First paragraph without a full stop\nSecond paragraph. Third sentence.',
      ['First paragraph without a full stop', 'Second paragraph.', 'Third sentence.']],
    ['Version 2.0 ships on Jan. 5 at No. 10 Downing St. in London.', ['Version 2.0 ships on Jan. 5 at No. 10 Downing St. in London.']],
  ],
  es: [
    ['El Sr. García dijo que EE.UU. crecerá. ¿Es el fin? ¡No! La empresa ganó 3,5 millones.',
      ['El Sr. García dijo que EE.UU. crecerá.', '¿Es el fin?', '¡No!', 'La empresa ganó 3,5 millones.']],
    ['La Dra. Pérez vive en la Avda. de América. Trabaja en Madrid.', ['La Dra. Pérez vive en la Avda. de América.', 'Trabaja en Madrid.']],
  ],
  fr: [
    ['M. Dupont a déclaré : « Nous allons croître. » La société a annoncé un bénéfice.',
      ['M. Dupont a déclaré : « Nous allons croître. »', 'La société a annoncé un bénéfice.']],
    ['Mme Martin, PDG de Lune, part. Elle sera remplacée par le Dr. Roy.', ['Mme Martin, PDG de Lune, part.', 'Elle sera remplacée par le Dr. Roy.']],
  ],
  de: [
    ['Am 3. Oktober stieg der Umsatz um 5 Mio. Euro, z. B. in Berlin. Das ist viel.',
      ['Am 3. Oktober stieg der Umsatz um 5 Mio. Euro, z. B. in Berlin.', 'Das ist viel.']],
    ['Er sagte: „Wir wachsen.“ Danach ging er. Der Gewinn lag bei 2,5 Mrd. Die Aktie stieg.',
      ['Er sagte: „Wir wachsen.“', 'Danach ging er.', 'Der Gewinn lag bei 2,5 Mrd.', 'Die Aktie stieg.']],
    ['Prof. Dr. Weber leitet die Firma seit 2019. Sie hat 40 Mitarbeiter.', ['Prof. Dr. Weber leitet die Firma seit 2019.', 'Sie hat 40 Mitarbeiter.']],
  ],
  it: [
    ['Il dott. Rossi è a capo della S.p.A. La società cresce.', ['Il dott. Rossi è a capo della S.p.A.', 'La società cresce.']],
    ['Il fatturato è di 3,5 mln. di euro. Lo ha detto il Sig. Bianchi.', ['Il fatturato è di 3,5 mln. di euro.', 'Lo ha detto il Sig. Bianchi.']],
  ],
  pt: [
    ['O Sr. Silva disse que a empresa cresceu 3,5%. A Dra. Souza concordou.', ['O Sr. Silva disse que a empresa cresceu 3,5%.', 'A Dra. Souza concordou.']],
    ['Quem ganhou? Ninguém sabe.', ['Quem ganhou?', 'Ninguém sabe.']],
  ],
  ja: [
    ['同社は新製品を発表した。社長は「成長を続ける。」と述べた。売上高は3.5%増えた！次は何か？',
      ['同社は新製品を発表した。', '社長は「成長を続ける。」と述べた。', '売上高は3.5%増えた！', '次は何か？']],
    ['彼は「来年は攻める。勝負の年だ」と話した。Yahoo!の株価も上昇した。',
      ['彼は「来年は攻める。勝負の年だ」と話した。', 'Yahoo!の株価も上昇した。']],
  ],
  ko: [
    ['삼성전자는 신제품을 발표했다. 매출은 3.5% 늘었다.회사는 내년 출시를 예정하고 있다',
      ['삼성전자는 신제품을 발표했다.', '매출은 3.5% 늘었다.', '회사는 내년 출시를 예정하고 있다']],
    ['정말 성장했나? 그렇다! 그는 "계속 간다."라고 말했다.', ['정말 성장했나?', '그렇다!', '그는 "계속 간다."라고 말했다.']],
  ],
  ar: [
    ['أعلنت الشركة عن أرباح قياسية. وقال د. أحمد إن النمو سيستمر؟ نعم.وأضاف أن 3.5 مليون سهم بيعت.',
      ['أعلنت الشركة عن أرباح قياسية.', 'وقال د. أحمد إن النمو سيستمر؟', 'نعم.', 'وأضاف أن 3.5 مليون سهم بيعت.']],
    ['هل ستنمو الشركة؟ربما. قال المدير ذلك!', ['هل ستنمو الشركة؟', 'ربما.', 'قال المدير ذلك!']],
  ],
}

describe('splitSentences', () => {
  for (const [lang, rows] of Object.entries(TABLES)) {
    it(`splits ${lang}`, () => {
      for (const [text, expected] of rows) assert.deepEqual(splitSentences(text, lang), expected, text)
    })
  }

  it('returns trimmed slices of the input (whitespace collapsed), nothing else', () => {
    const text = '  Growth  slowed\u00a0sharply.   The firm   said so.  \n\n  '
    const out = splitSentences(text, 'en')
    assert.deepEqual(out, ['Growth slowed sharply.', 'The firm said so.'])
    const flat = text.replace(/\s+/g, ' ')
    for (const s of out) assert.ok(flat.includes(s))
  })

  it('falls back to quote-blind splitting when a quote never closes', () => {
    const long = `He said: "${'This goes on. '.repeat(60)}`
    const out = splitSentences(long, 'en')
    assert.ok(out.length > 10)
  })

  it('treats unknown language codes like a Latin-script language', () => {
    assert.deepEqual(splitSentences('Hallo daar. Tot ziens.', 'nl'), ['Hallo daar.', 'Tot ziens.'])
  })

  it('handles empty input', () => {
    assert.deepEqual(splitSentences('', 'en'), [])
    assert.deepEqual(splitSentences(' \n\n ', 'ja'), [])
  })
})

describe('endsOnAbbreviation', () => {
  const cut = [
    ['Mr. Biden, who wants a report within 90 days, said that U.S.', 'en'],
    ['The bill was written by Sen.', 'en'],
    ['The letter was written by Sens.', 'en'],
    ['“We intend to move two things in July,” Senate Majority Leader Charles E.', 'en'],
    ['Biden answered questions following remarks outlining the new Aug.', 'en'],
    ['Le texte a été présenté par M.', 'fr'],
    ['Die Studie leitete Prof.', 'de'],
    ['The vote was led by Rep.', 'xx'],
  ] as const
  for (const [text, lang] of cut) it(`"${text}" (${lang}) stops on an abbreviation`, () => assert.ok(endsOnAbbreviation(text, lang)))
  const whole = [
    ['Acme cut 300 jobs.', 'en'],
    ['Its bonds were rated A.', 'xx'],
    ['Shares fell 3% in Aug.', 'de'],
    ['Shares of Acme Inc.', 'en'],
    ['Der Umsatz stieg um 3 Mio.', 'de'],
    ['It was filed in 2021.', 'en'],
    ['トヨタは米国で販売を伸ばした。', 'ja'],
    ['قال د.', 'ar'],
  ] as const
  for (const [text, lang] of whole) it(`"${text}" (${lang}) does not`, () => assert.ok(!endsOnAbbreviation(text, lang)))
})
