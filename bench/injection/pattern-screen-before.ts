/**
 * The pattern-list screen as it was at 6a93c0b (src/crawler/quarantine/instruction-patterns.ts and the matching in
 * quarantine.ts), frozen here only so `npm run eval:injection` can time today's screen against it in the same process
 * and show its recall beside the new one. Not used by the service.
 */
import { stripControls } from '../../src/crawler/normalize/html-text.ts'
import { patternAlternation } from '../../src/util/pattern-alternation.ts'

const OPEN = String.raw`^[\s"'“”‘’«»„‚()\[\]{}*_#>\-–—•·]*`

/** "previous instructions" and its kin: the object that makes "ignore …" an injection rather than news. */
const EN_EARLIER = String.raw`(?:all\s+|any\s+)?(?:of\s+)?(?:the\s+|your\s+|my\s+|these\s+|those\s+)?(?:previous|prior|above|earlier|preceding|foregoing|former|original|initial|existing|system)`
// Not "rules" or "guidance": "Forget the previous rules of retail" is a headline, not an attack.
const EN_ORDERS = String.raw`(?:instructions?|prompts?|directives?|commands?|programming)`

const anchored = (body: string) => new RegExp(OPEN + body, 'iu')

const INSTRUCTION_PATTERNS: readonly RegExp[] = [
  // ── Markers that never occur in prose: chat-template tokens and role labels ─────────────────────────────────────
  /<\|(?:im_start|im_end|system|user|assistant|endoftext|begin_of_text|start_header_id|eot_id)\|>/iu,
  /\[\/?INST\]|<<\/?SYS>>|<\/?(?:system|system-prompt|instructions?)>/iu,
  // An upper-case role label opening a clause ("SYSTEM: you are now …"); news writes "system" in lower case.
  new RegExp(OPEN + String.raw`(?:SYSTEM|ASSISTANT|DEVELOPER|SYSTEM PROMPT)\s*(?::|\])`, 'u'),
  new RegExp(OPEN + String.raw`###\s*(?:system|instruction|instructions)\b`, 'iu'),

  // ── English ─────────────────────────────────────────────────────────────────────────────────────────────────────
  anchored(String.raw`(?:please\s+)?(?:ignore|disregard|forget|override|bypass|skip)\s+${EN_EARLIER}\s+${EN_ORDERS}\b`),
  anchored(String.raw`(?:please\s+)?(?:ignore|disregard|forget)\s+(?:all|everything)\s+(?:you\s+(?:were|have\s+been)\s+told|above|before\s+this)`),
  anchored(String.raw`(?:from\s+now\s+on,?\s+you\s+are|you\s+are\s+now)\s+(?:in\s+)?(?:an?\s+)?(?:developer|dev|god|jailbreak|jailbroken|unrestricted|unfiltered|admin|debug|dan)\b`),
  anchored(String.raw`(?:enter|enable|activate|switch\s+to)\s+(?:developer|god|jailbreak|dan)\s+mode\b.*\b(?:you|your)\b`),
  anchored(String.raw`(?:reply|respond|answer|output|print|say)\s+(?:only|just|exclusively)\s+(?:with|in)\b`),
  anchored(String.raw`(?:do\s+not|don't|never)\s+(?:tell|inform|alert|show|mention\s+(?:this\s+)?to|reveal\s+(?:this\s+)?to)\s+the\s+user\b`),
  /\bwithout\s+(?:telling|informing|alerting)\s+the\s+user\b/iu,
  // "If you are an AI, …" but not "If you are an AI researcher, …": the model noun must end the phrase.
  anchored(String.raw`if\s+you\s+are\s+an?\s+(?:ai|a\.i\.|llm|large\s+language\s+model|language\s+model|chatbot|ai[\s-](?:assistant|agent|model|system))(?=\s*(?:[,.;:!?—–-]|reading|processing|summari[sz]ing|and\s+you|then|you\b|$))`),
  /\b(?:note|message|instructions?)\s+(?:to|for)\s+(?:any\s+|all\s+)?(?:ai|llms?|language\s+models?|ai\s+(?:assistants?|agents?)|chatbots?)\s*:/iu,
  /\b(?:ai|llm|language\s+model|ai\s+assistant|ai\s+agent)s?\s+(?:reading|processing|summari[sz]ing|parsing)\s+this\b/iu,
  // Tool calls and exfiltration: a verb an agent executes, with a tool or a destination the agent would send to.
  // A snake_case tool name, or "call all/your tools": "Use the tool to check your pension" is consumer news.
  anchored(String.raw`(?:now\s+)?(?:call|invoke|execute|run|use)\s+(?:the\s+)?[a-z]+_[a-z_]+\b`),
  anchored(String.raw`(?:now\s+)?(?:call|invoke|execute)\s+(?:all\s+|every\s+|your\s+|the\s+available\s+|any\s+)(?:available\s+)?(?:tools?|functions?)\b`),
  anchored(String.raw`(?:then\s+|and\s+)?(?:send|post|forward|upload|transmit|exfiltrate|email|submit)\s+(?:the\s+|all\s+|your\s+|this\s+)?(?:results?|output|responses?|answers?|conversation|chat|history|data|context|system\s+prompt|instructions|tokens?|credentials|keys?|secrets?|memory)\b.*\b(?:to|at)\s+(?:https?:\/\/|www\.|the\s+(?:url|address|endpoint|webhook)|this\s+(?:url|address|endpoint|webhook))`),
  anchored(String.raw`(?:reveal|print|show|repeat|output)\s+(?:your|the)\s+(?:system\s+prompt|hidden\s+instructions|initial\s+instructions|instructions\s+above)\b`),

  // ── Spanish ─────────────────────────────────────────────────────────────────────────────────────────────────────
  anchored(String.raw`(?:por\s+favor,?\s+)?(?:ignora|ignore|ignorad|olvida|olvide|olvidad|descarta|omite)\s+(?:todas?\s+)?(?:las\s+|tus\s+|sus\s+)?(?:instrucciones|indicaciones|órdenes)\s+(?:anteriores|previas|de\s+arriba)`),
  anchored(String.raw`(?:a\s+partir\s+de\s+ahora,?\s+)?(?:ahora\s+eres|ahora\s+estás\s+en)\s+(?:un\s+|una\s+|el\s+)?(?:modo\s+)?(?:desarrollador|dan|sin\s+restricciones|jailbreak)`),
  anchored(String.raw`(?:responde|contesta|responda|conteste)\s+(?:solo|solamente|únicamente)\s+con\b`),
  anchored(String.raw`(?:no\s+(?:le\s+)?(?:digas|diga|informes|informe|cuentes|cuente|menciones))\s+(?:nada\s+)?(?:esto\s+)?al\s+usuario`),
  anchored(String.raw`si\s+(?:eres|es\s+usted)\s+(?:una?\s+)?(?:ia|inteligencia\s+artificial|modelo\s+de\s+lenguaje)(?=\s*(?:[,.;:!?]|$))`),

  // ── French ──────────────────────────────────────────────────────────────────────────────────────────────────────
  anchored(String.raw`(?:s'il\s+(?:te|vous)\s+plaît,?\s+)?(?:ignore|ignorez|oublie|oubliez|néglige|négligez)\s+(?:toutes\s+)?(?:les\s+|tes\s+|vos\s+)?(?:instructions|consignes|directives)\s+(?:précédentes|antérieures|ci-dessus|données)`),
  anchored(String.raw`(?:désormais,?\s+|à\s+partir\s+de\s+maintenant,?\s+)?(?:tu\s+es|vous\s+êtes)\s+(?:maintenant|désormais)\s+(?:en\s+)?(?:mode\s+)?(?:développeur|dan|sans\s+restriction|jailbreak)`),
  anchored(String.raw`(?:réponds|répondez)\s+(?:uniquement|seulement|exclusivement)\b`),
  anchored(String.raw`ne\s+(?:le\s+|lui\s+)?(?:dis|dites|révèle|révélez|mentionne|mentionnez)\s+(?:rien\s+|pas\s+(?:ceci\s+|cela\s+)?)?à\s+l'utilisat(?:eur|rice)`),
  anchored(String.raw`si\s+(?:tu\s+es|vous\s+êtes)\s+(?:une?\s+)?(?:ia|intelligence\s+artificielle|modèle\s+de\s+langage)(?=\s*(?:[,.;:!?]|$))`),

  // ── German ──────────────────────────────────────────────────────────────────────────────────────────────────────
  anchored(String.raw`(?:bitte\s+)?(?:ignoriere|ignorieren\s+sie|vergiss|vergessen\s+sie|missachte)\s+(?:alle\s+)?(?:deine\s+|ihre\s+|die\s+)?(?:vorherigen|bisherigen|obigen|vorigen|früheren|ursprünglichen)\s+(?:anweisungen|instruktionen|befehle)`),
  anchored(String.raw`(?:ab\s+jetzt\s+|von\s+nun\s+an\s+)?(?:du\s+bist|sie\s+sind)\s+(?:jetzt|nun|ab\s+sofort)\s+(?:im\s+)?(?:entwicklermodus|entwickler-modus|dan|ohne\s+einschränkungen|jailbreak)`),
  anchored(String.raw`(?:antworte|antworten\s+sie)\s+(?:nur|ausschließlich|lediglich)\s+mit\b`),
  anchored(String.raw`(?:sag|sage|sagen\s+sie|verrate|verraten\s+sie)\s+(?:dem|der)\s+(?:benutzer|nutzer|anwender)(?:in)?\s+nichts`),
  anchored(String.raw`(?:wenn|falls)\s+(?:du|sie)\s+(?:eine?\s+)?(?:ki|künstliche\s+intelligenz|sprachmodell|ki-assistent)\s+(?:bist|sind)\b`),

  // ── Italian ─────────────────────────────────────────────────────────────────────────────────────────────────────
  anchored(String.raw`(?:per\s+favore,?\s+)?(?:ignora|ignorate|ignori|dimentica|dimenticate|dimentichi)\s+(?:tutte\s+)?(?:le\s+)?(?:tue\s+|sue\s+)?(?:istruzioni|indicazioni|direttive)\s+(?:precedenti|di\s+sopra|iniziali)`),
  anchored(String.raw`(?:d'ora\s+in\s+poi,?\s+)?(?:ora|adesso)\s+sei\s+(?:in\s+)?(?:modalità\s+)?(?:sviluppatore|dan|senza\s+restrizioni|jailbreak)`),
  anchored(String.raw`(?:rispondi|risponda|rispondete)\s+(?:solo|soltanto|unicamente|esclusivamente)\s+con\b`),
  anchored(String.raw`non\s+(?:dire|dirlo|rivelare|menzionare|dica)\s+(?:nulla\s+|niente\s+)?all'utente`),
  anchored(String.raw`se\s+(?:sei|è)\s+(?:una?\s+|un'\s*)?(?:ia|intelligenza\s+artificiale|modello\s+linguistico)(?=\s*(?:[,.;:!?]|$))`),

  // ── Portuguese ──────────────────────────────────────────────────────────────────────────────────────────────────
  anchored(String.raw`(?:por\s+favor,?\s+)?(?:ignore|ignora|ignorem|esqueça|esquece|desconsidere)\s+(?:todas\s+)?(?:as\s+)?(?:suas\s+|tuas\s+)?(?:instruções|orientações|ordens)\s+(?:anteriores|prévias|acima)`),
  anchored(String.raw`(?:a\s+partir\s+de\s+agora,?\s+)?(?:agora\s+você\s+é|agora\s+és|você\s+agora\s+é|você\s+está\s+agora\s+em)\s+(?:um\s+|uma\s+|o\s+)?(?:modo\s+)?(?:desenvolvedor|programador|dan|sem\s+restrições|jailbreak)`),
  anchored(String.raw`(?:responda|responde|respondam)\s+(?:apenas|somente|unicamente|só)\s+com\b`),
  anchored(String.raw`não\s+(?:diga|conte|revele|mencione|informe)\s+(?:nada\s+)?(?:isso\s+)?ao\s+(?:usuário|utilizador)`),
  anchored(String.raw`se\s+(?:você\s+(?:é|for)|és)\s+(?:uma?\s+)?(?:ia|inteligência\s+artificial|modelo\s+de\s+linguagem)(?=\s*(?:[,.;:!?]|$))`),

  // ── Japanese (no spaces, no case: the phrase itself is the anchor) ─────────────────────────────────────────────
  /(?:以前|これまで|前|上記|先ほど|今まで|最初)の(?:すべての|全ての|全)?(?:指示|命令|指令|プロンプト)(?:を|は)(?:すべて|全て)?(?:無視|忘れ)/u,
  /(?:指示|命令|プロンプト)を(?:すべて|全て)無視/u,
  /(?:あなたは|君は)(?:今から|これから|今|現在)?(?:開発者モード|DANモード|制限のない|脱獄)/u,
  /(?:のみ|だけ)で(?:返答|回答|応答|返事)(?:して|しろ|せよ|してください)/u,
  /ユーザー(?:に|には)(?:知らせ|伝え|言わ|教え)(?:ないで|るな)/u,
  /(?:あなたが|もしあなたが)(?:AI|ＡＩ|人工知能|言語モデル)(?:なら|であれば|の場合)/u,

  // ── Korean ──────────────────────────────────────────────────────────────────────────────────────────────────────
  /(?:이전|위|앞|기존|지금까지)(?:의)?\s*(?:모든\s*)?(?:지시|지침|명령|프롬프트)(?:사항)?(?:을|를|은|는)?\s*(?:모두\s*)?(?:무시|잊어)/u,
  /(?:지금부터|이제부터|이제)\s*(?:당신은|너는)\s*(?:개발자\s*모드|DAN|제한\s*없는|탈옥)/u,
  /(?:만|로만|으로만)\s*(?:답|대답|응답)(?:하라|하세요|하십시오|해라|해)/u,
  /사용자에게\s*(?:알리지|말하지|전하지|보여주지)\s*(?:마|말)/u,
  /(?:당신이|네가|만약\s*당신이)\s*(?:AI|인공지능|언어\s*모델)(?:라면|이라면)/u,

  // ── Arabic ──────────────────────────────────────────────────────────────────────────────────────────────────────
  /(?:تجاهل|تجاهلي|تجاهلوا|انس|انسَ|اِنسَ)\s+(?:جميع\s+|كل\s+)?(?:التعليمات|الأوامر|التوجيهات)\s+(?:السابقة|أعلاه|الأصلية)/u,
  /(?:أنت|انت)\s+الآن\s+(?:في\s+)?(?:وضع\s+المطور|وضع\s+DAN|بدون\s+قيود|نموذج\s+غير\s+مقيد)/u,
  /(?:أجب|أجيبي|أجيبوا|رد|ردي)\s+فقط\s+(?:ب|بـ)/u,
  /لا\s+(?:تخبر|تخبري|تُخبر|تذكر|تُعلم|تعلم)\s+المستخدم/u,
  /إذا\s+كنت\s+(?:ذكاء\s+اصطناعي|ذكاءً\s+اصطناعيًا|نموذج\s+لغوي|نموذجًا\s+لغويًا)/u,
]

