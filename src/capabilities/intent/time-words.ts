import type { Language } from '../../domain/languages.ts'

/**
 * How people write dates and time spans in the nine languages, as regular-expression sources (case is ignored).
 * A phrase pattern holds placeholders the reader fills in: `{D}` a date ("20 November", "1. November", "11月20日",
 * "2026-11-20", a month, a year), `{N}` a span with an optional count ("two weeks", "3 días", "24時間", "أسبوعين"),
 * `{NN}` a span with a count, `{W}` a day of the week. A space stands for any run of spaces.
 */

export type Unit = 'hour' | 'day' | 'week' | 'month' | 'year'

/** Month names (lower case, with the spellings people type without accents) → 0..11. */
export const MONTH_NAMES: Record<string, number> = Object.fromEntries([
  ['january', 'jan', 'enero', 'janvier', 'januar', 'jänner', 'gennaio', 'janeiro', 'يناير', 'كانون الثاني'],
  ['february', 'feb', 'febrero', 'février', 'fevrier', 'februar', 'febbraio', 'fevereiro', 'فبراير', 'شباط'],
  ['march', 'mar', 'marzo', 'mars', 'märz', 'maerz', 'março', 'marco', 'مارس', 'آذار'],
  ['april', 'apr', 'abril', 'avril', 'aprile', 'أبريل', 'ابريل', 'إبريل', 'نيسان'],
  ['may', 'mayo', 'mai', 'maggio', 'maio', 'مايو', 'أيار'],
  ['june', 'jun', 'junio', 'juin', 'juni', 'giugno', 'junho', 'يونيو', 'يونيه', 'حزيران'],
  ['july', 'jul', 'julio', 'juillet', 'juli', 'luglio', 'julho', 'يوليو', 'يوليه', 'تموز'],
  ['august', 'aug', 'agosto', 'août', 'aout', 'أغسطس', 'اغسطس', 'آب'],
  ['september', 'sep', 'sept', 'septiembre', 'setiembre', 'septembre', 'settembre', 'setembro', 'سبتمبر', 'أيلول'],
  ['october', 'oct', 'octubre', 'octobre', 'oktober', 'ottobre', 'outubro', 'أكتوبر', 'اكتوبر', 'تشرين الأول'],
  ['november', 'nov', 'noviembre', 'novembre', 'novembro', 'نوفمبر', 'تشرين الثاني'],
  ['december', 'dec', 'diciembre', 'décembre', 'decembre', 'dezember', 'dicembre', 'dezembro', 'ديسمبر', 'كانون الأول'],
].flatMap((names, month) => names.map((name) => [name, month])))

/** Abbreviations that are also words ("may", "mar", "jun"): a month only next to a day number. */
export const SHORT_MONTHS = new Set(['jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec'])

/** Days of the week per language, Sunday first; several spellings of a day separated by "|". */
export const WEEKDAYS: Record<Language, string[]> = {
  en: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'],
  es: ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'],
  fr: ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'],
  de: ['sonntag', 'montag', 'dienstag', 'mittwoch', 'donnerstag', 'freitag', 'samstag|sonnabend'],
  it: ['domenica', 'lunedì', 'martedì', 'mercoledì', 'giovedì', 'venerdì', 'sabato'],
  pt: ['domingo', 'segunda-feira|segunda', 'terça-feira|terça', 'quarta-feira|quarta', 'quinta-feira|quinta', 'sexta-feira|sexta', 'sábado'],
  ja: ['日曜日|日曜', '月曜日|月曜', '火曜日|火曜', '水曜日|水曜', '木曜日|木曜', '金曜日|金曜', '土曜日|土曜'],
  ko: ['일요일', '월요일', '화요일', '수요일', '목요일', '금요일', '토요일'],
  ar: ['الأحد', 'الاثنين|الإثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'],
}

