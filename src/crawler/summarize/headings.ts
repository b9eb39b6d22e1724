/**
 * Card themes and their headings. A heading is chosen from what the card's sentence visibly contains (a quotation,
 * figures, a future tense or date, a causal or superlative phrase, a past reference), so it stays true for any story;
 * when nothing stands out the heading is a neutral one: "What happened" (a plain sentence from the top of the article),
 * "Details", "More details", "Also".
 */
import type { Language } from '../../domain/languages.ts'

export const THEMES = ['happened', 'details', 'numbers', 'quotes', 'matters', 'background', 'next', 'more', 'also'] as const
export type Theme = (typeof THEMES)[number]

/** Cards are shown in this order (the story's arc), whatever order they were picked in. */
export const THEME_ORDER: readonly Theme[] = ['happened', 'details', 'numbers', 'quotes', 'matters', 'background', 'more', 'also', 'next']

export const HEADINGS: Record<Theme, Record<Language, string>> = {
  happened: {
    en: 'What happened', es: 'Qué ha pasado', fr: 'Ce qui s\'est passé', de: 'Was passiert ist', it: 'Cosa è successo',
    pt: 'O que aconteceu', ja: '何が起きたか', ko: '무슨 일이 있었나', ar: 'ماذا حدث',
  },
  details: {
    en: 'Details', es: 'Detalles', fr: 'Détails', de: 'Details', it: 'Dettagli',
    pt: 'Detalhes', ja: '詳細', ko: '세부 내용', ar: 'التفاصيل',
  },
  numbers: {
    en: 'Key numbers', es: 'Las cifras', fr: 'Les chiffres clés', de: 'Die Zahlen', it: 'I numeri',
    pt: 'Os números', ja: '主な数字', ko: '주요 수치', ar: 'أرقام رئيسية',
  },
  quotes: {
    en: 'What they said', es: 'Lo que dijeron', fr: 'Ce qu\'ils ont dit', de: 'Was gesagt wurde', it: 'Cosa hanno detto',
    pt: 'O que disseram', ja: '発言', ko: '주요 발언', ar: 'ماذا قالوا',
  },
  matters: {
    en: 'Why it matters', es: 'Por qué importa', fr: 'Pourquoi c\'est important', de: 'Warum das wichtig ist',
    it: 'Perché è importante', pt: 'Por que importa', ja: 'なぜ重要か', ko: '왜 중요한가', ar: 'لماذا يهم',
  },
  background: {
    en: 'Background', es: 'Contexto', fr: 'Contexte', de: 'Hintergrund', it: 'Il contesto',
    pt: 'Contexto', ja: '背景', ko: '배경', ar: 'خلفية',
  },
  next: {
    en: 'What\'s next', es: 'Qué viene ahora', fr: 'La suite', de: 'Wie es weitergeht', it: 'I prossimi passi',
    pt: 'Próximos passos', ja: '今後の見通し', ko: '향후 전망', ar: 'ما التالي',
  },
  more: {
    en: 'More details', es: 'Más detalles', fr: 'Autres détails', de: 'Weitere Details', it: 'Altri dettagli',
    pt: 'Mais detalhes', ja: 'その他の詳細', ko: '추가 내용', ar: 'تفاصيل أخرى',
  },
  also: {
    en: 'Also', es: 'Además', fr: 'Par ailleurs', de: 'Außerdem', it: 'Inoltre',
    pt: 'Além disso', ja: 'そのほか', ko: '그 밖에', ar: 'كذلك',
  },
}

