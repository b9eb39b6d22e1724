/**
 * Stage 6: the part of a text that is evidence for a topic. Two kinds of words are not:
 *
 *   - words inside proper names: "Pemberton Brands" is no brand story, "European Union" no union story, "Halvorsen
 *     Bank" no banking story. A name is a run of words capitalized in mid-sentence (or at a sentence start when the
 *     same word is capitalized in mid-sentence elsewhere); all-capital acronyms (ECB, IPO) stay, because the
 *     vocabulary uses them on purpose. German capitalizes every noun, so there only multi-word runs ending in a
 *     company word ("Halvorsen Bank") are removed.
 *   - attribution: "the chief executive said", "dijo el consejero delegado", "a déclaré le directeur général",
 *     "sagte der Vorstandschef": who is quoted says nothing about what happened.
 */

const ROLE = String.raw`(?:chief (?:executive|financial officer|operating officer)|ceo|cfo|chair(?:man|woman)?|president|spokes(?:man|woman|person)|director|minister|founder|co-founder|analyst|manager|head|boss|consejer[oa] delegad[oa]|president[ae]|director[a]?|portavoz|ministr[oa]|fundador[a]?|analista|directeur(?: général)?|directrice(?: générale)?|président(?:e)?|porte-parole|ministre|fondat(?:eur|rice)|analyste|vorstandschef(?:in)?|chef(?:in)?|sprecher(?:in)?|minister(?:in)?|gründer(?:in)?|analyst(?:in)?|vorstand)`
const SAID = String.raw`(?:said|says|told|added|explained|dijo|afirmó|explicó|señaló|añadió|a (?:déclaré|affirmé|expliqué|ajouté|indiqué)|sagte|erklärte|betonte|fügte hinzu|sprach)`

/** A capitalized word that begins a role is no name ("Chief Executive Officer" written in title case). */
const ROLE_START = new RegExp(String.raw`^${ROLE}`, 'iu')

const ATTRIBUTION = [
  new RegExp(String.raw`\b(?:the |its |el |la |le |der |die )?${ROLE}(?: [\p{L}'’-]+){0,3},? ${SAID}\b`, 'giu'),
  new RegExp(String.raw`\b${SAID},? (?:the |its |el |la |le |l'|der |die )?${ROLE}\b`, 'giu'),
]

/**
 * A role written as a person's title ("chief executive Erik Lund", "Vorstandschefin Katrin Albers") names who someone
 * is, as the name itself does; the role word is only evidence when it is what the story is about ("names a new chief
 * executive"). A title is recognised by the capitalized name right after it.
 */
const TITLE_BEFORE_NAME = new RegExp(String.raw`\b(?:the |its |el |la |le |der |die )?${ROLE}(?= (\p{L}+))`, 'giu')

/** Company words that end a German name run ("Halvorsen Bank", "Pemberton Brands"). */
const GERMAN_NAME_END = /^(Bank|Brands|Group|Gruppe|Motors|Systems|Energy|Power|Airlines|Foods|Capital|Holding|AG|SE|GmbH|Inc|Ltd|Union|Telecom|Pharma|Steel|Solar|Shipping|Insurance|Robotics|Logistics|Cosmetics|Networks|Chemicals|Games|Studios)$/u

/**
 * Named days that are themselves the event: "Black Friday" trading is a sales story, "Christmas" adverts a marketing
 * one. They are capitalized like names, but what they name is what happened, so they stay evidence.
 */
const EVENT_NAMES = /\b(?:Black Friday|Cyber Monday|Boxing Day|Prime Day|Singles'? Day|Christmas|Navidad|Noël|Weihnacht\p{L}*)\b/gu

const WORD = /[\p{L}\p{N}][\p{L}\p{M}\p{N}'’&-]*/gu
const SENTENCE_END = /[.!?:;"«»“”„|(\n–—]\s*$/u

/** The text with names and attribution phrases blanked out (replaced by " · ", so no phrase spans the gap). */
export function evidenceText(text: string, lang: string | null, namesFrom = text): string {
  let out = text
  for (const re of ATTRIBUTION) out = out.replace(re, ' · ')
  out = out.replace(TITLE_BEFORE_NAME, (role: string, next: string) => (/^\p{Lu}\p{Ll}/u.test(next) && !ROLE_START.test(next) ? ' · ' : role))
  const names = nameWords(namesFrom.replace(EVENT_NAMES, ' '), lang)
  if (names.size === 0) return out
  // Named days stay whole even when one of their words is a name elsewhere ("on Friday").
  const blank = (part: string) => part.replace(WORD, (w) => (names.has(w) ? '·' : w))
  let kept = ''
  let from = 0
  for (const m of out.matchAll(EVENT_NAMES)) {
    kept += blank(out.slice(from, m.index)) + m[0]
    from = m.index + m[0].length
  }
  return kept + blank(out.slice(from))
}

/** The words written as (parts of) proper names in the text. */
function nameWords(text: string, lang: string | null): Set<string> {
  const names = new Set<string>()
  if (lang === 'de') {
    const words = text.match(WORD) ?? []
    for (let i = 1; i < words.length; i++) {
      if (GERMAN_NAME_END.test(words[i]!) && capital(words[i - 1]!)) {
        names.add(words[i - 1]!)
        names.add(words[i]!)
      }
    }
    return names
  }
  // Capitalized in mid-sentence; whether a word starts a sentence is only asked of capitalized words.
  for (const m of text.matchAll(WORD)) {
    const raw = m[0]
    if (!capital(raw) || m.index === 0 || SENTENCE_END.test(text.slice(Math.max(0, m.index - 3), m.index))) continue
    names.add(raw)
  }
  return names
}

/** Capitalized, not all capitals or digits ("Lund", "McKinsey"; not "ECB", "IPO", "2026"). */
function capital(w: string): boolean {
  // Most words start with a lower-case ASCII letter or a digit, which no upper-case letter is.
  const c = w.charCodeAt(0)
  if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39)) return false
  return /^\p{Lu}/u.test(w) && !/^[\p{Lu}\p{N}]+$/u.test(w)
}
