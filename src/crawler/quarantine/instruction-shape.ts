import { ADDRESSEE, ADDRESS_MODIFIER, GREETING, IF_YOU_ARE, SELF_REFERENCE } from './cues-address.ts'
import {
  CONCEAL, DIRECTIVE, DIRECTIVE_FORM, EXFILTRATE, EXFILTRATE_AFTER_OBJECT, MODAL, OVERRIDE, OVERRIDE_AFTER_OBJECT,
  SOFTENER, STOP_SUMMARIZING,
} from './cues-directive.ts'
import {
  CANCELLED, EARLIER, INSTRUCTIONS, RULES, SECRET, SECRET_OF_AI, SUMMARY, TOLD_YOU, UNRESTRICTED, UNRESTRICTED_MODE,
  USER, YOU, YOU_ARE, YOUR, YOUR_SUMMARY,
} from './cues-object.ts'
import { lexiconPattern, lexiconSource, unionPattern, type CueLanguage } from './lexicon.ts'

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
const src = lexiconSource

/** Where a clause starts: the sentence start, punctuation, a quote, a dash, or "and"/"then" in any language. */
const CONJUNCTION = String.raw`and|or|then|but|so|y|e|o|pero|et|ou|puis|mais|und|oder|dann|aber|en|of|maar|и|а|или|но|затем|потом|ve|veya|sonra|ama|و`
const OPENER = String.raw`(?:^|[,;:!?()\[\]"“”'«»„—–•*#>،؛]|\s[-–—]\s|(?<=\s)(?:${CONJUNCTION})(?=\s))`
const LEAD = String.raw`\s*(?:(?:${src(SOFTENER)})[\s,]*){0,3}`
const SENTENCE_OPEN = String.raw`^[\s"'“”‘’«»„()\[\]*_#>•·-]*`

/** The first, cheap test: a sentence with none of these words cannot take any of the shapes. */
const CUE_WORDS = unionPattern([ADDRESSEE, INSTRUCTIONS, RULES, TOLD_YOU, SECRET, SECRET_OF_AI, UNRESTRICTED_MODE, USER, SUMMARY, YOUR_SUMMARY])

const ADDRESS_PHRASE = String.raw`(?:(?:${src(ADDRESS_MODIFIER)})[\s-]+){0,2}(?:${src(ADDRESSEE)})(?:[\s-]+(?:${src(ADDRESSEE)}|${src(ADDRESS_MODIFIER)}))*`
/** An address opening the sentence: "Dear language model,", "AI agents:", "Note for automated summarizers:". */
const OPENING_ADDRESS = new RegExp(String.raw`${SENTENCE_OPEN}(?:(?:${src(GREETING)})[\s,]+){0,4}${ADDRESS_PHRASE}\s*[,:!—–،]`, 'u')
/** "You, the model," "Du als KI". */
const YOU_THE_AI = new RegExp(String.raw`${SENTENCE_OPEN}(?:you|tu|toi|du|vous|voi|você|jij|ты|вы|sen|أنت|あなた|당신|你)[\s,]+(?:(?:the|als|como|comme|come|een|как|olarak|an?)\s+)?${ADDRESS_PHRASE}`, 'u')
/** "If you are an AI," but not "If you are an AI researcher": the addressee ends the phrase. */
const IF_AN_AI = new RegExp(String.raw`(?:${src(IF_YOU_ARE)})\s*(?:\p{L}+\s+){0,2}?${ADDRESS_PHRASE}(?=\s*(?:[,.;:!?—–،]|$)|\s+(?:reading|processing|summari[sz]ing|parsing|that|who|which|and|then|you|bist|sind|bent|isen|ysan|san|olarak|que|qui|che|dat|die|der|который|которая|которое)(?!\p{L})|[なら라이的])`, 'u')
/** Scripts that hail with a particle or a vocative word: "AIさん", "챗봇에게", "致AI助手", "أيها المساعد". */
const HAIL = new RegExp([
  String.raw`(?:${src(ADDRESSEE, ['ja'])})(?:さん|様|さま|くん|よ|へ|に告ぐ|の皆さん|の皆様|各位|殿|は)`,
  String.raw`(?:${src(ADDRESSEE, ['ko'])})\s?(?:님|씨|아|야|여|에게|께|은|는|들)`,
  String.raw`(?:致|给|給|亲爱的|親愛的|尊敬的|请|請|各位|所有|任何)\s?(?:${src(ADDRESSEE, ['zh'])})|(?:${src(ADDRESSEE, ['zh'])})(?:们|們)?\s?(?:[,:]|请|請)`,
  String.raw`(?:أيها|ايها|أيتها|يا|عزيزي|عزيزتي|إلى|الى|ملاحظة|تنبيه)\s+(?:\p{L}+\s+)?(?:${src(ADDRESSEE, ['ar'])})|^(?:${src(ADDRESSEE, ['ar'])})\s*[،,:]`,
].join('|'), 'u')
const HAIL_WITHIN = 40

