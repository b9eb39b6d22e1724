import type { Item, Label } from './label.ts'

/**
 * People often say who they are or why they ask before asking: "I have a meeting with my bank tomorrow. Anything on
 * interest rates this week?", "Je travaille dans le marketing à Lille. Auriez-vous quelque chose sur Decathlon ?".
 * The words of such a sentence are not what to search for. A sentence of a message of several is context when it
 * names nothing a request names (no news word, publisher, count, list of topics or sources, question about the
 * agent, language) and is neither a question nor the last sentence, and the rest of the message names what to look
 * for; its words become grammar, except topic words, which still say which beat the person follows ("I mostly follow
 * marketing. Anything about TikTok Shop?").
 * A message that is all context is read whole, as before. A clause set off by a comma, colon or semicolon ("Sono una
 * designer di Milano: quali sono…", "다음 주에 은행 대출 상담이 있는데요, 지난주에…") is context by the same test only
 * when it is a clause of its own (isClause): a comma also separates the names of a list ("Tesla, Rivian, Lucid
 * news") and the subject from the question about it ("E sobre a Petrobras, tem algo no InfoMoney?").
 */

/**
 * What only a request names. "about" words are not among them: "with", "for", "on" also tell a story; nor words for
 * topics, which a statement uses too ("quero acompanhar melhor o setor"): asking for the list is a question.
 */
const REQUEST_KINDS = new Set<Label['kind']>(['news', 'help', 'sources', 'count', 'limit', 'counter', 'source', 'lang'])

/** A question about the agent or its publishers: it needs nothing named. */
const ABOUT_THE_AGENT = new Set<Label['kind']>(['help', 'sources'])

/** What names something to look for: a subject, a topic or a publisher. */
const NAMING_KINDS = new Set<Label['kind']>(['content', 'topic', 'source'])

/** Ends a sentence: a full stop before a space, or ! ? … and their CJK and Arabic forms; ¿ and ¡ open one. */
const SENTENCE_END = /[.!?。！？؟](?=\s|$)|[!?。！？؟…]/u
const SENTENCE_START = /[¿¡]/u
const QUESTION = /[?？؟]/u
const CLAUSE_END = /[,;:，；：、،]|\s[–—-]\s/u

interface Sentence {
  items: Item[]
  question: boolean
  /** Ends on a colon: "Lavoro come commerciale: quali sono…" introduces the request. */
  colon: boolean
  /** Set off by a comma, colon or semicolon only, not by the end of a sentence. */
  clause: boolean
}

/**
 * A clause of its own, not an item of a list of names nor a bare subject ("celulares baratos, ¿qué salió…?"): a
 * content or topic word of its own and two words of grammar (one before a colon), or an opening "I"; and no word
 * introducing a subject ("E sobre a Petrobras, tem algo…" asks about Petrobras).
 */
const isClause = (items: Item[], colon = false) => !items.some((item) => item.label.kind === 'about')
  && items.some((item) => item.label.kind === 'content' || item.label.kind === 'topic')
  && (FIRST_PERSON.has(items[0]!.token.lower) || items.filter((item) => item.label.kind === 'stop').length >= (colon ? 1 : 2))

/** A clause that opens on "I" says who asks ("أنا صاحب شركة ناشئة،", "I run growth at a startup,"). */
const FIRST_PERSON = new Set(['i', "i'm", 'im', 'je', "j'", 'ich', 'yo', 'io', 'eu', 'أنا', 'انا', '私', '僕', '저는', '나는', '제가', '내가'])

/**
 * A section named as such names the beat ("人材・キャリアの分野で", "nella sezione Design", "im Bereich Vertrieb"): a
 * word for topics beside a topic word, with at most grammar between.
 */
function namesSection(items: Item[]): boolean {
  return items.some((item, i) => {
    if (item.label.kind !== 'topics') return false
    const near = (step: number) => {
      for (let k = i + step; k >= 0 && k < items.length && Math.abs(k - i) <= 3; k += step) {
        if (items[k]!.label.kind === 'topic') return true
        if (items[k]!.label.kind !== 'stop') return false
      }
      return false
    }
    return near(-1) || near(1)
  })
}

