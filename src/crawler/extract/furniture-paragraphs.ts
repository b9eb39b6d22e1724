/**
 * Paragraphs of an article's text that are page furniture rather than story: phrases ("Advertisement", "Read more",
 * "You may also like"), pointers ("Read more: …"), datelines, byline lines, photo credits and captions, calls to action
 * naming a channel, site notices. Each rule only looks at short paragraphs, so a story sentence that happens to open
 * with the same words ("Follow-up talks…", "By the end of the decade…") is kept.
 */
/** Whole paragraphs that are page furniture, compared lower-cased with surrounding punctuation trimmed. */
const FURNITURE = new Set([
  'advertisement', 'advertisements', 'ad', 'ads', 'sponsored', 'sponsored content', 'paid content', 'skip advertisement',
  'story continues below advertisement', 'article continues below advertisement', 'continue reading below',
  'scroll to continue with content', 'advertisement - scroll to continue', 'anzeige', 'werbung', 'publicité',
  'publicidad', 'pubblicità', 'publicidade', '広告', '광고', 'إعلان',
  'subscribe to continue reading', 'subscribe to read', 'subscribe now', 'already a subscriber? sign in',
  'already a subscriber? log in', 'sign in', 'log in', 'sign up for our newsletter', 'share this article', 'share',
  'share on facebook', 'share on x', 'share on twitter', 'read more', 'continue reading', 'click here to subscribe',
  'weiterlesen', 'jetzt abonnieren', 'lire la suite', 'abonnez-vous', 'leer más', 'suscríbete', 'continua a leggere',
  'abbonati', 'leia mais', 'assine', '続きを読む', '더보기', 'اقرأ المزيد',
  'advert', 'comments', 'comment', 'caption', 'close', 'updated', 'related', 'related news', 'related stories',
  'related articles', "don't miss", 'don’t miss', 'you may also like', 'you might also like', 'recommended', 'most popular',
  'most read', 'more stories', 'more from', 'see more', 'trending', 'tell us what you think', 'leave a comment',
  'kommentare', 'commentaires', 'comentarios', 'comentários', 'commenti', 'mehr zum thema', 'à lire aussi', 'lire aussi',
])

/** Short paragraphs that only point elsewhere ("Read more: Council budget explained"). */
const POINTER = /^(?:read more|related|see also|see more|more on this|also read|lesen sie auch|mehr zum thema|lire aussi|à lire aussi|voir aussi|leer también|lea también|leia também|leia mais|leggi anche|関連記事|관련 기사|اقرأ أيضا)\s*[:：|»›>-]/iu
const POINTER_MAX_CHARS = 200

/**
 * Words of a dateline ("Posted: Fri 6:45 PM, Feb 16, 2018 | Updated: …", "Published 1 day ago", "sexta-feira, 22 de
 * outubro de 2010 às 20:13"): a short line made only of these and numbers is a timestamp, not story text.
 */
const DATE_WORDS = new Set([
  'posted', 'published', 'updated', 'last', 'modified', 'on', 'at', 'the', 'of', 'ago', 'am', 'pm', 'a', 'm', 'p', 'est', 'edt',
  'cst', 'cdt', 'pst', 'pdt', 'mst', 'mdt', 'gmt', 'utc', 'bst', 'cet', 'cest', 'ist', 'jst', 'aest', 'et', 'pt',
  'second', 'seconds', 'minute', 'minutes', 'min', 'mins', 'hour', 'hours', 'hr', 'hrs', 'day', 'days', 'week', 'weeks', 'month', 'months',
  'year', 'years', 'yesterday', 'today', 'st', 'nd', 'rd', 'th',
  'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december',
  'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct', 'nov', 'dec',
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'mon', 'tue', 'tues', 'wed', 'thu', 'thurs', 'fri', 'sat', 'sun',
  // de, fr, es, pt, it
  'veröffentlicht', 'aktualisiert', 'um', 'uhr', 'am', 'januar', 'februar', 'märz', 'mai', 'juni', 'juli', 'oktober', 'dezember',
  'publié', 'mis', 'à', 'jour', 'le', 'janvier', 'février', 'mars', 'avril', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre',
  'publicado', 'actualizado', 'atualizado', 'de', 'às', 'a', 'las', 'enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto',
  'septiembre', 'octubre', 'noviembre', 'diciembre', 'janeiro', 'fevereiro', 'março', 'maio', 'junho', 'julho', 'setembro', 'outubro', 'novembro', 'dezembro',
  'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado', 'domingo', 'feira', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes',
  'pubblicato', 'aggiornato', 'alle', 'il', 'gennaio', 'febbraio', 'aprile', 'maggio', 'giugno', 'luglio', 'settembre', 'ottobre', 'dicembre',
])
const DATELINE_MAX_CHARS = 100