const ADDRESSEE_G = lexiconPattern(ADDRESSEE, 'gu')
const SELF_REFERENCE_G = lexiconPattern(SELF_REFERENCE, 'gu')
/** How far apart an addressee and the text's reference to itself may be to make one address. */
const NEAR = 60

/** An order after an address: an imperative opening a clause, a modal and a verb, or a verb-marked imperative. */
const SPACED_DIRECTIVE = src(DIRECTIVE, SPACED_FIRST)
const ORDER_OPENING_CLAUSE = new RegExp(String.raw`${OPENER}${LEAD}(?:(?:${src(MODAL)})\s+)?(?:${SPACED_DIRECTIVE})`, 'u')
const MODAL_ORDER = new RegExp(String.raw`(?:${src(MODAL)})\s+(?:not\s+)?(?:${SPACED_DIRECTIVE})`, 'u')
const ORDER_FORM = lexiconPattern(DIRECTIVE_FORM)

const OVERRIDE_OPENING = new RegExp(String.raw`${OPENER}${LEAD}(?:${src(OVERRIDE)})`, 'gu')
const OVERRIDE_CLOSING = new RegExp(src(OVERRIDE_AFTER_OBJECT, VERB_LAST), 'gu')
const EXFILTRATE_OPENING = new RegExp(String.raw`${OPENER}${LEAD}(?:${src(EXFILTRATE, SPACED_FIRST)})`, 'gu')
const EXFILTRATE_ANYWHERE = new RegExp(src(EXFILTRATE, ['zh']), 'gu')
const EXFILTRATE_CLOSING = new RegExp(src(EXFILTRATE_AFTER_OBJECT, VERB_LAST), 'gu')

const INSTRUCTIONS_RE = lexiconPattern(INSTRUCTIONS)
const EARLIER_RE = lexiconPattern(EARLIER)
const TOLD_YOU_RE = lexiconPattern(TOLD_YOU)
const YOUR_ORDERS = new RegExp(String.raw`(?:${src(YOUR)})[\s\p{L}'-]{0,30}?(?:${src(INSTRUCTIONS)}|${src(RULES)})`, 'u')
const ARABIC_ORDERS_NEXT = new RegExp(String.raw`^\s*(?:(?:جميع|كل|كافة)\s+)?(?:${src(INSTRUCTIONS, ['ar'])}|${src(RULES, ['ar'])})`, 'u')
const YOU_RE = lexiconPattern(YOU)
const YOU_ARE_RE = lexiconPattern(YOU_ARE)
const SECRET_RE = lexiconPattern(SECRET)
const SECRET_OF_AI_RE = lexiconPattern(SECRET_OF_AI)
const UNRESTRICTED_RE = lexiconPattern(UNRESTRICTED)
const UNRESTRICTED_MODE_RE = lexiconPattern(UNRESTRICTED_MODE)
const CANCELLED_RE = lexiconPattern(CANCELLED)
const CONCEAL_RE = lexiconPattern(CONCEAL)
const STOP_SUMMARIZING_RE = lexiconPattern(STOP_SUMMARIZING)
const YOUR_SUMMARY_G = lexiconPattern(YOUR_SUMMARY, 'gu')
const ADDRESSEE_RE = lexiconPattern(ADDRESSEE)
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
export function hasInstructionShape(s: string): boolean {
  if (!CUE_WORDS.test(s)) return false
  return addressesAnAi(s) || overridesInstructions(s) || exfiltrates(s) || unlocks(s) || CONCEAL_RE.test(s)
    || steersTheSummary(s) || cancelsInstructions(s)
}

