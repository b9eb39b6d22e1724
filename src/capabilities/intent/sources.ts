import { ENTRIES, DICTIONARY } from './lexicon.ts'
import { tokenize, type Token } from './tokens.ts'

/**
 * Publisher names as people write them in a request: "TechCrunch", "the Financial Times", "El País" (for "EL PAÍS
 * Economía"), "Le Monde", "Spiegel", "WSJ", "NHK". The index is built once per list of publishers (the query
 * service's, which the operator's directory decides: 537 bundled, maybe thousands), keyed by the first word of
 * each name, so a message is matched in one lookup per word whatever the list's length.
 *
 * Each publisher is known by its full name and by the shorter names derived from it: without a leading article
 * ("The Verge" → "Verge"), its distinctive word before a press noun ("Süddeutsche Zeitung" → "Süddeutsche", in
 * German with any adjective ending: "der Süddeutschen"), its head before "of" ("Corriere della Sera" → "Corriere"),
 * without a section ("Le Figaro Économie" → "Le Figaro", "BBC News - Business" → "BBC
 * News" → "BBC"), without or as its parenthesis ("Bumble Tech (Badoo)"), the head of "Folha de S.Paulo", and the
 * initials of a name of three capitalized words or more ("The Wall Street Journal" → "WSJ"). Case and accents are
 * ignored, except where a name is also an everyday word:
 * - a one-word name must be written capitalized ("Fortune", "Expansión": "fortune" or "expansión" is a word), or
 *   in lower case right before a news word or a verb of publishing when it is no word the reader knows
 *   ("guardian articles");
 *   a shorter name derived from a longer one ("Spiegel", "Folha"), and any one-word name in German, where every
 *   noun is capitalized, also needs a cue next to it: "from", "de", "von", "das", a verb of saying or publishing,
 *   or a news word after it ("Spiegel-Artikel", "Fortune articles");
 * - a name made of request or topic words ("AI News", "Business News", "Entrepreneur") or ending in a news word
 *   ("Hacker News", "OpenAI News") must be written as the publisher writes it; the first kind also needs a cue, so
 *   "latest AI news" stays a topic and "OpenAI news" a search;
 * - initials must be in capitals ("WSJ").
 */

export interface SourceName {
  id: string
  name: string
}

export type AliasCase = 'any' | 'capitalized' | 'exact'

export interface Alias {
  sourceId: string
  tokens: Token[]
  match: AliasCase
  /** Needs a cue next to it (see the file comment). */
  cue: boolean
  /** The publisher's whole name (or it without a leading article), not a shorter form of it. */
  full: boolean
}

export interface SourceIndex {
  /** Distinct per list of publishers: part of the key of every reading made with it. */
  readonly key: string
  readonly size: number
  name(id: string): string | undefined
  /** Aliases whose first word a message token could be, longest first. */
  startingWith(token: Token): readonly Alias[]
  /** Publishers sharing an alias with `id` ("Le Monde Économie" and a "Le Monde Informatique" both as "Le Monde"). */
  sharing(alias: Alias): readonly string[]
}

const ARTICLES = new Set(['the', 'le', 'la', 'les', 'el', 'los', 'las', 'der', 'die', 'das', 'il', 'lo'])
/** Trailing words that name a publisher's section, not the publisher. */
const SECTIONS = [
  'business', 'economy', 'économie', 'economía', 'economia', 'economia e finanza', 'wirtschaft', 'finanzen', 'finance',
  'finanzas', 'mercados', 'mercado', 'negocios', 'karriere', 'arbeit', 'emprendedores', 'top stories', 'all news', 'developer',
  'market currents', 'econômico', 'económico', 'economico', '経済', '경제', 'اقتصاد',
]
/**
 * Nouns that say a name is a periodical rather than what it is called: "Zeitung", "Times", "Journal". Not "Blog"
 * or "News": "Stripe Blog" and "OpenAI News" are named after a company, which people search for.
 */
const PRESS_NOUNS = new Set(['zeitung', 'times', 'journal', 'post', 'tribune', 'herald', 'gazette', 'daily', 'review', 'magazine',
  'zeitschrift', 'rundschau', 'allgemeine', 'presse', 'courier', 'chronicle', 'gazzetta', 'jornal', 'diario', 'giornale',
  'quotidien', 'revue', 'revista', 'rivista', 'weekly', 'monthly'])
const NEWS_SUFFIX = /\s*(?:news|ニュース|뉴스|noticias|nachrichten|actualités)$/iu