function isDateline(paragraph: string): boolean {
  if (paragraph.length > DATELINE_MAX_CHARS || !/\d/.test(paragraph)) return false
  const words = paragraph.toLowerCase().match(/[\p{L}]+/gu) ?? []
  // A bare number (a table cell, a score) is not a dateline: it needs a clock time, a numeric date or a date word.
  const dated = /\d:\d\d|\d[./-]\d{1,2}[./-]\d/.test(paragraph) || words.some((w) => w.length > 2 && DATE_WORDS.has(w))
  return dated && words.every((w) => DATE_WORDS.has(w))
}

/** "By Jane Doe - 11/18/19 11:04 PM EST", "By Jane Doe | Reuters": the byline line the byline element did not catch. */
const BYLINE_LINE = /^(?:[Bb]y|[Vv]on|[Pp]ar|[Pp]or|[Dd]i)\s+\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){0,3}\s*(?:[-–—|,]|$)/u
const BYLINE_LINE_MAX_CHARS = 80

/** Photo credits and image captions that sit in text: "Image copyright Getty Images", "(Image: © NASA)", "Photo: AP". */
const CREDIT = /^[(\[]?\s*(?:image|images|photo|photos|picture|pictures|foto|fotos|bild|bilder|credit|credits|source|quelle|fuente|fonte)\s*(?:(?:copyright|credit|courtesy|source)\b|:|©|by\b|$)|^image \d+ of\b|^photo courtesy\b|^\(?©/iu
const CREDIT_MAX_CHARS = 160
/** A caption that ends in its credit: "Vicente Aguiar loads … in Hialeah, Fla. (AP Photo/Alan Diaz, File)". */
const ENDS_WITH_CREDIT = /\((?:[^()]*\b(?:photo|photograph|image|foto|bild|credit|getty images|afp|reuters)\b[^()]*)\)\s*$/i
const CAPTION_MAX_CHARS = 300

/**
 * Calls to action aimed at the reader rather than the story: "Follow us on Twitter", "Sign up for our newsletter",
 * "Get the app", "Have a tip? …", "Join our forums", "Click here …". Only short paragraphs that both open like one
 * and name a channel, so a story sentence starting with "Follow" or "Get" stays.
 */
const CALL_TO_ACTION = /^(?:follow|join|subscribe|sign up|signup|get|listen|download|click|tap|like us|watch|send us|tell us|have a tip|got a tip|contact us|email us|read|stay|don['’]t miss)\b/i
const CHANNEL = /\b(?:twitter|facebook|instagram|youtube|tiktok|linkedin|whatsapp|telegram|newsletters?|inbox|app|apps|podcasts?|subscri\w*|forums?|click here|delivered|on the go|notifications|rss)\b|@\w/i
const CALL_TO_ACTION_MAX_CHARS = 300
/** Site notices that never belong to a story. */
const NOTICE = /^(?:copyright\b|©|\(c\)\s*\d{4})|all rights reserved|this (?:post|article|page) (?:may )?contains? affiliate|affiliate links?\b.*\bcommission|requires javascript|enable javascript/i
const NOTICE_MAX_CHARS = 250

export function isFurniture(paragraph: string): boolean {
  const key = paragraph.toLowerCase().replace(/^[\s.:!…—–\-|»›>•·]+|[\s.:!…—–\-|»›>•·]+$/gu, '')
  if (FURNITURE.has(key)) return true
  if (paragraph.length <= POINTER_MAX_CHARS && POINTER.test(paragraph)) return true
  if (isDateline(paragraph)) return true
  if (paragraph.length <= BYLINE_LINE_MAX_CHARS && BYLINE_LINE.test(paragraph) && !/[.!?]$/.test(paragraph)) return true
  if (paragraph.length <= CREDIT_MAX_CHARS && CREDIT.test(paragraph)) return true
  if (paragraph.length <= CAPTION_MAX_CHARS && ENDS_WITH_CREDIT.test(paragraph)) return true
  if (paragraph.length <= CALL_TO_ACTION_MAX_CHARS && CALL_TO_ACTION.test(paragraph) && CHANNEL.test(paragraph)) return true
  return paragraph.length <= NOTICE_MAX_CHARS && NOTICE.test(paragraph)
}