/** Alternatives matched as whole words (letters or digits may not touch either end); `\\d` etc. allowed inside. */
function words(alternatives: string[]): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(${alternatives.join('|')})(?![\\p{L}\\p{N}])`, 'iu')
}
/** For scripts without spaces between words: plain substrings. */
const plain = (alternatives: string[]): RegExp => new RegExp(alternatives.join('|'), 'u')

const MONTHS_EN = 'january|february|march|april|may|june|july|august|september|october|november|december'

const FUTURE: Record<Language, RegExp> = {
  en: words(['will', 'won\'t', 'plans? to', 'planned', 'expects? to', 'expected to', '(is|are) set to', 'intends? to',
    'aims? to', 'next (week|month|quarter|year|spring|summer|autumn|fall|winter)', 'later this (week|month|quarter|year)',
    `from (${MONTHS_EN}|next)`, 'by (the end of )?(20\\d\\d|next)', 'in the coming (weeks|months|years)', 'upcoming',
    'scheduled', '(is|are) due to', '(is|are) going to']),
  es: words(['prevé', 'prevén', 'planea', 'planean', 'tiene previsto', 'tienen previsto', 'está previsto', 'próxim[oa]s?',
    'a partir de', 'el año que viene', 'hasta (20\\d\\d|finales)', 'en los próximos', '\\p{L}{2,}(ará|arán|erá|erán|irá|irán)']),
  fr: words(['prévoit', 'prévoient', 'devrait', 'devraient', 'va', 'vont', 'l\'an prochain', 'l\'année prochaine',
    'à partir d[eu]', 'd\'ici (à )?(20\\d\\d|la fin)', 'prochaine?s?', 'sera', 'seront', 'aura', 'auront',
    '\\p{L}{3,}(era|eront|ira|iront)']),
  de: words(['wird', 'werden', 'soll', 'sollen', 'plant', 'planen', 'will', 'wollen', 'künftig', 'nächste[nrsm]?',
    'ab (januar|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember|dem|nächst\\p{L}*)',
    'bis (ende )?20\\d\\d', 'kommende[nrsm]?', 'voraussichtlich']),
  it: words(['prevede', 'prevedono', 'intende', 'intendono', 'punta a', 'dovrebbe', 'dovrebbero', 'prossim[oaie]',
    'entro (il |la fine|fine)', 'a partire da', 'sarà', 'saranno', '\\p{L}{2,}(erà|eranno|irà|iranno|arà|aranno)']),
  pt: words(['prevê', 'preveem', 'planeja', 'planeia', 'pretende', 'pretendem', 'deverá', 'deverão', 'vai', 'vão',
    'próxim[oa]s?', 'a partir de', 'até (20\\d\\d|o fim|ao fim)', '\\p{L}{2,}(ará|arão|erá|erão|irá|irão)']),
  ja: plain(['予定', '見通し', '方針', '計画', '来年', '来月', '来週', '来期', '今後', '目指す', '目標', '見込み', 'する考え']),
  ko: plain(['예정', '계획', '전망', '내년', '다음 달', '향후', '목표', '방침', '할 것', '될 것']),
  ar: plain(['سوف', 'من المتوقع', 'يتوقع', 'تتوقع', 'تعتزم', 'يعتزم', 'تخطط', 'يخطط', 'المقبل', 'المقبلة', 'بحلول']),
}

const MATTERS: Record<Language, RegExp> = {
  en: words(['because', 'as a result', 'which means', 'meaning that', 'means that', 'for the first time', 'first-ever',
    'largest', 'biggest', 'record', 'significant', 'important', 'crucial', 'underscores', 'highlights', 'signals?',
    'marks', 'impact', 'affects?', 'risks?', 'threatens?']),
  es: words(['porque', 'ya que', 'lo que supone', 'lo que significa', 'por primera vez', 'el mayor', 'la mayor', 'récord',
    'importante', 'impacto', 'clave', 'riesgos?', 'refleja', 'supone']),
  fr: words(['parce que', 'ce qui signifie', 'pour la première fois', 'le plus grand', 'la plus grande', 'record',
    'importante?', 'impact', 'clé', 'risques?', 'marque', 'souligne']),
  de: words(['weil', 'was bedeutet', 'erstmals', 'zum ersten mal', 'größte[nrsm]?', 'rekord\\p{L}*', 'wichtig\\p{L}*',
    'auswirkungen', 'risik\\p{L}*', 'unterstreicht']),
  it: words(['perché', 'poiché', 'il che significa', 'per la prima volta', 'il più grande', 'la più grande', 'record',
    'importante', 'impatto', 'chiave', 'rischi[oi]?', 'segna', 'sottolinea']),
  pt: words(['porque', 'pois', 'o que significa', 'pela primeira vez', 'o maior', 'a maior', 'recorde', 'importante',
    'impacto', 'chave', 'riscos?', 'reflete']),
  ja: plain(['ため', '初めて', '過去最高', '過去最大', '最大', '影響', '重要', '意味する', '懸念', 'リスク', '初の']),
  ko: plain(['때문', '처음', '사상 최대', '최대', '최초', '영향', '중요', '의미', '우려', '위험']),
  ar: plain(['لأن', 'بسبب', 'لأول مرة', 'الأكبر', 'قياسي', 'أهمية', 'تأثير', 'مخاطر', 'يعني']),
}

const PAST: Record<Language, RegExp> = {
  en: words(['previously', 'earlier (this|last) (year|month|week)', 'last (year|month|week|quarter|spring|summer|autumn|fall|winter)',
    'founded', 'was established', 'since (19|20)\\d\\d', 'years ago', 'months ago', 'had( been| already)?', 'formerly',
    'former', 'originally']),
  es: words(['anteriormente', 'el año pasado', 'fundad[oa]', 'desde (19|20)\\d\\d', 'hace \\d+ (años|meses)', 'había',
    'previamente']),
  fr: words(['auparavant', 'l\'an dernier', 'l\'année dernière', 'fondée?', 'depuis (19|20)\\d\\d', 'il y a',
    'avait', 'précédemment']),
  de: words(['zuvor', 'vergangenen jahr', 'im vorjahr', 'gegründet', 'seit (19|20)\\d\\d', 'vor \\d+ jahren', 'hatte',
    'bisher', 'bereits']),
  it: words(['in precedenza', 'l\'anno scorso', 'fondat[oa]', 'dal (19|20)\\d\\d', 'anni fa', 'aveva', 'finora']),
  pt: words(['anteriormente', 'no ano passado', 'fundad[oa]', 'desde (19|20)\\d\\d', 'anos atrás', 'há \\d+ anos',
    'tinha', 'havia', 'até agora']),
  ja: plain(['昨年', '前年', 'これまで', '以前', '設立', '創業', 'かつて', '年前']),
  ko: plain(['지난해', '작년', '이전', '그동안', '설립', '창업', '앞서', '년 전']),
  ar: plain(['العام الماضي', 'سابقا', 'تأسست', 'تأسس', 'منذ', 'في السابق']),
}

/** A quotation of at least a few words: “…”, "…", «…», „…“, 「…」. */
const QUOTATION = /“[^”]{12,}”|"[^"]{12,}"|«[^»]{12,}»|„[^“”]{12,}[“”]|「[^」]{6,}」|『[^』]{6,}』/u

const SCALE = /%|percent|per cent|por ciento|pour cent|prozent|per cento|por cento|[$€£¥₩]|\b(million|billion|trillion|bn|mn|millones|millón|mil millones|millions?|milliards?|millionen|milliarden|mio|mrd|milioni|miliardi|milhões|milhão|bilhões|bilhão|mil)\b|万|億|兆|억|만|조|مليون|ملايين|مليار|مليارات|بالمئة|في المئة|%/iu

/** Figures that say something (a year alone does not): two numbers, or one with a unit, currency or scale. */
export function hasKeyFigures(sentence: string): boolean {
  const numbers = (sentence.match(/\d+(?:[.,]\d+)*/gu) ?? []).filter((n) => !/^(19|20)\d\d$/.test(n))
  if (numbers.length >= 2) return true
  return numbers.length === 1 && SCALE.test(sentence)
}

/** The sentence refers to the future ("will", "plans to", "next week"). */
export const refersToFuture = (sentence: string, lang: Language): boolean => FUTURE[lang].test(sentence)

/** The sentence refers to the past ("previously", "last year", "since 2000", "had"): background to the news. */
export const refersToPast = (sentence: string, lang: Language): boolean => PAST[lang].test(sentence)

/**
 * The theme a card built on this sentence gets. `early` means the sentence comes from the first lines of its article
 * (so "What happened" is a fair heading for an otherwise plain sentence).
 */
export function themeOf(sentence: string, lang: Language, early: boolean): Theme {
  if (QUOTATION.test(sentence)) return 'quotes'
  if (FUTURE[lang].test(sentence)) return 'next'
  if (hasKeyFigures(sentence)) return 'numbers'
  if (MATTERS[lang].test(sentence)) return 'matters'
  if (PAST[lang].test(sentence)) return 'background'
  return early ? 'happened' : 'details'
}
