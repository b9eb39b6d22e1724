import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { detectLanguage, PUBLISHED_LANGUAGES, type LanguageGuess } from './detect-language.ts'

// Title and lead of fictional news items, one or two per language.
const T = {
  en: ['Council approves Eastside tram extension after five-year wait', "Councillors have approved a 4.2-mile extension of the city's tram network to the Eastside, ending a five-year argument over the route, the cost and who should pay for it. Construction is due to start in the spring."],
  en2: ['Storm warning issued as heavy rain moves north', 'Forecasters have issued a yellow warning for rain across much of the north-west, with up to 80mm expected on higher ground by Sunday morning. Drivers are advised to allow extra time for journeys.'],
  es: ['La sequía obliga a restringir el riego en cuarenta municipios', 'Los embalses de la cuenca del Guadalquivir se encuentran al 21 % de su capacidad, el nivel más bajo registrado en un mes de noviembre desde que existen datos, según el último informe de la confederación.'],
  es2: ['El Gobierno aprueba la subida del salario mínimo', 'El Consejo de Ministros ha aprobado este martes una subida del salario mínimo interprofesional del cuatro por ciento, que beneficiará a cerca de dos millones de trabajadores a partir del próximo mes de enero.'],
  fr: ['Lyon : le marché de Noël ouvre ses portes place Carnot', "Cent quarante chalets en bois, une patinoire et une grande roue : le marché de Noël de la place Carnot a ouvert ses portes vendredi soir, sous une pluie fine qui n'a pas découragé les premiers visiteurs."],
  fr2: ['Grève à la SNCF : le trafic sera très perturbé jeudi', "La direction prévoit un TGV sur deux et un TER sur trois en moyenne sur l'ensemble du territoire. Les syndicats réclament une hausse des salaires et dénoncent la suppression de postes dans les gares."],
  de: ['Bahn: Pünktlichkeit im Fernverkehr steigt erstmals seit Jahren', 'Die Deutsche Bahn hat im Oktober so viele Fernzüge pünktlich ans Ziel gebracht wie seit drei Jahren nicht mehr. Nach Angaben des Unternehmens erreichten 66,4 Prozent der Züge ihren Zielbahnhof.'],
  de2: ['Bundestag beschließt Reform der Grundsteuer', 'Der Bundestag hat am Donnerstag mit großer Mehrheit eine Reform der Grundsteuer beschlossen. Die Kommunen sollen künftig selbst entscheiden können, wie hoch die Abgabe für unbebaute Grundstücke ausfällt.'],
  it: ['Maltempo, allerta rossa in Liguria e Toscana', "La protezione civile ha diramato un'allerta rossa per le prossime ventiquattro ore. Le scuole resteranno chiuse in diversi comuni e i sindaci invitano i cittadini a limitare gli spostamenti allo stretto necessario."],
  it2: ['Il governo approva la manovra, ora tocca al Parlamento', 'Il Consiglio dei ministri ha approvato nella notte il disegno di legge di bilancio, che prevede un taglio del cuneo fiscale e nuove risorse per la sanità pubblica. Il testo arriverà in Senato la prossima settimana.'],
  pt: ['Governo anuncia nova linha de metrô em Belo Horizonte', 'O governo federal anunciou nesta sexta-feira a construção de uma nova linha de metrô em Belo Horizonte, com doze estações entre o centro da cidade e a região do Barreiro. O investimento previsto é de 3,2 bilhões.'],
  pt2: ['Incêndios obrigam a retirar centenas de pessoas no Algarve', 'Mais de trezentas pessoas foram retiradas das suas casas durante a noite, enquanto os bombeiros combatiam três frentes de fogo ativas. A Proteção Civil pede à população que não circule nas estradas da serra.'],
  ja: ['地方鉄道の赤字路線、三年間で二割減　国交省まとめ', '国土交通省は二十一日、全国の地方鉄道の経営状況をまとめた報告書を公表した。赤字となっている路線の数は、三年前と比べておよそ二割減少した。観光客の回復が主な要因だとしている。'],
  ja2: ['アップル、新型iPhoneを発表　AI機能を強化', '米アップルは九日、新型のiPhoneを発表した。独自のAI機能を強化し、写真の編集や文章の要約ができるようになる。価格は前のモデルから据え置いた。'],
  ko: ['서울 지하철 심야 운행 연장, 다음 달부터 시범 실시', '서울시는 다음 달부터 지하철 2호선과 5호선의 막차 시간을 평일 기준으로 한 시간 연장하는 방안을 시범 실시한다고 밝혔다.'],
  ko2: ['삼성전자, 새 Galaxy S27 공개… AI 기능 강화', ''],
  ar: ['افتتاح أكبر محطة لتحلية المياه بالطاقة الشمسية في المنطقة', 'افتُتحت يوم الخميس أكبر محطة لتحلية مياه البحر تعمل بالطاقة الشمسية في المنطقة، بطاقة إنتاجية تبلغ ثلاثمائة ألف متر مكعب من المياه العذبة يومياً.'],
  ar2: ['آبل تطلق iPhone 17 Pro الجديد', ''],
  nl: ['Kabinet trekt extra geld uit voor woningbouw', 'Het kabinet trekt de komende vier jaar twee miljard euro extra uit voor de bouw van betaalbare huurwoningen. Gemeenten kunnen vanaf volgend jaar subsidie aanvragen voor projecten die snel kunnen starten.'],
  zh: ['北京发布新能源汽车补贴新政策', '北京市政府二十日发布通知，将延长新能源汽车购置补贴政策至明年年底。符合条件的消费者购买纯电动汽车可获得最高一万元的补贴。'],
  ru: ['В Москве открылась новая станция метро', 'В столице в субботу открылась новая станция Большой кольцевой линии метро. По словам мэра, она позволит сократить время в пути для жителей нескольких районов на двадцать минут.'],
  fa: ['افتتاح خط جدید مترو در تهران', 'خط جدید مترو تهران روز شنبه با حضور شهردار افتتاح شد. این خط هشت ایستگاه دارد و پیش‌بینی می‌شود روزانه صد هزار مسافر را جابجا کند.'],
  el: ['Νέα γραμμή μετρό στη Θεσσαλονίκη', 'Η νέα γραμμή του μετρό της Θεσσαλονίκης άνοιξε σήμερα για το κοινό, με δεκατρείς σταθμούς.'],
  gl: ['O Concello aproba os orzamentos', 'O Concello de Vigo aprobou onte o orzamento para o próximo ano, que inclúe novas axudas para a rehabilitación de vivendas no casco vello.'],
  enJaQuote: ["Tokyo's new governor sets out her plans", 'The new governor, who campaigned under the slogan 東京を変える ("change Tokyo"), promised to expand childcare and to review the budget for the bay-area redevelopment within her first hundred days.'],
} as const

