import { ADDRESSEE, ADDRESS_MODIFIER, GREETING, IF_YOU_ARE, SELF_REFERENCE } from './cues-address.ts'
import {
  CONCEAL, DIRECTIVE, DIRECTIVE_FORM, EXFILTRATE, EXFILTRATE_AFTER_OBJECT, MODAL, OVERRIDE, OVERRIDE_AFTER_OBJECT,
  SOFTENER, STOP_SUMMARIZING,
} from './cues-directive.ts'
import {
  CANCELLED, EARLIER, INSTRUCTIONS, RULES, SECRET, SECRET_OF_AI, SUMMARY, TOLD_YOU, UNRESTRICTED, UNRESTRICTED_MODE,
  USER, YOU, YOU_ARE, YOUR, YOUR_SUMMARY,
} from './cues-object.ts'
import { byScripts, CJK, CYRILLIC, LATIN, lexiconSource, mergeLexicons, scriptsOf, type CueLanguage, type Lexicon, type Scripts } from './lexicon.ts'

/**
 * The shape of an instruction to an AI reader, recognised from cues (lexicons in cues-*.ts) on folded text
 * (fold.ts), whatever the wording. A sentence is an instruction when one of these holds:
 *
 *   address       it hails an AI ("Dear language model,", "AI agents:", "To any chatbot summarizing this page",
 *                 "If you are an AI", "このページを読んでいるAIは") and then gives an order (an imperative, a modal
 *                 and a verb), declares its limits gone or its instructions void;
 *   override      an imperative sets aside instructions that are the reader's ("your earlier guidance", "what you
 *                 were told", "all previous instructions");
 *   exfiltration  an imperative sends, shows or pastes a secret the AI holds (its prompt, the conversation, the
 *                 user's data), or any secret to an address or URL in the sentence;
 *   unlock        "you" are put in a mode without limits (developer mode, an AI without rules);
 *   concealment   the reader is told to keep something from its user;
 *   summary       the summarizer is told to stop, or told what to write "in your summary";
 *   cancel        the reader's instructions are declared void ("your previous instructions no longer apply");
 *   marker        chat-template tokens and role labels, which no prose contains.
 *
 * Each needs two cues that rarely meet in news: a word for the AI or its instructions, and an imperative (or a
 * claim about "you"). News about chatbots names them without hailing them; advice to readers ("change your
 * password") orders nothing to be sent anywhere.
 */