/** Span units as written, per language. Arabic duals ("أسبوعين", two weeks) count 2. */
export const UNIT_WORDS: Record<Unit, Record<Language, string[]>> = {
  hour: {
    en: ['hours', 'hour', 'hrs', 'hr'], es: ['horas', 'hora'], fr: ['heures', 'heure'], de: ['stunden', 'stunde', 'std'],
    it: ['ore', 'ora'], pt: ['horas', 'hora'], ja: ['時間'], ko: ['시간'], ar: ['ساعات', 'ساعة', 'ساعه', 'ساعتين'],
  },
  day: {
    en: ['days', 'day'], es: ['días', 'dias', 'día', 'dia'], fr: ['jours', 'jour'], de: ['tagen', 'tage', 'tag'],
    it: ['giorni', 'giorno'], pt: ['dias', 'dia'], ja: ['日間', '日'], ko: ['일간', '일', '이틀'], ar: ['أيام', 'ايام', 'يومين', 'يوما', 'يومًا', 'يوم'],
  },
  week: {
    en: ['weeks', 'week', 'wks', 'fortnight'], es: ['semanas', 'semana'], fr: ['semaines', 'semaine'], de: ['wochen', 'woche'],
    it: ['settimane', 'settimana'], pt: ['semanas', 'semana'], ja: ['週間', '週'], ko: ['주일', '주'],
    ar: ['أسابيع', 'اسابيع', 'أسبوعين', 'اسبوعين', 'أسبوعا', 'أسبوع', 'اسبوع'],
  },
  month: {
    en: ['months', 'month'], es: ['meses', 'mes'], fr: ['mois'], de: ['monaten', 'monate', 'monat'], it: ['mesi', 'mese'],
    pt: ['meses', 'mês', 'mes'], ja: ['か月', 'ヶ月', 'カ月', 'ヵ月', 'ケ月'], ko: ['개월', '달'], ar: ['أشهر', 'اشهر', 'شهور', 'شهرين', 'شهر'],
  },
  year: {
    en: ['years', 'year'], es: ['años', 'año'], fr: ['années', 'année', 'ans', 'an'], de: ['jahren', 'jahre', 'jahr'],
    it: ['anni', 'anno'], pt: ['anos', 'ano'], ja: ['年間', '年'], ko: ['년'], ar: ['سنوات', 'سنتين', 'سنة', 'أعوام', 'عامين', 'عام'],
  },
}

/** Units that count two on their own: Arabic duals, the English fortnight, the Korean 이틀. */
export const DUAL_UNITS = new Set(['fortnight', '이틀', 'ساعتين', 'يومين', 'أسبوعين', 'اسبوعين', 'شهرين', 'سنتين', 'عامين'])

/** Counts written as words, as they appear in spans ("two weeks", "una semana", "한 달"). */
export const COUNT_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12,
  fourteen: 14, fifteen: 15, twenty: 20, thirty: 30, 'a couple of': 2, 'a couple': 2,
  un: 1, una: 1, uno: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, diez: 10, quince: 15, veinte: 20, treinta: 30,
  une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, sept: 7, huit: 8, dix: 10, quinze: 15, vingt: 20, trente: 30,
  ein: 1, eine: 1, einem: 1, einer: 1, einen: 1, zwei: 2, drei: 3, vier: 4, fünf: 5, sechs: 6, sieben: 7, acht: 8, zehn: 10, vierzehn: 14, zwanzig: 20, dreißig: 30,
  due: 2, tre: 3, quattro: 4, cinque: 5, sei: 6, sette: 7, otto: 8, dieci: 10, quindici: 15, venti: 20, trenta: 30,
  um: 1, uma: 1, dois: 2, duas: 2, três: 3, quatro: 4, oito: 8, dez: 10, vinte: 20, trinta: 30,
  // 일 is also 'one' before 주일 (week): 일주일.
  한: 1, 두: 2, 세: 3, 네: 4, 일: 1,
  // Kanji numerals: "過去三日間".
  一: 1, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10, 十四: 14, 二十: 20, 三十: 30,
  واحد: 1, اثنين: 2, ثلاثة: 3, ثلاث: 3, أربعة: 4, أربع: 4, خمسة: 5, خمس: 5, ستة: 6, سبعة: 7, ثمانية: 8, تسعة: 9, عشرة: 10,
  // Arabic writes a definite count after its unit: "الأيام الثلاثة" (the three days).
  الثلاثة: 3, الأربعة: 4, الخمسة: 5, الستة: 6, السبعة: 7, العشرة: 10,
  // With a feminine unit (الساعات): "الساعات الست الماضية".
  الثلاث: 3, الأربع: 4, الخمس: 5, الست: 6, السبع: 7, العشر: 10, ست: 6, سبع: 7, عشر: 10,
}