const LEXICON_WORDS = new Set(ENTRIES.filter((e) => e.tokens.length === 1).map((e) => e.tokens[0]!.folded))
const TOPIC_WORDS = new Set(ENTRIES.filter((e) => e.kind === 'topic' && e.tokens.length === 1).flatMap((e) => e.tokens[0]!.foldeds))
const NEWS_WORDS = new Set(ENTRIES.filter((e) => e.kind === 'news' && e.tokens.length === 1).map((e) => e.tokens[0]!.folded))

interface Derived {
  text: string
  full: boolean
  /** Taken from a parenthesis ("(Badoo)"), or made of initials ("WSJ"). */
  from?: 'parenthesis' | 'initials'
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
const words = (text: string) => text.split(/\s+/).filter(Boolean)

/** A parenthesis that names the publisher ("(Badoo)", "(Kakao Tech)"), not one that describes it ("(fashion & luxury business)"). */
const namesPublisher = (text: string) =>
  /^[\p{Lu}\p{N}]|^[^\p{Script=Latin}]/u.test(text) && words(text).length <= 4 && !/[&,]/.test(text)
  && !words(text).every((w) => LEXICON_WORDS.has(fold(w)))

function withoutSection(text: string): string | undefined {
  const lower = fold(text)
  for (const section of SECTIONS) {
    const s = fold(section)
    if (lower.endsWith(` ${s}`) && words(text).length > words(section).length) {
      return text.slice(0, text.length - section.length - 1).replace(/[\s\-–—|:]+$/u, '')
    }
  }
  return undefined
}

/** The names a publisher is known by: its own and the shorter ones people use (see the file comment). */
export function derivedNames(name: string): Derived[] {
  const out: Derived[] = [{ text: name, full: true }]
  const add = (text: string | undefined, full = false, from?: Derived['from']) => {
    const t = text?.trim()
    if (t && !out.some((d) => d.text === t)) out.push({ text: t, full, ...(from && { from }) })
  }
  const head = name.split(/\s+[-–—|]\s+|:\s+/)[0]!
  add(head)
  for (const text of [...out.map((d) => d.text)]) {
    const paren = /\(([^)]*)\)/.exec(text)
    if (paren) {
      add(text.replace(/\s*\([^)]*\)\s*/g, ' '))
      if (namesPublisher(paren[1]!.trim())) add(paren[1], false, 'parenthesis')
    }
  }
  for (const d of [...out]) {
    add(withoutSection(d.text))
    // "t3n Startups" → "t3n": a trailing topic word after a name no one would take for a word.
    const ws = words(d.text)
    if (ws.length === 2 && TOPIC_WORDS.has(fold(ws[1]!).replace(/s$/, '')) && /\p{Ll}\p{Lu}|\d|^\p{Lu}{2,5}$/u.test(ws[0]!)) add(ws[0])
  }
  for (const d of [...out]) {
    const [first, ...rest] = words(d.text)
    if (first && rest.length && ARTICLES.has(fold(first))) add(rest.join(' '), d.full)
    const acronym = d.text.replace(NEWS_SUFFIX, '')
    if (acronym !== d.text && /^[\p{Lu}\d]{2,5}$/u.test(acronym)) add(acronym)
    // "Folha de S.Paulo" → "Folha", "Corriere della Sera" → "Corriere": the head before "of" names the paper.
    const ofHead = /^(\p{Lu}\p{Ll}+) (?:d[eoa]|de la|del|della|dello|dei|des|du|of) \p{Lu}/u.exec(d.text)
    if (ofHead && !PRESS_NOUNS.has(fold(ofHead[1]!))) add(ofHead[1])
    // "Süddeutsche Zeitung" → "Süddeutsche", "Seattle Times" → "Seattle": the distinctive word before a press noun.
    const ws = words(d.text)
    if (ws.length === 2 && PRESS_NOUNS.has(fold(ws[1]!)) && !LEXICON_WORDS.has(fold(ws[0]!)) && /^\p{Lu}\p{Ll}{3,}$/u.test(ws[0]!)) add(ws[0])
  }
  for (const d of [...out]) {
    const initials = initialsOf(d.text)
    if (initials) add(initials, false, 'initials')
    // "FAZ.NET" → "FAZ": a name written as its web address is also called by the address's head.
    const site = /^(\p{Lu}{2,}|\p{Lu}?\p{Ll}+\p{Lu}\p{L}*|\p{Lu}\p{Ll}{4,})\.(?:net|com|de|fr|es|it|org|io|co)$/iu.exec(d.text)
    if (site) add(site[1])
  }
  return out
}