/**
 * What a clause must contain before the patterns that can match away from its start are worth trying: each of those
 * patterns (the ones whose source does not begin with `^`) holds one of these literals outside any optional part, so
 * a clause without one cannot match it. Tested against every such pattern's source (quarantine.test.ts); a new
 * pattern of that kind adds its literal here. Same flags as the patterns they gate, so case folds alike.
 */
const ANYWHERE_GATES = {
  /** Chat-template markers, role tags, "without telling the user", "note to AI:", "AI reading this". */
  iu: /[<[:]|without|this/iu,
  /** The Japanese, Korean and Arabic patterns: each needs a character of its script. */
  u: /[\u0600-\u06ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/u,
} as const

/** collapseWhitespace as it was then (every whitespace run replaced, single spaces too). */
function collapseWhitespace(s: string): string {
  return s.replace(/[\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/g, ' ').trim()
}

const isAnchored = (re: RegExp) => re.source.startsWith('^')
const group = (flags: 'iu' | 'u') => {
  const patterns = INSTRUCTION_PATTERNS.filter((re) => re.flags === flags)
  return {
    atStart: patternAlternation(patterns.filter(isAnchored), flags),
    anywhere: patternAlternation(patterns.filter((re) => !isAnchored(re)), flags),
    gate: ANYWHERE_GATES[flags],
  }
}
const GROUPS = [group('iu'), group('u')]

function matchesAnyPattern(clause: string): boolean {
  for (const g of GROUPS) {
    if (g.atStart.test(clause) || (g.gate.test(clause) && g.anywhere.test(clause))) return true
  }
  return false
}

/** isInstructionLike as of 6a93c0b. */
export function isInstructionLikeBefore(sentence: string): boolean {
  const text = collapseWhitespace(stripControls(sentence).normalize('NFKC'))
  if (text === '') return false
  if (!text.includes(';') && !text.includes(':')) return matchesAnyPattern(text)
  const clauses = new Set([text, ...text.split(';'), ...text.split(/[;:]/)].map((c) => c.trim()).filter((c) => c !== ''))
  for (const clause of clauses) {
    if (matchesAnyPattern(clause)) return true
  }
  return false
}
