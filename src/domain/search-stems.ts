import { stemmer as arabic } from '@orama/stemmers/arabic'
import { stemmer as english } from '@orama/stemmers/english'
import { stemmer as french } from '@orama/stemmers/french'
import { stemmer as german } from '@orama/stemmers/german'
import { stemmer as italian } from '@orama/stemmers/italian'
import { stemmer as portuguese } from '@orama/stemmers/portuguese'
import { stemmer as spanish } from '@orama/stemmers/spanish'
import type { Language } from './languages.ts'

/**
 * Word stems for search: a keyword matches a headline word with the same stem (banks → bank, élections → élection).
 * Snowball-family stemmers (@orama/stemmers, pure JS) for the seven languages written with spaces between words.
 * Japanese and Korean headlines are matched by character bigrams instead (search-terms.ts), so the Latin-script words
 * inside them (brand names, "AI") get the English stemmer.
 */

/**
 * English past forms a suffix stemmer cannot reach, mapped to their base form: the verbs headlines use for markets,
 * elections and courts (shares rose, profit fell, sales grew). Forms that are also common nouns in news (left, lead,
 * saw) are not listed: matching "leave" to "left wing" would surprise more than it helps.
 */
const ENGLISH_IRREGULAR = new Map(Object.entries({
  grew: 'grow', grown: 'grow', rose: 'rise', risen: 'rise', fell: 'fall', fallen: 'fall', sold: 'sell',
  bought: 'buy', won: 'win', lost: 'lose', struck: 'strike', took: 'take', taken: 'take', made: 'make',
  began: 'begin', begun: 'begin', fought: 'fight', held: 'hold', kept: 'keep', met: 'meet', paid: 'pay',
  ran: 'run', sank: 'sink', sunk: 'sink', shook: 'shake', shot: 'shoot', spent: 'spend', stole: 'steal',
  stolen: 'steal', threw: 'throw', thrown: 'throw', told: 'tell', thought: 'think', went: 'go', gone: 'go',
  wrote: 'write', written: 'write', drove: 'drive', driven: 'drive', broke: 'break', broken: 'break',
  chose: 'choose', chosen: 'choose', froze: 'freeze', frozen: 'freeze', spoke: 'speak', spoken: 'speak',
  flew: 'fly', flown: 'fly', fled: 'flee', drew: 'draw', drawn: 'draw', dealt: 'deal', brought: 'bring',
  built: 'build', caught: 'catch', taught: 'teach', sought: 'seek', found: 'find', slid: 'slide', swept: 'sweep',
  wound: 'wind', hid: 'hide', hidden: 'hide', beat: 'beat', beaten: 'beat', forgot: 'forget', forgiven: 'forgive',
  overtook: 'overtake', undertook: 'undertake', withdrew: 'withdraw', withdrawn: 'withdraw', sent: 'send',
  lent: 'lend', bent: 'bend', felt: 'feel', slept: 'sleep', swore: 'swear', sworn: 'swear', tore: 'tear',
  torn: 'tear', wore: 'wear', worn: 'wear', woke: 'wake', arose: 'arise', arisen: 'arise', became: 'become',
  came: 'come', gave: 'give', given: 'give', knew: 'know', known: 'know', rode: 'ride', rang: 'ring', sang: 'sing',
  shrank: 'shrink', shrunk: 'shrink', sprang: 'spring', stood: 'stand', stuck: 'stick', swam: 'swim', understood: 'understand',
}))

const englishStem = (word: string) => english(ENGLISH_IRREGULAR.get(word) ?? word)

/** Stemmers for words in Latin script, by headline language; Arabic, Japanese and Korean headlines quote Latin names. */
const LATIN_STEMMERS: Record<Language, (word: string) => string> = {
  en: englishStem,
  es: spanish,
  fr: french,
  de: german,
  it: italian,
  pt: portuguese,
  ar: englishStem,
  ja: englishStem,
  ko: englishStem,
}

/** Only words in a script the stemmers know (Latin, Arabic) are stemmed; others pass through unchanged. */
const LATIN_WORD = /^[\p{Script=Latin}\p{M}\p{N}]+$/u
const ARABIC_WORD = /^[\p{Script=Arabic}\p{M}\p{N}]+$/u

/**
 * The stem of one lower-cased word in `lang` (the word itself when the language's stemmer leaves it alone).
 * Stemmers are rule tables over letters; should one throw on an unusual word, the word is its own stem.
 */
export function stemOf(word: string, lang: Language): string {
  const stemmer = LATIN_WORD.test(word) ? LATIN_STEMMERS[lang] : lang === 'ar' && ARABIC_WORD.test(word) ? arabic : null
  if (!stemmer || /^\p{N}+$/u.test(word)) return word
  try {
    return stemmer(word) || word
  } catch {
    return word
  }
}
