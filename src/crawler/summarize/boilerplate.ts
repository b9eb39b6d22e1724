/**
 * What an extractive summary must never quote: newsletter prompts, "Read more" links, copyright lines, photo credits,
 * bylines, share buttons, feed footers ("The post … appeared first on …"), in the nine languages; and the dateline that
 * wire copy puts before its first sentence ("LONDON (Reuters) -"), which is cut off rather than dropped.
 */
import { patternAlternation } from '../../util/pattern-alternation.ts'

/** Whole-sentence boilerplate: matched anywhere in the sentence. */
export const ANYWHERE: RegExp[] = [
  // A prompt: "Sign up for our newsletter", "Subscribe to get alerts" (not "voters who register by Friday will receive
  // updates": the verb must ask for something).
  /\b(sign up|subscribe|register|opt in)( (now|today|here|free))? (for|to)\b.{0,60}\b(newsletters?|briefings?|alerts?|inbox|e-?mails?|updates)\b/i,
  /\b(get|receive|join|try)\b.{0,30}\bour\b.{0,40}\b(newsletter|briefing|podcast|app)\b/i,
  /\ball rights reserved\b/i,
  /©|\(c\)\s*(19|20)\d\d/i,
  /\bappeared first on\b/i,
  /\bthis (article|story|post) (was|has been|is) (originally|first)? ?(published|updated|corrected|produced)\b/i,
  // The site's own policies and app; a company's privacy policy, terms of service or app is news ("WhatsApp said its
  // new privacy policy…", "Users can download the app from Monday").
  /\b(accept (all )?cookies|we use cookies|our (privacy|cookie) (policy|notice)|our terms( of (use|service)| and conditions))\b/i,
  /\b(download|get) our app\b/i,
  /\b(follow us on|share (this|on) (article|story|facebook|twitter|x|linkedin)|click here|tap here)\b/i,
  // Photo credits ("Photo by Jane Doe/Getty Images", "(AP Photo/Evan Vucci)", "REUTERS/Kevin Lamarque"), not news about the
  // agencies ("Getty Images agreed to go public…", "Shutterstock shares rose 5%").
  /(\/|\bvia |\b(photo|image|picture)s?( by [^/]{1,40}\/| copyright| credit:?|:))\s*(getty images|shutterstock|istock|afp|epa)\b|\bap photo\b|\bepa-efe\b|\breuters\/[A-Z]/i,
  /\b\d+\s*(min|minute)s? read\b/i,
  /\b(javascript|your browser) (is )?(disabled|not supported|does not support)\b/i,
  // Newsletter and feed footers: forwarded-mail prompts, share prompts, paywall pitches.
  /\b(forward(ed)? (it|this)( e-?mail| newsletter| briefing)? to (a|your) (friend|colleague)s?|(someone|a friend|a colleague) forwarded (you )?(this|it)|was this (e-?mail|newsletter) forwarded)\b/i,
  /\b(share (it|this)( article| story| newsletter)? with (a friend|a colleague|your (friends|network|colleagues))|enjoyed this (story|article|newsletter|briefing)\?)/i,
  /\bsubscribe (to|now|today)\b.{0,60}\b(access|journalism|newsletters?|updates|inbox)\b|\bunlimited (digital )?access to (our|all of our)\b/i,
  // Spanish, French, German, Italian, Portuguese
  /\bse public[óo] (primero|originalmente) en\b|\b(te|le) (han )?reenviad[oa]s?\b|\bcomparte (esta|este) (noticia|art[íi]culo)\b/i,
  /\best apparu en premier sur\b|\bvous a [ée]t[ée] transf[ée]r[ée]e?\b|\bpartagez (cet article|cette (lettre|newsletter))\b/i,
  /\berschien zuerst (auf|bei)\b|\bweitergeleitet\b.{0,60}\b(newsletter|abonnieren)\b|\b(newsletter|e-?mail)\b.{0,30}\bweitergeleitet\b|\b(newsletter|ihn|sie) kostenlos abonnieren\b|\bteilen sie diese[nr]? (artikel|beitrag|newsletter)\b/i,
  /\b[èe] apparso per la prima volta su\b|\bapareceu primeiro em\b/i,
  /\b(suscr[ií]bete|suscr[ií]base|date de alta)\b|\btodos los derechos reservados\b|\bbolet[ií]n\b.{0,30}\b(correo|suscr)/i,
  /\b(abonnez-vous|inscrivez-vous)\b|\btous droits r[ée]serv[ée]s\b/i,
  /\b(abonnieren sie|newsletter abonnieren|jetzt abonnieren)\b|\balle rechte vorbehalten\b/i,
  // "Abbonati" is also the plural noun ("8 milioni di abbonati"): only the imperative followed by what to join.
  /\b(iscriviti|abbonati)( (ora|subito|gratis))? (a|al|alla|alle)\b.{0,40}\bnewsletter\b|\btutti i diritti riservati\b|\briproduzione riservata\b/i,
  /\b(assine|inscreva-se)\b.{0,40}\b(newsletter|boletim)\b|\btodos os direitos reservados\b/i,
  // Japanese, Korean, Arabic: the notice and prompt forms, not the words, which news uses ("AI生成物の著作権は誰に帰属
  // するのか", "会員登録数は100万人を突破した", "저작권자들이 오픈AI를 고소했다", an IPO "للاشتراك في" by investors).
  /無断転載|無断複製|著作権は[^。]{0,30}に帰属します|(メールマガジン|ニュースレター).{0,10}(登録|購読)|無料会員登録|会員登録(は|を)?(こちら|（無料）|\(無料\))|(会員登録|ログイン)(が|すると|して).{0,12}(必要です|読めます|全文|続き)/,
  /무단\s*전재|재배포\s*금지|뉴스레터.{0,10}구독|(^|\s)구독하기\s*$|저작권자\s*[ⓒ©(:：]/,
  /جميع الحقوق محفوظة|(اشترك|للاشتراك) في (النشرة|نشرتنا)/,
]

/**
 * A label that opens a sentence ("Photo: …", "Foto - EFE"), in the Latin-script languages: one of `words`, then its
 * separator. A hyphen separates only before a space or the end: "Credit-card spending rose…" and "Bild-Chefredakteur…"
 * are compounds, not labels.
 */
const label = (words: string): RegExp => new RegExp(`^(${words})\\s*([:|–—]|-(?=\\s|$))`, 'i')

/** Boilerplate that only counts at the start of a sentence ("Read more: …", "Photo: …", "By Jane Doe"). */
export const AT_START: RegExp[] = [
  // A credit line ("Reporting by Jane Doe; Editing by Tom Lee", "(Additional reporting by …)") opens its sentence; inside
  // one it is news ("…according to data compiled by the Gun Violence Archive", "…reporting by The Washington Post").
  /^[\s([—–-]*(additional )?(reporting|writing|editing|compiled|research) by\b/i,
  label(String.raw`read more|read also|continue reading|read the full (story|article)|see also|related( articles?| stories| coverage)?\b|more on this|recommended|advertisement|sponsored( content)?|share this|listen to (this|the) (article|story)|watch|video|photo|image|picture|source|credit|caption|updated|published|last updated|editor'?s note`),
  // A sentence that is only a page's link or credit: the site's own policies and app, a photo agency's name.
  /^(advertisement|sponsored|read more|continue reading|share this (article|story)|privacy policy|cookie policy|terms of (use|service)|terms and conditions|get the app|download the app|getty images|shutterstock|istock)\.?$/i,
  // A signpost to the rest of the page ("Here's what you need to know about the child tax credit."): in a summary
  // or a card it promises what is not there. English only: the other languages' forms are not collected yet.
  /^(here(['’]s| is| are)\b(.{0,40}\b(what|why|how|everything|a look)\b|[^.!?]{0,80}:$)|(read|keep reading|scroll down) (on )?(for|to (find out|learn|see))\b)/i,
  label(String.raw`lee también|leer más|lea también|más información|foto|imagen|fuente|publicidad`),
  label(String.raw`lire aussi|à lire aussi|lire la suite|photo|image|source|publicité`),
  label(String.raw`lesen sie auch|weiterlesen|mehr zum thema|foto|bild|quelle|anzeige`),
  label(String.raw`leggi anche|continua a leggere|foto|immagine|fonte|pubblicità`),
  label(String.raw`leia também|leia mais|veja também|foto|imagem|fonte|publicidade`),
  // The label with its separator, alone, or in brackets: the same words open news ("広告大手の電通は…", "写真共有アプリの…").
  /^((関連記事|続きを読む|写真|画像|出典|広告)\s*([:：=＝]|$)|[【（(](関連記事|写真|画像|出典|広告)([】）)]|\s*[:：=＝])|(写真|画像)はイメージ(です)?。?$)/,
  /^(관련\s*기사|사진|출처|광고)\s*[:=]/,
  /^((اقرأ أيضا|اقرأ أيضاً|اقرأ المزيد)\s*[:：]?|(الصورة|تصوير|المصدر)\s*([:：]|$))/,
]

const NAME = "\\p{Lu}[\\p{L}'’.-]+"
/** A byline on its own: "By Jane Doe", "Por Ana García y Luis Pérez", "Von Max Muster, Berlin". */
const BYLINE = new RegExp(
  `^([Bb]y|[Pp]or|[Pp]ar|[Vv]on|[Dd]i)\\s+${NAME}(\\s+${NAME}){0,3}(\\s*(,|and|y|et|und|e|&)\\s*${NAME}(\\s+${NAME}){0,3})*` +
  `(\\s*[,|·–-]\\s*[\\p{L}\\d ,.:]{0,40})?$`, 'u',
)

/** Wire-copy datelines: "LONDON (Reuters) -", "NEW YORK, Nov 14 (Reuters) -", "MADRID, 14 nov (EFE).-", "BERLIN —". */
const DATELINES: RegExp[] = [
  /^[\p{Lu}][\p{L}\s.,'’/-]{1,40}?(,\s*[\p{L}\d .]{1,25})?\s*\((Reuters|AP|AFP|Bloomberg|dpa|DPA|EFE|ANSA|Xinhua|Kyodo|Yonhap|Lusa|Europa Press|EUROPA PRESS|Agencia Brasil|WAM|SPA|KUNA|MENA|Reuters Breakingviews|IANS|PTI|CNA)\)\s*[-–—:.]*\s*[-–—:]\s*/u,
  /^\((Reuters|AP|AFP|Bloomberg|dpa|EFE)\)\s*[-–—:]\s*/u,
  /^[\p{Lu}][\p{Lu}\s.'’/-]{2,30}\s+[-–—]{1,2}\s+/u,
  /^\([^()]{1,20}=[^()]{1,20}\)\s*([\p{L}\s]{1,20}기자\s*=\s*)?/u,
  /^【[^】]{1,20}】\s*/u,
  /^\[[^\]]{1,40}\]\s*[-－–]\s*/u,
  /^[\p{L}\s]{2,30}\s*\((رويترز|أ ف ب|ا ف ب|وام|واس|كونا|د ب أ|الأناضول)\)\s*[-–—]\s*/u,
]

/** The sentence without a leading wire dateline (a suffix of the input, so still a quotation of the source). */
export function stripDateline(sentence: string): string {
  for (const re of DATELINES) {
    const m = re.exec(sentence)
    // Keep the dateline when nothing sensible follows it (then it was not a dateline).
    if (m && sentence.length - m[0].length >= 8) return sentence.slice(m[0].length)
  }
  return sentence
}

/**
 * Each list as one alternation (util/pattern-alternation.ts), so a sentence is scanned once per list instead of once per
 * pattern. The `i` flag changes nothing for the three patterns that lack it (Japanese, Korean and Arabic have no case).
 */
const ANY_ANYWHERE = patternAlternation(ANYWHERE, 'i')
const ANY_AT_START = patternAlternation(AT_START, 'i')

/** Whether a trimmed sentence matches a pattern of ANYWHERE or AT_START. */
export function matchesBoilerplateLists(s: string): boolean {
  return ANY_ANYWHERE.test(s) || ANY_AT_START.test(s)
}

/** True for a sentence no summary should carry. */
export function isBoilerplate(sentence: string): boolean {
  const s = sentence.trim()
  if (s === '') return true
  if (matchesBoilerplateLists(s)) return true
  if (s.length <= 120 && BYLINE.test(s)) return true
  // Only a link, an e-mail address or a hashtag string.
  if (/^(https?:\/\/\S+|\S+@\S+\.\S+|(#\S+\s*)+)$/u.test(s)) return true
  return false
}

/**
 * A feed's "first published" footer ending a paragraph ("The post <title> appeared first on <outlet>."): it quotes the
 * article's title, which may hold a full stop or a question mark ("U.S. To Give…", "…in childbirth. Will Congress…"),
 * so it is recognized on the whole paragraph, before the paragraph is cut into sentences that no longer look like it.
 */
const FIRST_PUBLISHED_FOOTER = /^(?:the post|la entrada|l['’]article|le billet|der beitrag|l['’]articolo|il post|o post|a entrada)\s.+(?:\bappeared first on|\bse public[óo] (?:primero|originalmente) en|\best apparu en premier sur|\berschien zuerst (?:auf|bei)|\b[èe] apparso per la prima volta su|\bapareceu primeiro em)\s+[^.!?\n]{1,80}[.!]?\s*$/iu

/** Whether a paragraph is a feed's "first published on" footer. */
export const isFeedFooter = (paragraph: string): boolean => paragraph.length <= 400 && FIRST_PUBLISHED_FOOTER.test(paragraph.trim())

/**
 * The text without its boilerplate sentences (newsletter and feed footers, share prompts, "Read more: …" links,
 * copyright lines): what clustering reads, so that a footer naming another story ("Read more: Kestrel pilots
 * strike") is never evidence. Paragraph breaks are kept.
 */
export function stripBoilerplate(text: string): string {
  return text.split(/\n+/).map((paragraph) => paragraph
    .split(/(?<=[.!?…])\s+(?=[\p{Lu}¿¡"“«])/u)
    .filter((sentence) => !isBoilerplate(sentence))
    .join(' ')).filter((p) => p.trim() !== '').join('\n\n')
}
