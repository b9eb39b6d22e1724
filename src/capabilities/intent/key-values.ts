import { LANGUAGES, type Language } from '../../domain/languages.ts'
import { isTopic, TOPIC_NAMES } from '../../domain/topics.ts'
import { ENGLISH_NAMES as LANGUAGE_NAMES, languageNamed } from './language-cues.ts'

/**
 * Agents and scripts often write a skill's arguments as they would pass them: "topic=engineering, limit=4",
 * "lang: de", "since=2026-12-01", "query="chip tariffs"", "output language: Portuguese". Each is spelled out in the
 * words the reader already understands ("Engineering", "top 4", "in German", "since 2026-12-01", a quoted query),
 * so they are read by the same rules as everything else and never end up in a search.
 */

const KEY = String.raw`(?<![\p{L}\p{N}_])(topic|category|limit|count|max|lang|language|output[ _]language|answer[ _]language|locale|since|from|after|until|to|before|query|q|search|keywords?|source|publisher|(?:idioma|langue|sprache|lingua|língua|antwortsprache)(?:\s+(?:da|de|del|der|della|do)\s+\p{L}+)?|fonte|fuente|quelle|fonti)`
const VALUE = String.raw`("[^"]*"|'[^']*'|[^\s,;&]+)`
const PAIR = new RegExp(`${KEY}\\s*([=:])\\s*${VALUE}`, 'giu')

const unquote = (value: string) => value.replace(/[.!?。]+$/u, '').replace(/^(["'])(.*)\1$/u, '$2').trim()

function languageOf(value: string): Language | undefined {
  const v = value.toLowerCase()
  const code = v.slice(0, 2)
  if (v.length <= 5 && (LANGUAGES as readonly string[]).includes(code)) return code as Language
  return languageNamed(value)
}

function spell(key: string, separator: string, raw: string): string | undefined {
  const value = unquote(raw)
  if (!value) return undefined
  const name = key.toLowerCase().replace(/[ _]+/gu, ' ')
  // "Idioma da resposta", "langue de réponse", "Antwortsprache": the answer's language in any of the nine.
  if (/^(?:idioma|langue|sprache|lingua|língua|antwortsprache)/u.test(name)) {
    const lang = languageOf(value)
    return lang ? `in ${LANGUAGE_NAMES[lang]}` : undefined
  }
  if (/^(?:fonte|fuente|quelle|fonti)$/u.test(name)) return `from ${value}`
  switch (name) {
    case 'topic': case 'category':
      return isTopic(value.toLowerCase()) ? TOPIC_NAMES[value.toLowerCase() as keyof typeof TOPIC_NAMES].en : value
    case 'limit': case 'count': case 'max':
      return /^\d{1,3}$/u.test(value) ? `top ${value}` : undefined
    case 'lang': case 'language': case 'output language': case 'answer language': case 'locale': {
      const lang = languageOf(value)
      return lang ? `in ${LANGUAGE_NAMES[lang]}` : undefined
    }
    case 'since': case 'from': case 'after':
      return /^\d{4}-\d{2}-\d{2}/u.test(value) ? `since ${value.slice(0, 10)}` : undefined
    case 'until': case 'to': case 'before':
      return /^\d{4}-\d{2}-\d{2}/u.test(value) ? `until ${value.slice(0, 10)}` : undefined
    case 'query': case 'q': case 'search': case 'keyword': case 'keywords':
      // "search: chip tariffs" goes on past the first word: only "query=x" or a quoted value is the whole query.
      return separator === '=' || /^["']/u.test(raw) ? `"${value.replace(/"/gu, '')}"` : undefined
    case 'source': case 'publisher':
      return `from ${value}`
    default:
      return undefined
  }
}

/** An agent's role tag ("[research agent]") and the labels of an instruction ("Task:", "Objetivo:") name nothing. */
const ROLE_TAG = /^\s*\[[^\]]{1,40}\]\s*/u
const LABEL = /(?<![\p{L}\p{N}])(?:task|goal|objective|instructions?|request|sub-?task|tarea|objetivo|instrucci[oó]n|instru[cç][aã]o|pedido|t[aâ]che|objectif|consigne|demande|aufgabe|ziel|anweisung|anfrage|compito|obiettivo|richiesta|istruzioni)\s*:/giu

/** `text` with every "key=value" or "key: value" of a skill argument spelled out in words (a value it cannot read stays as written). */
export function spellOutKeyValues(text: string): string {
  if (!/[=:\]]/u.test(text)) return text
  return text.replace(ROLE_TAG, '').replace(LABEL, ' ').replace(PAIR, (match, key: string, separator: string, value: string) => {
    const words = spell(key, separator, value)
    return words === undefined ? match : ` ${words} `
  })
}