/** "Wall Street Journal" → "WSJ": names of three or more capitalized words, without a leading article. */
function initialsOf(text: string): string | undefined {
  const ws = words(text)
  // Two words only for a periodical: "Financial Times" → "FT" (two letters alone would be read everywhere).
  const periodical = ws.length === 2 && PRESS_NOUNS.has(fold(ws[1]!))
  if ((ws.length < 3 && !periodical) || ARTICLES.has(fold(ws[0]!)) || !ws.every((w) => /^\p{Lu}[\p{Ll}]/u.test(w))) return undefined
  return ws.map((w) => w[0]).join('')
}

function aliasOf(sourceId: string, derived: Derived, tokens: Token[]): Alias {
  const folded = tokens.map((t) => t.folded)
  const single = tokens.length === 1
  const latin = tokens.every((t) => t.script === 'alpha')
  const original = derived.text
  if (/^[\p{Lu}\d]{2,4}$/u.test(original) && latin) {
    // Two capitals are also an abbreviation of anything ("EU", "AI"): they need a cue ("from the FT").
    return { sourceId, tokens, match: 'exact', cue: original.length === 2 || LEXICON_WORDS.has(folded[0]!), full: derived.full }
  }
  // "요즘IT": words of two scripts written as one are a name, whatever the words are on their own.
  const oneWord = tokens.length > 1 && tokens.slice(1).every((t) => t.joined) && new Set(tokens.map((t) => t.script)).size > 1
  if (oneWord) return { sourceId, tokens, match: 'any', cue: false, full: derived.full }
  if (folded.every((f) => LEXICON_WORDS.has(f))) return { sourceId, tokens, match: 'exact', cue: true, full: derived.full }
  if (!single && NEWS_WORDS.has(folded.at(-1)!)) return { sourceId, tokens, match: 'exact', cue: false, full: derived.full }
  if (single && latin) {
    // "TechCrunch", "iProfesional", "01net", "web.dev": written like no everyday word.
    const distinctive = /\p{Ll}\p{Lu}|\d|[.]/u.test(original)
    return { sourceId, tokens, match: distinctive ? 'any' : 'capitalized', cue: !distinctive && !derived.full, full: derived.full }
  }
  return { sourceId, tokens, match: 'any', cue: false, full: derived.full }
}

const aliasKey = (alias: Alias) => alias.tokens.map((t) => t.folded).join(' ')

let indexes = 0

/** The index of a list of publishers; build it once per list (it costs about a millisecond per hundred names). */
export function createSourceIndex(sources: readonly SourceName[]): SourceIndex {
  const names = new Map(sources.map((s) => [s.id, s.name]))
  const byKey = new Map<string, Alias[]>()
  // "Magenta (Google)": a parenthesis naming a company that other publishers' names begin with is that company.
  const firstWords = new Map<string, number>()
  for (const source of sources) {
    const first = fold(words(source.name.replace(/^(?:the|le|la|les|el|los|las|der|die|das|il|lo)\s+/iu, ''))[0] ?? '')
    firstWords.set(first, (firstWords.get(first) ?? 0) + 1)
  }
  for (const source of sources) {
    for (const derived of derivedNames(source.name)) {
      const tokens = tokenize(derived.text, DICTIONARY)
      // One or two letters would be read everywhere ("g1" has a digit to tell it apart), but for a periodical's initials.
      const short = tokens.length === 1 && tokens[0]!.script === 'alpha' && tokens[0]!.text.length < 3 && !/\d/.test(tokens[0]!.text)
      if (!tokens.length || (short && derived.from !== 'initials')) continue
      if (derived.from === 'parenthesis' && tokens.length === 1 && firstWords.has(tokens[0]!.folded)) continue
      const alias = aliasOf(source.id, derived, tokens)
      const key = aliasKey(alias)
      const same = byKey.get(key) ?? []
      if (!same.some((a) => a.sourceId === alias.sourceId)) same.push(alias)
      byKey.set(key, same)
    }
  }
  const byFirst = new Map<string, Alias[]>()
  const sharing = new Map<Alias, string[]>()
  for (const same of byKey.values()) {
    // A whole name wins over another publisher's shortened one; otherwise the name stays ambiguous.
    const kept = same.some((a) => a.full) ? same.filter((a) => a.full) : same
    for (const alias of kept) {
      sharing.set(alias, kept.map((a) => a.sourceId))
      const first = alias.tokens[0]!.folded
      byFirst.set(first, [...(byFirst.get(first) ?? []), alias])
    }
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.tokens.length - a.tokens.length)
  const key = `sources:${++indexes}:${sources.length}`
  return {
    key,
    size: sources.length,
    name: (id) => names.get(id),
    startingWith: (token) => byFirst.get(token.folded) ?? [],
    sharing: (alias) => sharing.get(alias) ?? [alias.sourceId],
  }
}