function addressesAnAi(s: string): boolean {
  const end = addressEnd(s)
  if (end === null) return false
  const rest = s.slice(end.at)
  return ORDER_OPENING_CLAUSE.test(rest) || ORDER_FORM.test(rest) || (!end.opening && MODAL_ORDER.test(rest))
    || UNRESTRICTED_RE.test(s) || UNRESTRICTED_MODE_RE.test(s) || CANCELLED_RE.test(s) || TOLD_YOU_RE.test(s)
}

/**
 * Where the address to an AI ends, or null when the sentence hails none. `opening`: the address opens the
 * sentence and ends at its punctuation, so an order must open a clause after it (a headline "AI: regulators
 * should act" is not an address).
 */
function addressEnd(s: string): { at: number; opening: boolean } | null {
  if (!ADDRESSEE_RE.test(s)) return null
  const opening = OPENING_ADDRESS.exec(s)
  if (opening) return { at: opening[0].length, opening: true }
  const you = YOU_THE_AI.exec(s) ?? IF_AN_AI.exec(s)
  if (you) return { at: you.index + you[0].length, opening: false }
  const hail = HAIL.exec(s)
  if (hail && hail.index <= HAIL_WITHIN) return { at: hail.index + hail[0].length, opening: false }
  return selfReferencedAddressee(s)
}

/** An addressee beside the text's reference to itself: "any chatbot summarizing this page", "Bot que lees esto". */
function selfReferencedAddressee(s: string): { at: number; opening: boolean } | null {
  for (const ref of s.matchAll(SELF_REFERENCE_G)) {
    const refEnd = ref.index + ref[0].length
    for (const who of s.matchAll(ADDRESSEE_G)) {
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
function readersOrders(w: string): boolean {
  return (INSTRUCTIONS_RE.test(w) && (EARLIER_RE.test(w) || TOLD_YOU_RE.test(w))) || YOUR_ORDERS.test(w) || TOLD_YOU_RE.test(w)
}

function overridesInstructions(s: string): boolean {
  for (const m of s.matchAll(OVERRIDE_OPENING)) {
    const after = clauseAfter(s, m.index + m[0].length)
    // Arabic puts the subject after the verb ("تجاهل الوزير التعليمات": the minister ignored …): an order has
    // its object next.
    if (/[\u0600-\u06ff]/u.test(m[0]) ? ARABIC_ORDERS_NEXT.test(after) && (EARLIER_RE.test(after) || YOU_RE.test(after)) : readersOrders(after)) return true
  }
  for (const m of s.matchAll(OVERRIDE_CLOSING)) {
    if (readersOrders(clauseBefore(s, m.index)) && ORDER_FORM.test(s)) return true
  }
  return false
}

/** A secret an AI holds, or any secret with somewhere to send it. */
function sendsASecret(w: string, s: string): boolean {
  return SECRET_OF_AI_RE.test(w) || TOLD_YOU_RE.test(w) || (SECRET_RE.test(w) && DESTINATION.test(s))
}

function exfiltrates(s: string): boolean {
  for (const m of s.matchAll(EXFILTRATE_OPENING)) {
    if (sendsASecret(clauseAfter(s, m.index + m[0].length), s)) return true
  }
  for (const m of s.matchAll(EXFILTRATE_ANYWHERE)) {
    if (sendsASecret(clauseBefore(s, m.index) + ' ' + clauseAfter(s, m.index + m[0].length), s)) return true
  }
  for (const m of s.matchAll(EXFILTRATE_CLOSING)) {
    if (sendsASecret(clauseBefore(s, m.index), s)) return true
  }
  return false
}

function unlocks(s: string): boolean {
  return YOU_ARE_RE.test(s) && (UNRESTRICTED_MODE_RE.test(s) || (UNRESTRICTED_RE.test(s) && ADDRESSEE_RE.test(s)))
}

function steersTheSummary(s: string): boolean {
  if (STOP_SUMMARIZING_RE.test(s)) return true
  for (const m of s.matchAll(YOUR_SUMMARY_G)) {
    const rest = s.slice(m.index + m[0].length)
    if (ORDER_OPENING_CLAUSE.test(rest) || ORDER_FORM.test(rest) || ORDER_FORM.test(s.slice(0, m.index))) return true
  }
  return false
}

function cancelsInstructions(s: string): boolean {
  return CANCELLED_RE.test(s) && ((INSTRUCTIONS_RE.test(s) && YOU_RE.test(s)) || TOLD_YOU_RE.test(s))
}