type Key = keyof typeof T
interface Row {
  name: string
  declared: string | null
  input: Key | [string, string]
  expect: Partial<LanguageGuess>
}

const row = (name: string, declared: string | null, input: Row['input'], lang: string | null, source: LanguageGuess['source'], reliable?: boolean): Row =>
  ({ name, declared, input, expect: reliable === undefined ? { lang, source } : { lang, source, reliable } })

const TABLE: Row[] = [
  // English
  row('en declared and confirmed', 'en', 'en', 'en', 'declared', true),
  row('en declared as en-GB', 'en-GB', 'en2', 'en', 'declared', true),
  row('en undeclared', null, 'en2', 'en', 'detected', true),
  row('en story quoting Japanese keeps en', 'en', 'enJaQuote', 'en', 'declared', true),
  // Spanish
  row('es declared', 'es', 'es', 'es', 'declared', true),
  row('es undeclared', null, 'es2', 'es', 'detected', true),
  row('es text under a CMS-default en', 'en', 'es2', 'es', 'detected', true),
  row('es under a declared pt', 'pt', 'es', 'es', 'detected', true),
  // French
  row('fr declared', 'fr-FR', 'fr', 'fr', 'declared', true),
  row('fr undeclared', null, 'fr2', 'fr', 'detected', true),
  row('fr under a declared it', 'it', 'fr2', 'fr', 'detected', true),
  // German
  row('de declared', 'de-DE', 'de', 'de', 'declared', true),
  row('de undeclared', null, 'de2', 'de', 'detected', true),
  row('de under a declared en', 'en', 'de2', 'de', 'detected', true),
  // Italian
  row('it declared', 'it', 'it', 'it', 'declared', true),
  row('it undeclared', null, 'it2', 'it', 'detected', true),
  // Portuguese
  row('pt declared as pt_BR', 'pt_BR', 'pt', 'pt', 'declared', true),
  row('pt undeclared', null, 'pt2', 'pt', 'detected', true),
  row('pt under a declared es', 'es', 'pt', 'pt', 'detected', true),
  // Japanese
  row('ja declared', 'ja', 'ja', 'ja', 'declared', true),
  row('ja undeclared (kana)', null, 'ja', 'ja', 'script', true),
  row('ja with Latin brand names', null, 'ja2', 'ja', 'script', true),
  row('ja items in a feed declaring en', 'en', 'ja2', 'ja', 'script', true),
  row('ja under a declared zh (kana decides)', 'zh-CN', 'ja', 'ja', 'script', true),
  row('kanji-only headline under a declared ja stays ja', 'ja', ['日銀総裁会見', ''], 'ja', 'declared', false),
  // Korean
  row('ko declared', 'ko', 'ko', 'ko', 'declared', true),
  row('ko undeclared', null, 'ko', 'ko', 'script', true),
  row('ko headline with Latin product names', null, 'ko2', 'ko', 'script', true),
  row('ko under a declared ja', 'ja', 'ko', 'ko', 'script', true),
  // Arabic
  row('ar declared', 'ar', 'ar', 'ar', 'declared', true),
  row('ar undeclared', null, 'ar', 'ar', 'script', true),
  row('ar headline with Latin product names', null, 'ar2', 'ar', 'script', true),
  row('ar items in a feed declaring en', 'en', 'ar', 'ar', 'script', true),
  // Other languages: returned as detected, the caller decides
  row('nl undeclared', null, 'nl', 'nl', 'detected', true),
  row('nl declared', 'nl', 'nl', 'nl', 'declared', true),
  row('nl under a declared de', 'de', 'nl', 'nl', 'detected', true),
  row('zh undeclared (Han only)', null, 'zh', 'zh', 'script', true),
  row('zh declared zh-Hant-TW', 'zh-Hant-TW', 'zh', 'zh', 'declared', true),
  row('short kanji-only headline undeclared: zh, unreliable', null, ['日銀総裁会見', ''], 'zh', 'script', false),
  row('ru undeclared', null, 'ru', 'ru', 'detected', true),
  row('ru items in a feed declaring en', 'en', 'ru', 'ru', 'detected', true),
  row('fa undeclared (Persian letters → eld, not ar)', null, 'fa', 'fa', 'detected', true),
  row('fa under a declared ar', 'ar', 'fa', 'fa', 'detected', true),
  row('fa declared', 'fa', 'fa', 'fa', 'declared', true),
  row('el undeclared', null, 'el', 'el', 'script', true),
  row('gl declared stands (eld does not know Galician)', 'gl', 'gl', 'gl', 'declared', false),
  // Not enough evidence to overrule a declaration
  row('short title does not overrule es ("Real Madrid 2-1 Barcelona" reads as Catalan to eld)', 'es', ['Real Madrid 2-1 Barcelona', ''], 'es', 'declared', false),
  row('short title does not overrule de ("Tour de France 2026" reads as French)', 'de', ['Tour de France 2026', ''], 'de', 'declared', false),
  row('short English title does not overrule fr', 'fr', ['Paris Saint-Germain beat Monaco', ''], 'fr', 'declared'),
  // Degenerate input
  row('nothing to read, declared', 'fr', ['', ''], 'fr', 'declared', false),
  row('nothing to read, undeclared', null, ['', ''], null, 'detected', false),
  row('digits and punctuation only', null, ['2026 — 3:1 (1:0)', '12 / 45 %'], null, 'detected', false),
  row('an invalid declaration is ignored', 'English', 'en', 'en', 'detected', true),
]

function run(r: Row): LanguageGuess {
  const [title, text] = typeof r.input === 'string' ? T[r.input] : r.input
  return detectLanguage({ declared: r.declared, title, text })
}

describe('detectLanguage', () => {
  it(`decides every row of the table (${TABLE.length} rows)`, () => {
    const failures: string[] = []
    for (const r of TABLE) {
      const got = run(r)
      const picked = Object.fromEntries(Object.keys(r.expect).map((k) => [k, got[k as keyof LanguageGuess]]))
      try {
        assert.deepEqual(picked, r.expect)
      } catch {
        failures.push(`${r.name}: expected ${JSON.stringify(r.expect)}, got ${JSON.stringify(got)}`)
      }
    }
    assert.deepEqual(failures, [])
  })

  it('covers each published language with at least two rows', () => {
    for (const lang of PUBLISHED_LANGUAGES) assert.ok(TABLE.filter((r) => r.expect.lang === lang).length >= 2, lang)
  })

  it('reads only the first 1,000 characters of text', () => {
    const text = `${T.de[1]} ${'x'.repeat(1000)} ${T.fr[1].repeat(40)}`
    assert.equal(detectLanguage({ declared: null, title: T.de[0], text }).lang, 'de')
  })
})