/** No publishers known: every name is read as keywords. */
export const NO_SOURCES: SourceIndex = createSourceIndex([])

// ---- matching ----

/** Words before a publisher's name that make it one: "from", "de", "von", "das", … */
const PREPOSITION_CUES = new Set([
  'from', 'by', 'at', 'on', 'in', 'via', 'the', 'de', 'del', 'en', 'por', 'el', 'du', 'des', 'chez', 'dans', 'par', 'le', 'la',
  'les', 'von', 'vom', 'bei', 'beim', 'im', 'aus', 'der', 'die', 'das', 'dem', 'den', 'da', 'dal', 'dalla', 'della', 'di', 'su', 'sul',
  'il', 'lo', 'do', 'no', 'na', 'pelo', 'pela', 'o', 'a', 'من', 'في',
  // "only Handelsblatt": naming one publisher alone.
  'only', 'just', 'nur', 'solo', 'sólo', 'seulement', 'uniquement', 'soltanto', 'só', 'apenas', 'somente',
].map(fold))
/** Verbs of saying or publishing, before or after the name: "what does X say", "Was schreibt X", "ماذا نشرت X". */
const VERB_CUES = new Set([
  'says', 'said', 'saying', 'say', 'writes', 'wrote', 'write', 'published', 'publishes', 'publish', 'reports', 'reported',
  'reporting', 'dice', 'dicen', 'publico', 'escribe', 'informa', 'dit', 'disent', 'ecrit', 'publie', 'rapporte', 'schreibt',
  'berichtet', 'meldet', 'sagt', 'scrive', 'riporta', 'pubblica', 'diz', 'dizem', 'publicou', 'escreve', 'نشرت', 'نشر',
  // Verbs of coming out: "o que saiu na folha", "qué salió en expansión".
  'saiu', 'sairam', 'salio', 'salieron', 'uscito', 'usciti', 'paru', 'parus', 'sorti', 'erschienen',
  'gebracht', 'publie', 'publiee', 'sacado', 'saco',
  'يقول', 'تقول', 'كتبت', 'veroffentlicht', 'publiee', 'publiees', 'pubblicato', 'publicado',
  // "What has X published": the auxiliary before the name.
  'has', 'have', 'had', 'hat', 'haben', 'hatte', 'hanno', 'tem', 'teve',
].map(fold))

const capitalized = (token: Token) => /^\p{Lu}/u.test(token.text)
const sameCase = (a: Token, b: Token) => fold(a.text) === fold(b.text) && a.text.normalize('NFD').replace(/\p{M}/gu, '') === b.text.normalize('NFD').replace(/\p{M}/gu, '')

export interface SourceMatch {
  alias: Alias
  length: number
}

/**
 * The longest publisher name written at `tokens[at]` that its case and its neighbours allow; `isNewsWord` tells
 * whether a token is a news word ("articles", "Artikel"), which after a name is a cue.
 */
export function matchSourceAt(
  tokens: readonly Token[], at: number, index: SourceIndex, german: boolean, isNewsWord: (t: Token) => boolean,
): SourceMatch | undefined {
  if (!index.size) return undefined
  const first = tokens[at]!
  const stem = german ? adjectiveStem(first.folded) : undefined
  const aliases = stem ? [...index.startingWith(first), ...index.startingWith({ ...first, folded: stem })] : index.startingWith(first)
  for (const alias of aliases) {
    const n = alias.tokens.length
    if (at + n > tokens.length) continue
    let ok = true
    for (let k = 0; k < n && ok; k++) {
      const token = tokens[at + k]!
      const written = alias.tokens[k]!.folded
      if ((token.folded !== written && !(german && adjectiveStem(token.folded) === written)) || (k > 0 && token.broken)) ok = false
      else if (alias.match === 'exact' && !sameCase(token, alias.tokens[k]!) && !lowerCaseName(tokens, at, alias, isNewsWord)
        && !lowerCaseInitials(tokens, at, alias, isNewsWord)) ok = false
    }
    if (!ok) continue
    // Written in lower case, a name that is no word the reader knows still names the publisher when a news word or
    // a verb of publishing follows it ("guardian articles", "spiegel says"); a preposition is not enough there
    // ("nouvelles du monde" is the world's news).
    if (alias.match === 'capitalized' && !capitalized(first)
      && (LEXICON_WORDS.has(first.folded) || !(cuedAfter(tokens, at, n, isNewsWord) || fromBefore(tokens, at) || lowerCaseCued(tokens, at, n, isNewsWord)))) continue
    // "le point sur…" is "the latest on…": a name made of an article and a word needs its capital or a cue.
    const articleAndWord = n === 2 && !alias.full && ARTICLES.has(alias.tokens[0]!.folded) && !capitalized(tokens[at + 1]!)
    const needsCue = alias.cue || (german && alias.match === 'capitalized') || articleAndWord
    if (needsCue && !cued(tokens, at, n, isNewsWord)) continue
    return { alias, length: n }
  }
  return undefined
}