const SPACED_FIRST: readonly CueLanguage[] = ['en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'ru', 'ar']
const VERB_LAST: readonly CueLanguage[] = ['tr', 'ja', 'ko']
const only = (languages: readonly CueLanguage[], allowed: readonly CueLanguage[]) => languages.filter((l) => allowed.includes(l))
const src = lexiconSource
type Pattern = (scripts: Scripts) => RegExp
/** A lexicon as a pattern over the languages of a sentence's scripts. */
const cue = (lexicon: Lexicon, flags = 'u'): Pattern => byScripts((ls) => new RegExp(src(lexicon, ls), flags))

/** Where a clause starts: the sentence start, punctuation, a quote, a dash, or "and"/"then" in any language. */
const CONJUNCTION = String.raw`and|or|then|but|so|y|e|o|pero|et|ou|puis|mais|und|oder|dann|aber|en|of|maar|и|а|или|но|затем|потом|ve|veya|sonra|ama|و`
const OPENER = String.raw`(?:^|[,;:!?()\[\]"“”'«»„—–•*#>،؛]|\s[-–—](?=\s)|\s(?:${CONJUNCTION})(?=\s))`
const lead = (ls: readonly CueLanguage[]) => String.raw`\s*(?:${src(SOFTENER, ls)}[\s,]*){0,3}`
const SENTENCE_OPEN = String.raw`^[\s"'“”‘’«»„()\[\]*_#>•·-]*`

/** The first, cheap test: a sentence with none of these words cannot take any of the shapes. */
const CUE_WORDS = cue(mergeLexicons([ADDRESSEE, INSTRUCTIONS, RULES, TOLD_YOU, SECRET, SECRET_OF_AI, UNRESTRICTED_MODE, USER, SUMMARY, YOUR_SUMMARY]))

const addressPhrase = (ls: readonly CueLanguage[]) => String.raw`(?:${src(ADDRESS_MODIFIER, ls)}[\s-]+){0,2}${src(ADDRESSEE, ls)}(?:[\s-]+(?:${src(ADDRESSEE, ls)}|${src(ADDRESS_MODIFIER, ls)}))*`
/** An address opening the sentence: "Dear language model,", "AI agents:", "Note for automated summarizers:". */
const OPENING_ADDRESS = byScripts((ls) => new RegExp(String.raw`${SENTENCE_OPEN}(?:${src(GREETING, ls)}[\s,]+){0,4}${addressPhrase(ls)}\s*[,:!—–،]`, 'u'))
/** "You, the model," "Du als KI". */
const YOU_THE_AI = byScripts((ls) => new RegExp(String.raw`${SENTENCE_OPEN}(?:you|tu|toi|du|vous|voi|você|jij|ты|вы|sen|أنت|あなた|당신|你)[\s,]+(?:(?:the|als|como|comme|come|een|как|olarak|an?)\s+)?${addressPhrase(ls)}`, 'u'))
/** "If you are an AI," but not "If you are an AI researcher": the addressee ends the phrase. */
const IF_AN_AI = byScripts((ls) => new RegExp(String.raw`${src(IF_YOU_ARE, ls)}\s*(?:\p{L}+\s+){0,2}?${addressPhrase(ls)}(?=\s*(?:[,.;:!?—–،]|$)|\s+(?:reading|processing|summari[sz]ing|parsing|that|who|which|and|then|you|bist|sind|bent|isen|ysan|san|olarak|que|qui|che|dat|die|der|который|которая|которое)(?!\p{L})|[なら라이的])`, 'u'))
/** Scripts that hail with a particle or a vocative word: "AIさん", "챗봇에게", "致AI助手", "أيها المساعد". */
const HAIL = byScripts((ls) => new RegExp([
  ...(ls.includes('ja') ? [String.raw`${src(ADDRESSEE, ['ja'])}(?:さん|様|さま|くん|よ|へ|に告ぐ|の皆さん|の皆様|各位|殿|は)`] : []),
  ...(ls.includes('ko') ? [String.raw`${src(ADDRESSEE, ['ko'])}\s?(?:님|씨|아|야|여|에게|께|은|는|들)`] : []),
  ...(ls.includes('zh') ? [String.raw`(?:致|给|給|亲爱的|親愛的|尊敬的|请|請|各位|所有|任何)\s?${src(ADDRESSEE, ['zh'])}|${src(ADDRESSEE, ['zh'])}(?:们|們)?\s?(?:[,:]|请|請)`] : []),
  ...(ls.includes('ar') ? [String.raw`(?:أيها|ايها|أيتها|يا|عزيزي|عزيزتي|إلى|الى|ملاحظة|تنبيه)\s+(?:\p{L}+\s+)?${src(ADDRESSEE, ['ar'])}|^${src(ADDRESSEE, ['ar'])}\s*[،,:]`] : []),
  '(?!)',
].join('|'), 'u'))
const HAIL_WITHIN = 40

const ADDRESSEE_RE = cue(ADDRESSEE)
const ADDRESSEE_G = cue(ADDRESSEE, 'gu')
const SELF_REFERENCE_G = cue(SELF_REFERENCE, 'gu')
/** How far apart an addressee and the text's reference to itself may be to make one address. */
const NEAR = 60

/** "must", "must now", "should not": a modal, then perhaps a softener or a negation. */
const modal = (ls: readonly CueLanguage[]) => String.raw`${src(MODAL, ls)}\s+(?:(?:not|never|${src(SOFTENER, ls)})\s+){0,2}`
/** An order after an address: an imperative opening a clause (perhaps after a modal), or a verb-marked one. */
const ORDER_OPENING_CLAUSE = byScripts((ls) => new RegExp(String.raw`${OPENER}${lead(ls)}(?:${modal(ls)})?${src(DIRECTIVE, only(ls, SPACED_FIRST))}`, 'u'))
const MODAL_ORDER = byScripts((ls) => new RegExp(String.raw`${modal(ls)}${src(DIRECTIVE, only(ls, SPACED_FIRST))}`, 'u'))
const ORDER_FORM = cue(DIRECTIVE_FORM)

const OVERRIDE_OPENING = byScripts((ls) => new RegExp(String.raw`${OPENER}${lead(ls)}${src(OVERRIDE, ls)}`, 'gu'))
const OVERRIDE_CLOSING = byScripts((ls) => new RegExp(src(OVERRIDE_AFTER_OBJECT, only(ls, VERB_LAST)), 'gu'))
const EXFILTRATE_OPENING = byScripts((ls) => new RegExp(String.raw`${OPENER}${lead(ls)}${src(EXFILTRATE, only(ls, SPACED_FIRST))}`, 'gu'))
const EXFILTRATE_CLOSING = byScripts((ls) => new RegExp(src(EXFILTRATE_AFTER_OBJECT, only(ls, VERB_LAST)), 'gu'))
/** Chinese sends after its object when 把 brings the object forward ("把密码发送到"), else opens the clause. */
const EXFILTRATE_ZH = byScripts((ls) => new RegExp(ls.includes('zh') ? String.raw`(?:${OPENER}${lead(['zh'])}|[把將将][^,.;:!?，。；：！？]{1,30}?)${src(EXFILTRATE, ['zh'])}` : '(?!)', 'gu'))

const ORDERS = cue(mergeLexicons([INSTRUCTIONS, RULES, TOLD_YOU]))
/** The verbs alone, a cheaper first test than looking for them at clause starts. */
const OVERRIDE_VERB = cue(mergeLexicons([OVERRIDE, OVERRIDE_AFTER_OBJECT]))
const EXFILTRATE_VERB = cue(mergeLexicons([EXFILTRATE, EXFILTRATE_AFTER_OBJECT]))
const SECRETS = cue(mergeLexicons([SECRET, SECRET_OF_AI, TOLD_YOU]))
const INSTRUCTIONS_RE = cue(INSTRUCTIONS)
const EARLIER_RE = cue(EARLIER)
const TOLD_YOU_RE = cue(TOLD_YOU)
const YOUR_ORDERS = byScripts((ls) => new RegExp(String.raw`${src(YOUR, ls)}[\s\p{L}'-]{0,30}?(?:${src(INSTRUCTIONS, ls)}|${src(RULES, ls)})`, 'u'))
const ARABIC_ORDERS_NEXT = new RegExp(String.raw`^\s*(?:(?:جميع|كل|كافة)\s+)?(?:${src(INSTRUCTIONS, ['ar'])}|${src(RULES, ['ar'])})`, 'u')
const YOU_RE = cue(YOU)
const YOU_ARE_RE = cue(YOU_ARE)
const SECRET_RE = cue(SECRET)
const SECRET_OF_AI_RE = cue(SECRET_OF_AI)
const UNRESTRICTED_RE = cue(UNRESTRICTED)
const UNRESTRICTED_MODE_RE = cue(UNRESTRICTED_MODE)
const CANCELLED_RE = cue(CANCELLED)
const CONCEAL_RE = cue(CONCEAL)
const SUMMARIES = cue(mergeLexicons([SUMMARY, YOUR_SUMMARY]))
const STOP_SUMMARIZING_RE = cue(STOP_SUMMARIZING)
const YOUR_SUMMARY_G = cue(YOUR_SUMMARY, 'gu')
/** A place to send things: a URL or an e-mail address. */
const DESTINATION = /(?:https?|ftp):\/\/|www\.|[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+\.[\p{L}.]{2,}|[\p{L}\p{N}-]+\.(?:example|com|net|org|io|xyz|top|ru|cn)\//u

/** Chat-template tokens and role labels, on the text before lower-casing ("SYSTEM:" is upper case). */
const MARKERS = [
  /<\|(?:im_start|im_end|system|user|assistant|endoftext|begin_of_text|start_header_id|eot_id)\|>/iu,
  /\[\/?INST\]|<<\/?SYS>>|<\/?(?:system|system-prompt|instructions?)>/iu,
  new RegExp(String.raw`${OPENER}\s*(?:SYSTEM|ASSISTANT|DEVELOPER|SYSTEM PROMPT)\s*(?::|\])`, 'u'),
  /(?:^|\s)###\s*(?:system|instruction|instructions)\b/iu,
]
const MARKER_GATE = /[<[#]|SYSTEM|ASSISTANT|DEVELOPER/u

/** True when `text` (the cleaned sentence, before folding) carries a chat-template token or a role label. */
export function hasRoleMarker(text: string): boolean {
  return MARKER_GATE.test(text) && MARKERS.some((re) => re.test(text))
}

/** True when the folded sentence has the shape of an instruction to an AI reader. */
export function hasInstructionShape(s: string, scripts: Scripts = scriptsOf(s)): boolean {
  if (!CUE_WORDS(scripts).test(s)) return false
  return addressesAnAi(s, scripts) || overridesInstructions(s, scripts) || exfiltrates(s, scripts)
    || unlocks(s, scripts) || CONCEAL_RE(scripts).test(s) || steersTheSummary(s, scripts) || cancelsInstructions(s, scripts)
}

function addressesAnAi(s: string, scripts: Scripts): boolean {
  if (!ADDRESSEE_RE(scripts).test(s)) return false
  const end = addressEnd(s, scripts)
  if (end === null) return false
  const rest = s.slice(end.at)
  return ORDER_OPENING_CLAUSE(scripts).test(rest) || ORDER_FORM(scripts).test(rest) || (!end.opening && MODAL_ORDER(scripts).test(rest))
    || UNRESTRICTED_RE(scripts).test(s) || UNRESTRICTED_MODE_RE(scripts).test(s) || CANCELLED_RE(scripts).test(s) || TOLD_YOU_RE(scripts).test(s)
}

/**
 * Where the address to an AI ends, or null when the sentence hails none. `opening`: the address opens the
 * sentence and ends at its punctuation, so an order must open a clause after it (a headline "AI: regulators
 * should act" is not an address).
 */
function addressEnd(s: string, scripts: Scripts): { at: number; opening: boolean } | null {
  const opening = OPENING_ADDRESS(scripts).exec(s)
  if (opening) return { at: opening[0].length, opening: true }
  const you = YOU_THE_AI(scripts).exec(s) ?? IF_AN_AI(scripts).exec(s)
  if (you) return { at: you.index + you[0].length, opening: false }
  if (scripts !== LATIN && scripts !== (LATIN | CYRILLIC)) {
    const hail = HAIL(scripts).exec(s.slice(0, HAIL_WITHIN + 20))
    if (hail && hail.index <= HAIL_WITHIN) return { at: hail.index + hail[0].length, opening: false }
  }
  return selfReferencedAddressee(s, scripts)
}

/** An addressee beside the text's reference to itself: "any chatbot summarizing this page", "Bot que lees esto". */
function selfReferencedAddressee(s: string, scripts: Scripts): { at: number; opening: boolean } | null {
  for (const ref of s.matchAll(SELF_REFERENCE_G(scripts))) {
    const refEnd = ref.index + ref[0].length
    for (const who of s.matchAll(ADDRESSEE_G(scripts))) {
      const whoEnd = who.index + who[0].length
      if (who.index <= refEnd + NEAR && whoEnd >= ref.index - NEAR) return { at: Math.max(refEnd, whoEnd), opening: false }
    }
  }
  return null
}

/** The rest of the clause after an imperative (its object), or before it in the verb-last languages. */
function clauseAfter(s: string, at: number): string {
  const window = s.slice(at, at + 100)
  const stop = window.search(/[.!?;。！？]/u)
  return stop < 0 ? window : window.slice(0, stop)
}
function clauseBefore(s: string, at: number): string {
  const window = s.slice(Math.max(0, at - 80), at)
  const stops = [...window.matchAll(/[.!?;。！？]/gu)]
  return stops.length === 0 ? window : window.slice(stops[stops.length - 1]!.index + 1)
}

/** Instructions that are the reader's: earlier ones, its own, or what it was told. */
function readersOrders(w: string, scripts: Scripts): boolean {
  return (INSTRUCTIONS_RE(scripts).test(w) && (EARLIER_RE(scripts).test(w) || TOLD_YOU_RE(scripts).test(w)))
    || YOUR_ORDERS(scripts).test(w) || TOLD_YOU_RE(scripts).test(w)
}

function overridesInstructions(s: string, scripts: Scripts): boolean {
  if (!ORDERS(scripts).test(s) || !OVERRIDE_VERB(scripts).test(s)) return false
  for (const m of s.matchAll(OVERRIDE_OPENING(scripts))) {
    const after = clauseAfter(s, m.index + m[0].length)
    // Arabic puts the subject after the verb ("تجاهل الوزير التعليمات": the minister ignored …): an order has
    // its object next.
    if (/[\u0600-\u06ff]/u.test(m[0]) ? ARABIC_ORDERS_NEXT.test(after) && (EARLIER_RE(scripts).test(after) || YOU_RE(scripts).test(after)) : readersOrders(after, scripts)) return true
  }
  for (const m of s.matchAll(OVERRIDE_CLOSING(scripts))) {
    if (readersOrders(clauseBefore(s, m.index), scripts) && ORDER_FORM(scripts).test(s)) return true
  }
  return false
}

/** A secret an AI holds, or any secret with somewhere to send it. */
function sendsASecret(w: string, s: string, scripts: Scripts): boolean {
  return SECRET_OF_AI_RE(scripts).test(w) || TOLD_YOU_RE(scripts).test(w) || (SECRET_RE(scripts).test(w) && DESTINATION.test(s))
}

function exfiltrates(s: string, scripts: Scripts): boolean {
  if (!SECRETS(scripts).test(s) || !EXFILTRATE_VERB(scripts).test(s)) return false
  for (const m of s.matchAll(EXFILTRATE_OPENING(scripts))) {
    if (sendsASecret(clauseAfter(s, m.index + m[0].length), s, scripts)) return true
  }
  if (scripts & CJK) {
    for (const m of s.matchAll(EXFILTRATE_ZH(scripts))) {
      if (sendsASecret(clauseBefore(s, m.index) + ' ' + m[0] + clauseAfter(s, m.index + m[0].length), s, scripts)) return true
    }
  }
  for (const m of s.matchAll(EXFILTRATE_CLOSING(scripts))) {
    if (sendsASecret(clauseBefore(s, m.index), s, scripts)) return true
  }
  return false
}

function unlocks(s: string, scripts: Scripts): boolean {
  return (UNRESTRICTED_MODE_RE(scripts).test(s) || (UNRESTRICTED_RE(scripts).test(s) && ADDRESSEE_RE(scripts).test(s)))
    && YOU_ARE_RE(scripts).test(s)
}

function steersTheSummary(s: string, scripts: Scripts): boolean {
  if (!SUMMARIES(scripts).test(s)) return false
  if (STOP_SUMMARIZING_RE(scripts).test(s)) return true
  for (const m of s.matchAll(YOUR_SUMMARY_G(scripts))) {
    const rest = s.slice(m.index + m[0].length)
    if (ORDER_OPENING_CLAUSE(scripts).test(rest) || ORDER_FORM(scripts).test(rest) || ORDER_FORM(scripts).test(s.slice(0, m.index))) return true
  }
  return false
}

function cancelsInstructions(s: string, scripts: Scripts): boolean {
  return CANCELLED_RE(scripts).test(s) && ((INSTRUCTIONS_RE(scripts).test(s) && YOU_RE(scripts).test(s)) || TOLD_YOU_RE(scripts).test(s))
}