/** What a phrase means for the window. */
export type PhraseKind =
  | 'since' | 'until' | 'before' | 'after' | 'on' | 'between'
  | 'older' | 'newer' | 'ago'
  | 'since-weekday' | 'last-weekday' | 'on-weekday'
  | 'today' | 'yesterday' | 'day-before-yesterday' | 'this-week' | 'last-week' | 'this-month' | 'last-month'
  | 'this-year' | 'last-year'

/** Named periods may also be read as a start: "since yesterday", "desde ayer", "昨日から". */
export type PeriodKind = Extract<PhraseKind, 'today' | 'yesterday' | 'day-before-yesterday' | 'this-week' | 'last-week' | 'this-month' | 'last-month' | 'this-year' | 'last-year'>

export type PhraseTable = Partial<Record<PhraseKind, string[]>> & {
  /** Words before a named period that make it a start ("since", "desde"); `{P}` is where the period goes. */
  sincePeriod?: string[]
}

/**
 * Phrases per language. Order within a kind does not matter (the longest match wins); kinds are tried in the
 * order of PHRASE_ORDER in time-window.ts, most specific first.
 */
export const TIME_PHRASES: Record<Language, PhraseTable> = {
  en: {
    between: ['between {D} and {D}', 'from {D} (?:to|till|until|through) {D}', '{D} (?:to|till|until|through) {D}'],
    older: ['older than {N}', 'more than {N} old', 'at least {N} old', 'over {N} old', '{NN} or older', '{NN} old or more'],
    newer: ['newer than {N}', 'less than {N} old', 'under {N} old', 'no older than {N}', 'not older than {N}', 'within (?:the )?(?:last |past )?{N}',
      '(?:(?:in|over|during|for|from) )?the (?:last|past|previous) {N}', '(?:(?:in|over|during|for|from) )?(?:the )?past {N}', 'last {NN}'],
    ago: ['{NN} ago'],
    before: ['before {D}', 'prior to {D}', 'earlier than {D}', 'older than {D}'],
    after: ['after {D}', 'later than {D}', 'newer than {D}'],
    since: ['since {D}', 'starting (?:from |on )?{D}', 'as of {D}', '(?:from|after) {D} (?:on|onwards?|forward)'],
    until: ['until {D}', 'till {D}', 'up to {D}', 'up until {D}', 'through {D}'],
    on: ['(?:on|from|of|in|during) (?:the )?{D}'],
    // "Since" a day, with the words that say it is the last one before or after it: "desde el viernes pasado".
    'since-weekday': ['since (?:last )?{W}'],
    'last-weekday': ['last {W}'],
    'on-weekday': ['(?:on |from )?{W}(?:\'s)?'],
    'day-before-yesterday': ['the day before yesterday'],
    today: ['today(?:\'s)?', 'this morning', 'of the day'],
    yesterday: ['yesterday(?:\'s)?'],
    'this-week': ['this week(?:\'s)?', 'of the week'],
    'last-week': ['(?<!(?:the|past|over|during) )last week(?:\'s)?', '(?:the )?previous week', 'the week before'],
    'this-month': ['this month(?:\'s)?'],
    'last-month': ['(?<!(?:the|past|over|during) )last month(?:\'s)?', '(?:the )?previous month'],
    'this-year': ['this year(?:\'s)?'],
    'last-year': ['(?<!(?:the|past|over|during) )last year(?:\'s)?'],
    sincePeriod: ['since {P}'],
  },
  es: {
    between: ['entre (?:el )?{D} y (?:el )?{D}', 'del? {D} al? {D}', 'desde (?:el )?{D} hasta (?:el )?{D}'],
    older: ['(?:con|de) más de {N}(?: de antigüedad)?', '(?:con|de) mas de {N}(?: de antiguedad)?', 'de hace más de {N}', 'anteriores a hace {N}', 'más antigu[oa]s? (?:que|de) {N}'],
    newer: ['(?:con|de) menos de {N}(?: de antigüedad)?', 'más recientes? (?:que|de) {N}', '(?:en |de |durante )?(?:los|las) (?:últim[oa]s|ultim[oa]s) {N}', '(?:últim[oa]s|ultim[oa]s) {NN}', 'desde hace {NN}'],
    ago: ['hace {NN}'],
    before: ['antes del? {D}', 'anteriores? al? {D}', 'previ[oa]s? al? {D}'],
    after: ['después del? {D}', 'despues del? {D}', 'posteriores? al? {D}', 'tras el {D}'],
    since: ['desde (?:el )?{D}', 'a partir del? {D}'],
    until: ['hasta (?:el )?{D}'],
    on: ['(?:el|del|de|en|durante) {D}'],
    'since-weekday': ['desde (?:el )?{W}(?: pasado)?'],
    'last-weekday': ['(?:el )?{W} pasado'],
    'on-weekday': ['(?:el |del )?{W}'],
    'day-before-yesterday': ['anteayer', 'antier', 'antes de ayer'],
    today: ['hoy', 'esta mañana', 'esta manana', 'del día(?! \\d)', 'del dia(?! \\d)'],
    yesterday: ['ayer'],
    'this-week': ['esta semana', 'de la semana(?! pasada| anterior)'],
    // "La última semana", "el último mes": the previous calendar week and month, as "la semana pasada".
    'last-week': ['(?:la )?semana pasada', '(?:la )?semana anterior', '(?:la |de la |en la )?(?:última|ultima) semana'],
    'this-month': ['este mes'],
    'last-month': ['(?:el )?mes pasado', '(?:el )?mes anterior', '(?:el |del |en el )?(?:último|ultimo) mes'],
    'this-year': ['este año'],
    'last-year': ['(?:el )?año pasado'],
    sincePeriod: ['desde {P}'],
  },
  fr: {
    between: ['entre (?:le )?{D} et (?:le )?{D}', 'du {D} au {D}'],
    older: ["(?:vieux|vieille|vieilles|ancien|anciens|ancienne|anciennes) de plus d(?:e |['’]){N}", "(?:qui )?dat(?:ent|ant|e) de plus d(?:e |['’]){N}", "de plus d(?:e |['’]){N}", 'plus (?:vieux|vieille|vieilles|anciens?|anciennes?) que {N}', "il y a plus d(?:e |['’]){N}"],
    newer: ["de moins d(?:e |['’]){N}", 'plus récent(?:e|s|es)? que {N}', '(?:au cours |lors )?(?:des|les|ces) {NN} derni(?:er|ère)s', '(?:des|les|ces) derni(?:ers|ères) {NN}', 'depuis {NN}'],
    ago: ['il y a {NN}'],
    before: ['avant (?:le )?{D}', 'antérieur(?:e|s|es)? (?:au|à) {D}', "d['’]avant (?:le )?{D}"],
    after: ['après (?:le )?{D}', 'postérieur(?:e|s|es)? (?:au|à) {D}'],
    since: ['depuis (?:le )?{D}', 'à partir du {D}', 'à compter du {D}'],
    until: ["jusqu['’](?:au|à) {D}"],
    on: ['(?:le|du|de|en|pendant) {D}'],
    'since-weekday': ['depuis (?:le )?{W}(?: dernier)?'],
    'last-weekday': ['{W} dernier'],
    'on-weekday': ['(?:le |de |du )?{W}'],
    'day-before-yesterday': ['avant-hier'],
    today: ["aujourd['’]hui", 'ce matin', 'du jour'],
    yesterday: ['hier'],
    // With or without the article and its contractions: "la semaine dernière", "de la semaine passée", "du mois dernier".
    'this-week': ['cette semaine', 'de la semaine(?! derni| pass| pr[eé]c| [eé]coul)'],
    'last-week': ['(?:la )?semaine (?:dernière|derniere|passée|passee|précédente|precedente|écoulée|ecoulee)'],
    'this-month': ['ce mois(?:-ci)?'],
    'last-month': ['(?:(?:le|du|au) )?mois (?:dernier|passé|passe|précédent|precedent|écoulé|ecoule)'],
    'this-year': ['cette année'],
    'last-year': ["l['’]année dernière", "l['’]an dernier"],
    sincePeriod: ['depuis {P}'],
  },
  de: {
    between: ['zwischen (?:dem )?{D} und (?:dem )?{D}', 'vom {D} bis (?:zum )?{D}'],
    older: ['älter als {N}', 'mehr als {N} alt', 'vor mehr als {N}'],
    newer: ['jünger als {N}', 'neuer als {N}', 'weniger als {N} alt', 'nicht älter als {N}', 'innerhalb (?:der )?(?:letzten )?{N}', '(?:in den |aus den |der |die )?(?:letzte[nmrs]?|vergangene[nmrs]?) {NN}', 'seit {NN}'],
    ago: ['vor {NN}'],
    before: ['vor dem {D}', 'vor {D}'],
    after: ['nach dem {D}', 'nach {D}'],
    since: ['seit (?:dem )?{D}', 'ab (?:dem )?{D}'],
    until: ['bis (?:zum )?{D}'],
    on: ['(?:am|vom|im|in|aus dem) {D}'],
    'since-weekday': ['seit (?:dem |letzte[nmrs]? |vergangene[nmrs]? )?{W}', 'ab (?:letzte[nmrs]? )?{W}'],
    'last-weekday': ['(?:am )?(?:letzte[nmrs]?|vergangene[nmrs]?) {W}'],
    'on-weekday': ['(?:am |vom )?{W}'],
    'day-before-yesterday': ['vorgestern'],
    today: ['heute(?: morgen| früh)?', 'heutigen?'],
    yesterday: ['gestern', 'gestrigen?'],
    // Adjectives take every case ending: "letzte Woche", "von letzter Woche", "im letzten Monat", "letztes Jahr".
    'this-week': ['diese[nmrs]? woche'],
    'last-week': ['(?:der |die |in der )?(?:letzte[nmrs]?|vergangene[nmrs]?|vorige[nmrs]?) woche', '(?:der )?vorwoche'],
    'this-month': ['diese[nmrs]? monat(?:s)?'],
    'last-month': ['(?:im )?(?:letzte[nmrs]?|vergangene[nmrs]?|vorige[nmrs]?) monat(?:s)?', '(?:im )?vormonat'],
    'this-year': ['diese[nmrs]? jahr(?:es|s)?'],
    'last-year': ['(?:letzte[nmrs]?|vergangene[nmrs]?|vorige[nmrs]?) jahr(?:es|s)?', 'vorjahr'],
    sincePeriod: ['seit {P}'],
  },
  it: {
    between: ['(?:tra|fra) (?:il )?{D} e (?:il )?{D}', 'dal {D} al {D}'],
    older: ['più (?:vecchi[eoa]?|antich[ie]|antic[oa]) di {N}', 'piu (?:vecchi[eoa]?|antich[ie]) di {N}', '(?:di |risalenti a )?più di {N} fa'],
    newer: ['più recenti di {N}', '(?:di )?meno di {N}', '(?:negli|nelle|degli|delle|gli|le) ultim[ie] {N}', 'ultim[ie] {NN}', 'da {NN}', 'entro {NN}'],
    ago: ['{NN} fa'],
    before: ['prima del(?:l[\'’])? ?{D}', 'prima di {D}', '(?:precedenti|antecedenti|anteriori) al(?:l[\'’])? ?{D}'],
    after: ['dopo (?:il )?{D}', '(?:successiv[ie]|posteriori) al(?:l[\'’])? ?{D}'],
    since: ['dal(?:l[\'’])? ?{D}', 'a partire dal(?:l[\'’])? ?{D}'],
    until: ['fino al(?:l[\'’])? ?{D}', 'fino a {D}'],
    on: ['(?:il|del|di|a|ad|in|nel|durante) {D}'],
    'since-weekday': ['da {W}(?: scors[oa])?', 'dal {W}(?: scors[oa])?', "dall['’]ultim[oa] {W}"],
    'last-weekday': ['{W} scors[oa]'],
    'on-weekday': ['(?:di )?{W}'],
    'day-before-yesterday': ["l['’]altro ieri", 'altroieri', "ieri l['’]altro"],
    today: ['oggi', 'stamattina', 'stamane', 'del giorno(?! \\d)'],
    yesterday: ['ieri'],
    'this-week': ['questa settimana', 'della settimana(?! scorsa| passata| precedente)'],
    'last-week': ['(?:la )?settimana (?:scorsa|passata)', "(?:l['’]|nell['’]|dell['’])?ultima settimana"],
    'this-month': ['questo mese'],
    'last-month': ['(?:il )?mese (?:scorso|passato)', "(?:l['’]|nell['’]|dell['’])?ultimo mese"],
    'this-year': ["quest['’]anno"],
    'last-year': ["l['’]anno scorso"],
    sincePeriod: ['da {P}'],
  },
  pt: {
    between: ['entre {D} e {D}', 'de {D} a {D}', 'desde {D} até {D}'],
    older: ['mais antig[oa]s? (?:do )?que {N}', '(?:com|de) mais de {N}', 'há mais de {N}'],
    newer: ['mais recentes? (?:do )?que {N}', '(?:com|de) menos de {N}', '(?:nos|nas|dos|das|os|as) (?:últim[oa]s|ultim[oa]s) {N}', '(?:últim[oa]s|ultim[oa]s) {NN}'],
    ago: ['há {NN}', '{NN} atrás'],
    before: ['antes d[eoa] {D}', 'anterior(?:es)? a(?:o)? {D}'],
    after: ['depois d[eoa] {D}', 'após (?:o )?{D}', 'posteriores a(?:o)? {D}'],
    since: ['desde (?:o |a )?{D}', 'a partir d[eoa] {D}'],
    until: ['até (?:o |a )?{D}'],
    on: ['(?:em|no|na|de|do|da|dia|durante) {D}'],
    'since-weekday': ['desde (?:a |o )?(?:(?:última|ultima|último|ultimo) )?{W}(?: passad[oa])?'],
    'last-weekday': ['(?:na |no )?{W} passad[oa]'],
    'on-weekday': ['(?:na|no|de|da|desta|nesta) {W}'],
    'day-before-yesterday': ['anteontem'],
    today: ['hoje(?: de manhã| cedo)?', 'esta manhã', 'nesta manhã', 'do dia(?! \\d)'],
    yesterday: ['ontem'],
    // Brazilians write "essa semana" as often as "esta semana".
    'this-week': ['(?:n|d)?(?:esta|essa) semana', 'da semana(?! passada| anterior)'],
    'last-week': ['(?:a |na |da )?semana passada', '(?:na |da )?(?:última|ultima) semana', '(?:a |na |da )?semana anterior'],
    'this-month': ['(?:n|d)?(?:este|esse) (?:mês|mes)'],
    'last-month': ['(?:o |no |do )?(?:mês|mes) passado', '(?:o |no |do )?(?:último|ultimo) (?:mês|mes)'],
    'this-year': ['(?:n|d)?(?:este|esse) ano'],
    'last-year': ['(?:o |no |do )?ano passado'],
    sincePeriod: ['desde {P}'],
  },
  ja: {
    between: ['{D}から{D}まで', '{D}～{D}', '{D}〜{D}'],
    // A count of days written after a month ("11月10日") is a date, not a span.
    older: ['(?<!月){NN}以上前', '(?<!月){NN}より前', '(?<!月){NN}を過ぎた'],
    newer: ['(?:(?:過去|直近|最近|ここ|公開から|掲載から)\\s*)?(?<!月){NN}以内', '(?:過去|直近|最近|ここ){NN}(?:間)?'],
    ago: ['(?<!月){NN}前'],
    before: ['{D}より前', '{D}以前', '{D}前'],
    after: ['{D}より後', '{D}以後'],
    since: ['{D}以降', '{D}から'],
    until: ['{D}まで'],
    on: ['{D}'],
    'since-weekday': ['(?:先週の)?{W}(?:から|以降)'],
    'last-weekday': ['先週の{W}'],
    'on-weekday': ['{W}'],
    'day-before-yesterday': ['一昨日', 'おととい'],
    today: ['今日', '本日', 'きょう', '今朝'],
    yesterday: ['昨日', 'きのう'],
    'this-week': ['今週'],
    // "先週の金曜日" is a day of last week, not the week.
    'last-week': ['先週(?!の[日月火水木金土]曜)'],
    'this-month': ['今月'],
    'last-month': ['先月'],
    'this-year': ['今年'],
    'last-year': ['昨年', '去年'],
    sincePeriod: ['{P}(?:から|以降)'],
  },
  ko: {
    between: ['{D}\\s*부터 {D}\\s*(?:까지|사이)', '{D}\\s*(?:와|과|에서) {D}\\s*사이', '{D}\\s*~\\s*{D}'],
    older: ['{NN} ?(?:이상|넘게) ?(?:지난|된|전)', '{NN}보다 오래된', '{NN} ?(?:넘은|지난|넘게 지난)(?= |$)'],
    newer: ['{NN} ?이내', '(?:최근|지난) ?{NN}(?:간|동안)?'],
    ago: ['{NN} ?전'],
    before: ['{D} ?(?:이전|전)'],
    after: ['{D} ?이후'],
    since: ['{D} ?부터'],
    until: ['{D} ?까지'],
    on: ['{D}'],
    'since-weekday': ['(?:지난 ?|저번 ?)?{W} ?(?:부터|이후)'],
    'last-weekday': ['(?:지난|저번) ?{W}'],
    'on-weekday': ['{W}'],
    'day-before-yesterday': ['그저께', '그제'],
    today: ['오늘(?: 아침)?'],
    yesterday: ['어제'],
    'this-week': ['이번 ?주', '금주'],
    'last-week': ['지난 ?주', '저번 ?주'],
    'this-month': ['이번 ?달', '이달'],
    'last-month': ['지난 ?달', '저번 ?달'],
    'this-year': ['올해', '금년'],
    'last-year': ['작년', '지난해'],
    sincePeriod: ['{P} ?부터'],
  },
  ar: {
    between: ['بين {D} و ?{D}', 'من {D} (?:إلى|الى|حتى) {D}'],
    older: ['(?:ال)?أقدم من {N}', 'قبل أكثر من {N}', 'منذ أكثر من {N}'],
    newer: ['(?:التي )?لا (?:يتجاوز|يزيد) عمرها (?:عن )?{N}', '(?:ال)?أحدث من {N}', '(?:خلال|في) (?:ال)?(?:آخر|أخر|اخر) {N}', '(?:آخر|أخر|اخر) {NN}', '(?:خلال|في) (?:ال)?{N} (?:ال)?(?:ماضية|الماضية|الأخيرة|الاخيرة|السابقة|الماضيين|الأخيرين|الاخيرين)', 'خلال {NN}', 'منذ {NN}'],
    ago: ['قبل {NN}'],
    before: ['قبل (?:تاريخ )?{D}'],
    after: ['بعد (?:تاريخ )?{D}'],
    since: ['منذ (?:تاريخ )?{D}', '(?:ابتداء|اعتبارا) من {D}'],
    until: ['(?:حتى|لغاية) {D}'],
    on: ['(?:في|من|يوم) {D}'],
    'since-weekday': ['منذ (?:يوم )?{W}(?: الماضي| الماضية)?'],
    'last-weekday': ['(?:يوم )?{W} الماضي'],
    'on-weekday': ['يوم {W}'],
    'day-before-yesterday': ['(?:أول|اول) (?:أمس|امس)'],
    today: ['(?:ل|ب)?اليوم', 'هذا الصباح'],
    yesterday: ['(?:ال)?أمس', 'امس', 'البارحة'],
    'this-week': ['(?:ل|في |خلال )?هذا الأسبوع', '(?:ل|في |خلال )?هذا الاسبوع', 'الأسبوع الحالي'],
    'last-week': ['(?:في |من |خلال )?الأسبوع (?:الماضي|السابق)', '(?:في |من |خلال )?الاسبوع (?:الماضي|السابق)'],
    'this-month': ['(?:ل|في |خلال )?هذا الشهر', 'الشهر الحالي'],
    'last-month': ['(?:في |من |خلال )?الشهر (?:الماضي|السابق)'],
    'this-year': ['(?:ل|في |خلال )?(?:هذا العام|هذه السنة)', 'العام الحالي'],
    'last-year': ['(?:في |من |خلال )?(?:العام الماضي|السنة الماضية)'],
    sincePeriod: ['منذ {P}'],
  },
}