/**
 * "hacker news posts": a name of several words ending in a news word, written in lower case, is still the name when
 * a news word or verb of publishing follows it and its other words are no words the reader knows.
 */
function lowerCaseName(tokens: readonly Token[], at: number, alias: Alias, isNewsWord: (t: Token) => boolean): boolean {
  const n = alias.tokens.length
  return n > 1 && NEWS_WORDS.has(alias.tokens[n - 1]!.folded) && !alias.cue
    && alias.tokens.slice(0, -1).every((t) => !LEXICON_WORDS.has(t.folded)) && (cuedAfter(tokens, at, n, isNewsWord) || fromBefore(tokens, at))
}

/**
 * "latest from stratechery": English "from" says a source follows; unlike "du" or "de" ("nouvelles du monde") it does
 * not also mean "of".
 */
const fromBefore = (tokens: readonly Token[], at: number) => !tokens[at]!.broken && tokens[at - 1]?.folded === 'from'
/** "from the ft", "the ft's coverage": initials in lower case after "from the", or owning what follows, name the publisher too. */
const fromTheBefore = (tokens: readonly Token[], at: number) => fromBefore(tokens, at)
  || (!tokens[at]!.broken && tokens[at - 1]?.folded === 'the' && !tokens[at - 1]!.broken
    && (tokens[at - 2]?.folded === 'from' || /^['’]s$/u.test(tokens[at + 1]?.text ?? '')))

/** Prepositions that say where stories come from ("du figaro", "vom handelsblatt", "da folha"); no articles. */
const SOURCE_PREPOSITIONS = new Set(['from', 'de', 'del', 'du', 'des', 'von', 'vom', 'aus', 'bei', 'beim', 'da', 'dal', 'dalla', 'della', 'di', 'do', 'chez', 'in', 'im', 'no', 'na', 'en', 'su', 'sul'].map(fold))
/**
 * Publisher heads that are everyday words after a preposition: "nouvelles du monde" is world news, "noticias del
 * país" the country's. (The reader has no dictionary; these are the bundled directory's.)
 */
const EVERYDAY_HEADS = new Set(['monde', 'mundo', 'pais', 'world', 'paese', 'welt', 'post', 'times', 'sun', 'mint', 'economia'].map(fold))
const OPENING_CUES = new Set(['von', 'vom', 'from', 'de', 'del', 'du', 'di', 'da', 'do'].map(fold))
/** Words that go on a noun phrase after the name ("plan de expansión de Inditex"): the name was a word. */
const CONNECTING = new Set(['de', 'del', 'des', 'du', 'di', 'della', 'da', 'do', 'of', 'von'].map(fold))

/**
 * The users write names in lower case ("titulares de expansion", "articles du figaro", "was schreibt
 * spiegel"): a lower-case name that is no word the reader knows still names the publisher after a verb of saying or
 * publishing, or after a preposition of origin or an article when what it wrote about follows or the message asks
 * for news or for what was written, unless a connector carries the noun phrase on ("el plan de expansión de Inditex").
 */
function lowerCaseCued(tokens: readonly Token[], at: number, length: number, isNewsWord: (t: Token) => boolean): boolean {
  const before = tokens[at]!.broken ? undefined : tokens[at - 1]
  const after = tokens[at + length]
  const next = after && !after.broken ? after : undefined
  // Written onto a Japanese or Korean particle, a Latin name stands apart from the words around it: "nhkの経済ニュース".
  if (next && next.script !== 'alpha' && /^(?:の|で|から|より|は|が|의|에서|에|은|는)$/u.test(next.text)) return true
  // The time phrase of "handelsblatt von gestern" is taken out before names are read.
  if (opensMessage(tokens, at, length)) return true
  if (!before || EVERYDAY_HEADS.has(tokens[at]!.folded)) return false
  // "chez bfm": at a publisher's, in French, is always where the stories come from.
  if (VERB_CUES.has(before.folded) || before.folded === 'chez') return true
  // A connector carries a noun phrase on only when a word follows it ("de expansion | de la semana pasada" ends there).
  const connects = next && CONNECTING.has(next.folded) && tokens[at + length + 1] !== undefined && !tokens[at + length + 1]!.broken
  if (!(SOURCE_PREPOSITIONS.has(before.folded) || ARTICLES.has(before.folded)) || connects) return false
  // "¿Hay algo en xataka sobre…?": what it wrote about follows.
  if (next && ABOUT_AFTER.has(next.folded)) return true
  // A request for news, or for what the publisher wrote ("Was hat das handelsblatt gestern geschrieben?").
  return tokens.some((t, i) => (i < at || i >= at + length) && (isNewsWord(t) || VERB_CUES.has(t.folded)))
}

/**
 * A name in initials written in lower case: "chez bfm" (three letters or more, cued as a lower-case name is), "from
 * the ft", "the ft's coverage" (two letters, only after "from the" or owning what follows).
 */
function lowerCaseInitials(tokens: readonly Token[], at: number, alias: Alias, isNewsWord: (t: Token) => boolean): boolean {
  if (alias.tokens.length !== 1) return false
  const initials = alias.tokens[0]!.text
  return (/^\p{Lu}{3,5}$/u.test(initials) && lowerCaseCued(tokens, at, 1, isNewsWord))
    || (/^\p{Lu}{2,5}$/u.test(initials) && fromTheBefore(tokens, at))
}

/** A name that opens the message alone, before a comma, or with where or when its stories are from ("handelsblatt von gestern"). */
const opensMessage = (tokens: readonly Token[], at: number, length: number) => at === 0
  && (tokens[length] === undefined || tokens[length]!.broken || OPENING_CUES.has(tokens[length]!.folded))

/** A German adjective in a name takes case endings: "der Süddeutschen" is "Süddeutsche Zeitung". */
function adjectiveStem(folded: string): string | undefined {
  return /e[nmrs]$/u.test(folded) && folded.length > 5 ? folded.slice(0, -1) : undefined
}

function cued(tokens: readonly Token[], at: number, length: number, isNewsWord: (t: Token) => boolean): boolean {
  const before = tokens[at]!.broken ? undefined : tokens[at - 1]
  if (before && (PREPOSITION_CUES.has(before.folded) || VERB_CUES.has(before.folded))) return true
  // A name standing alone before the rest, as a heading: "Handelsblatt: was gibt es Neues?", "Folha: novidades".
  if (opensMessage(tokens, at, length)) return true
  return cuedAfter(tokens, at, length, isNewsWord)
}

const AUXILIARIES = new Set(['a', 'ha', 'hat', 'has', 'have', 'had', 'tem', 'hanno', 'han', 'ont'].map(fold))

/** "Estadão sobre moradia", "Fortune on tariffs": a name then what it wrote about. */
const ABOUT_AFTER = new Set(['on', 'about', 'sobre', 'sur', 'über', 'ueber', 'zu', 'zum', 'zur', 'su', 'sul', 'sulla', 'عن', 'حول'].map(fold))

function cuedAfter(tokens: readonly Token[], at: number, length: number, isNewsWord: (t: Token) => boolean): boolean {
  const after = tokens[at + length]?.broken ? undefined : tokens[at + length]
  const named = tokens.slice(at, at + length).some((t) => capitalized(t) && !ARTICLES.has(t.folded))
  if (after && at === 0 && named && ABOUT_AFTER.has(after.folded)) return true
  // A possessive or a "from" written after the name is a cue in any language: "X's", "X의", "Xの", "X에서", "Xから".
  // "maddyness a publié", "X hat geschrieben": an auxiliary, then the verb.
  const then = tokens[at + length + 1]
  if (after && AUXILIARIES.has(after.folded) && then && !then.broken && VERB_CUES.has(then.folded)) return true
  return Boolean(after && (VERB_CUES.has(after.folded) || isNewsWord(after) || /^(?:['’]s|의|에서|の|から|より)$/u.test(after.text)))
}
