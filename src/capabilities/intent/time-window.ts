/**
 * Time phrases in a free-text request ("finance news since Monday", "AI stories from the last 24 hours") become the
 * `since` argument; the phrase is taken out of the text, so it is not searched for. English, Spanish, French and
 * German, the usual phrasings; days are UTC (the service's clock), and "since Monday" is the latest Monday on or
 * before today.
 */

export interface TimeReading {
  /** The text without the time phrase. */
  rest: string
  /** ISO 8601 instant: the start of the window. */
  since?: string
  /** How the phrase was read, for the "Understood" sentence. */
  phrase?: string
}

const DAYS: Record<string, number> = {
  sunday: 0, monday: 1, tuesday: 2, wednesday: 3, thursday: 4, friday: 5, saturday: 6,
  domingo: 0, lunes: 1, martes: 2, miércoles: 3, miercoles: 3, jueves: 4, viernes: 5, sábado: 6, sabado: 6,
  dimanche: 0, lundi: 1, mardi: 2, mercredi: 3, jeudi: 4, vendredi: 5, samedi: 6,
  sonntag: 0, montag: 1, dienstag: 2, mittwoch: 3, donnerstag: 4, freitag: 5, samstag: 6,
}
const TODAY = ['today', 'hoy', "aujourd'hui", 'aujourd’hui', 'heute']
const YESTERDAY = ['yesterday', 'ayer', 'hier', 'gestern']
const THIS_WEEK = ['this week', 'esta semana', 'cette semaine', 'diese woche', 'dieser woche']
const HOUR_UNITS = ['hours', 'hour', 'horas', 'hora', 'heures', 'heure', 'stunden', 'stunde']
const DAY_UNITS = ['days', 'day', 'días', 'dias', 'día', 'jours', 'jour', 'tagen', 'tage', 'tag']

const alt = (words: string[]) => words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')
const SINCE = "(?:since|from|desde(?: el)?|depuis|seit)"
const LAST = '(?:(?:in|over|during|from|for) the )?(?:last|past|los últimos|las últimas|los ultimos|las ultimas|les|des|den letzten|der letzten|letzten)'

const DAY_PATTERN = new RegExp(`\\b${SINCE}\\s+(?:last\\s+)?(${alt(Object.keys(DAYS))})\\b`, 'iu')
const RELATIVE_PATTERN = new RegExp(`(?:\\b${SINCE}\\s+)?\\b(${alt([...TODAY, ...YESTERDAY, ...THIS_WEEK])})(?![\\p{L}])`, 'iu')
const SPAN_PATTERN = new RegExp(`\\b${LAST}\\s+(\\d{1,3})\\s+(${alt([...HOUR_UNITS, ...DAY_UNITS])})\\b`, 'iu')

const startOfDay = (ms: number) => Math.floor(ms / 86_400_000) * 86_400_000
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z')
const cut = (text: string, m: RegExpExecArray) => `${text.slice(0, m.index)} ${text.slice(m.index + m[0].length)}`.replace(/\s+/g, ' ').trim()

/** Reads one time phrase from `text` (the first that matches), relative to `now` (ms). */
export function takeTimeWindow(text: string, now: number): TimeReading {
  const today = startOfDay(now)
  const day = DAY_PATTERN.exec(text)
  if (day) {
    const wanted = DAYS[day[1]!.toLowerCase()]!
    const back = (new Date(today).getUTCDay() - wanted + 7) % 7
    return { rest: cut(text, day), since: iso(today - back * 86_400_000), phrase: `since ${day[1]}` }
  }
  const span = SPAN_PATTERN.exec(text)
  if (span) {
    const n = Math.max(1, Number(span[1]))
    const hours = HOUR_UNITS.includes(span[2]!.toLowerCase())
    return { rest: cut(text, span), since: iso(now - n * (hours ? 3_600_000 : 86_400_000)), phrase: `from the last ${n} ${hours ? 'hours' : 'days'}` }
  }
  const relative = RELATIVE_PATTERN.exec(text)
  if (relative) {
    const word = relative[1]!.toLowerCase()
    if (TODAY.includes(word)) return { rest: cut(text, relative), since: iso(today), phrase: 'from today' }
    if (YESTERDAY.includes(word)) return { rest: cut(text, relative), since: iso(today - 86_400_000), phrase: 'since yesterday' }
    const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * 86_400_000
    return { rest: cut(text, relative), since: iso(monday), phrase: 'from this week' }
  }
  return { rest: text }
}

/** "Which publishers do you cover?", "list sources": a request for the publisher list, nothing else in it. */
const SOURCES_REQUEST = /^\s*(?:(?:please\s+)?(?:list|show(?:\s+me)?|give\s+me|which|what|all)\s+)?(?:(?:the|your|are|news)\s+)*(?:sources|publishers|outlets|news\s+sources|fuentes|medios|éditeurs|sources d'information|quellen|medien)(?:\s+(?:do|does|are)\s+you\s+\w+|\s+(?:you\s+)?(?:use|cover|have|read))?\s*[?.!]*\s*$/iu

export function isSourcesRequest(text: string): boolean {
  return SOURCES_REQUEST.test(text)
}