/** `text` is the string the items' tokens were cut from (their offsets index it). */
export function dropContextSentences(items: Item[], text: string): void {
  const sentences = splitSentences(items, text)
  if (sentences.length < 2) return
  const asks = (s: Sentence) => s.items.some((item) => REQUEST_KINDS.has(item.label.kind)) || namesSection(s.items)
  // After the request, a news word alone does not ask again: "Brauche einen Überblick für unser Montagsmeeting."
  const asksAfter = (s: Sentence, i: number) => (i > 0 && sentences.slice(0, i).some(asks)
    ? s.items.some((item) => REQUEST_KINDS.has(item.label.kind) && item.label.kind !== 'news') : asks(s))
  const context = sentences.filter((s, i) => !s.question && !asksAfter(s, i) && (!s.clause || isClause(s.items, s.colon))
    // The last sentence is the request, unless one before asks and it is a clause of its own: "Give me the top 5
    // sales stories from last week, I have a pipeline review at 9."
    && (i < sentences.length - 1 || (isClause(s.items) && sentences.slice(0, i).some(asks))))
  if (context.length === 0 || context.length === sentences.length) return
  // The rest must name what to look for; "le prix de l'électricité, quoi de neuf depuis lundi ?" names it first.
  const rest = sentences.filter((s) => !context.includes(s)).flatMap((s) => s.items)
  // A question about the agent or its lists names nothing and needs nothing named: "what can you do for me? I'm a
  // marketer trying to keep tabs on competitors".
  const aboutTheAgent = rest.some((item) => ABOUT_THE_AGENT.has(item.label.kind))
  if (!aboutTheAgent && !rest.some((item) => NAMING_KINDS.has(item.label.kind))) return
  // Their topic words name the beat only when the request names none of its own.
  const ownTopic = aboutTheAgent || rest.some((item) => item.label.kind === 'topic')
  for (const sentence of context) {
    for (const item of sentence.items) if (ownTopic || item.label.kind !== 'topic') item.label = { kind: 'stop' }
  }
}

function splitSentences(items: Item[], text: string): Sentence[] {
  const sentences: Sentence[] = []
  let current: Item[] = []
  let previousEnd = 0
  const close = (gap: string, clause: boolean) => {
    if (current.length) sentences.push({ items: current, question: QUESTION.test(gap), clause, colon: /[:：]/u.test(gap) })
    current = []
  }
  for (const item of items) {
    const gap = text.slice(previousEnd, item.token.start)
    const sentenceEnd = SENTENCE_END.test(gap) || SENTENCE_START.test(gap)
    if (current.length && (sentenceEnd || CLAUSE_END.test(gap))) close(gap, !sentenceEnd)
    current.push(item)
    previousEnd = item.token.end
  }
  close(text.slice(previousEnd), false)
  return sentences
}

/**
 * "I was gonna ask about crypto but never mind, just show me…", "Quería preguntarte por el Mundial pero da igual,
 * ¿qué temas cubres?": what comes before a retraction is no request. The retraction must end its clause (a comma, a
 * stop, a dash), so "never mind the headlines" stays as written.
 */
const RETRACTION = new RegExp(String.raw`^.*?(?:never ?mind|forget (?:it|that)|scratch that|da igual|olv[ií]dalo|no importa|laisse tomber|peu importe|oublie(?:z)? [çc]a|egal|vergiss es|lascia perdere|non importa|lascia stare|deixa (?:pra|para) l[áa]|esquece|됐고|됐어|まあいいや|いいや|やっぱり|لا يهم|انس(?:ى)? ذلك)\s*[,.;:!…—–-]+\s*`, 'iu')

export function withoutRetracted(text: string): string {
  const cut = text.replace(RETRACTION, '')
  return cut.trim() ? cut : text
}
