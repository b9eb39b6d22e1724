import type { Lexicon } from './lexicon.ts'

/**
 * Cues that a sentence speaks to an AI reader: the words for one (addressee), what opens an address to it ("Dear",
 * "Note to", "To any"), and the sentence pointing at itself ("this page", "reading this"), as an injection that hails
 * "any chatbot summarizing this page" does. News names AIs all the time; it does not hail them.
 */

/** Words for an AI reader, and the names of the common ones. */
export const ADDRESSEE: Lexicon = {
  en: String.raw`ai|a\.i\.?|ais|artificial intelligence|gen ?ai|llms?|large language models?|language models?|models?|chat ?bots?|bots?|robots?|assistants?|agents?|co-?pilots?|chatgpt|gpt|gpt-?\d\p{L}*|claude|gemini|bard|llama|mistral|grok|deepseek|summari[sz]ers?|crawlers?|scrapers?|neural networks?`,
  es: String.raw`ia|i\.a\.|inteligencia artificial|modelos?|chatbots?|bots?|robots?|asistentes?|agentes?|resumidor(?:es)?`,
  fr: String.raw`ia|i\.a\.|intelligence artificielle|mod[eè]les?|chatbots?|bots?|robots?|assistants?|agents?`,
  de: String.raw`ki|k\.i\.|ki-\p{L}+|künstliche intelligenz|sprachmodell\p{L}*|modell\p{L}*|chatbots?|bots?|roboter|assistent\p{L}*|sprachassistent\p{L}*|agent\p{L}*`,
  it: String.raw`ia|i\.a\.|intelligenza artificiale|modell[oi]|chatbot|bot|robot|assistent[ei]|agent[ei]`,
  pt: String.raw`ia|i\.a\.|inteligência artificial|inteligencia artificial|modelos?|chatbots?|bots?|robôs?|robos?|assistentes?|agentes?`,
  nl: String.raw`ai|ai-\p{L}+|kunstmatige intelligentie|taalmodel\p{L}*|model(?:len)?|chatbots?|bots?|robots?|assistent(?:en)?|agent(?:en)?`,
  ru: String.raw`ии|ии-\p{L}+|искусственн\p{L}* интеллект\p{L}*|нейросет\p{L}*|нейронн\p{L}* сет\p{L}*|языков\p{L}* модел\p{L}*|модел\p{L}*|чат-?бот\p{L}*|бот\p{L}*|робот\p{L}*|ассистент\p{L}*|помощник\p{L}*|агент\p{L}*`,
  tr: String.raw`yapay zeka\p{L}*|dil model\p{L}*|model(?:i|e|in|ler\p{L}*)?|sohbet bot(?:u|a|un|lar\p{L}*)?|chatbot(?:u|a|un|lar\p{L}*)?|bot(?:u|a|un|lar\p{L}*)?|robot(?:u|a|un|lar\p{L}*)?|asistan\p{L}*|ajan\p{L}*`,
  ar: String.raw`(?:ال|لل|و|ل|يا )?(?:ذكاء الاصطناعي|ذكاء اصطناعي|مساعد(?: الذكي| ذكي| الافتراضي)?|وكيل|نموذج(?: اللغة| اللغوي| لغوي)?|روبوت(?: الدردشة| دردشة)?|بوت|برنامج الدردشة)`,
  ja: String.raw`ai|人工知能|アシスタント|エージェント|言語モデル|モデル|チャットボット|ボット|llm|要約ツール`,
  ko: String.raw`ai|인공지능|어시스턴트|비서|에이전트|언어\s?모델|모델|챗봇|봇|요약기|llm`,
  zh: String.raw`ai|人工智能|助手|助理|智能体|智能體|代理|语言模型|語言模型|大模型|模型|聊天机器人|聊天機器人|机器人|機器人|llm`,
}

/** Words that may sit inside an address beside the addressee ("virtual assistant", "agente de IA", "KI-Systeme"). */
export const ADDRESS_MODIFIER: Lexicon = {
  en: String.raw`automated|virtual|artificial|friendly|helpful|smart|digital|intelligent|conversational|autonomous|generative|large|voice|systems?|tools?|readers?|apps?|programs?|software`,
  es: String.raw`virtual(?:es)?|inteligentes?|automáticos?|automaticos?|conversacionales?|sistemas?|herramientas?|de|del`,
  fr: String.raw`virtuels?|intelligents?|automatiques?|conversationnels?|systèmes?|outils?|de|d'|du`,
  de: String.raw`virtuelle[rn]?|intelligente[rn]?|automatische[rn]?|systeme?|werkzeuge?`,
  it: String.raw`virtual[ei]|intelligent[ei]|automatic[oi]|conversazional[ei]|sistem[ai]|strument[oi]|di|del|della`,
  pt: String.raw`virtua(?:l|is)|inteligentes?|automáticos?|automaticos?|conversacionais|sistemas?|ferramentas?|de|do|da`,
  nl: String.raw`virtuele|slimme|automatische|systemen|systeem|tools?|van`,
  ru: String.raw`виртуальн\p{L}*|умн\p{L}*|систем\p{L}*`,
  tr: String.raw`sanal|akilli|sistem\p{L}*|araci|araç\p{L}*`,
}

/** What opens an address: a greeting or a heading such as "Note to", and the determiner after it. */
export const GREETING: Lexicon = {
  en: String.raw`dear|hey|hi|hello|greetings|attention|attn|note|notice|message|memo|reminder|warning|important|psst|ok|okay|yo|calling|to|for|and|instructions?|p\.?s\.?|any|all|every|each|the|a|an|you|my|our|fellow`,
  es: String.raw`querid[oa]s?|estimad[oa]s?|hola|oye|oiga|atención|atencion|aviso|nota|mensaje|recordatorio|importante|a|al|para|y|cualquier|cualquiera|tod[oa]s?|cada|el|la|los|las|un|una|mi|nuestro|nuestra`,
  fr: String.raw`cher|chère|chers|chères|bonjour|salut|hé|he|attention|avis|note|message|rappel|important|à|a|aux|au|pour|et|tout|toute|tous|toutes|chaque|le|la|les|l'|un|une|mon|ma|notre`,
  de: String.raw`lieber?|liebe[rs]?|sehr|geehrte[rs]?|hallo|hey|hi|achtung|hinweis|notiz|nachricht|wichtig|an|für|und|alle|jede[rnms]?|die|der|das|den|dem|des|ein|eine[rnms]?|mein|unser`,
  it: String.raw`car[oaie]|gentile|egregi[oa]|ciao|ehi|hey|attenzione|avviso|nota|messaggio|promemoria|importante|a|al|alla|allo|ai|agli|alle|all'|per|e|qualsiasi|qualunque|ogni|tutt[ie]|il|lo|la|l'|i|gli|le|un|uno|una|un'|mio|nostro`,
  pt: String.raw`car[oa]s?|prezad[oa]s?|querid[oa]s?|olá|ola|oi|ei|atenção|atencao|aviso|nota|mensagem|lembrete|importante|a|à|ao|aos|às|para|pra|e|qualquer|tod[oa]s?|cada|o|os|as|um|uma|meu|minha|nosso|nossa`,
  nl: String.raw`beste|lieve|geachte|hallo|hoi|hé|hey|let op|attentie|opmerking|bericht|notitie|belangrijk|aan|voor|en|elke|iedere|ieder|alle|de|het|een|mijn|onze`,
  ru: String.raw`уважаем\p{L}*|дорог\p{L}*|привет|здравствуй\p{L}*|эй|внимание|примечание|сообщение|заметка|напоминание|важно|для|к|ко|и|любо\p{L}*|кажд\p{L}*|всем|все|мой|наш`,
  tr: String.raw`sevgili|değerli|degerli|sayin|merhaba|selam|hey|dikkat|not|mesaj|uyari|önemli|onemli|ve|her|tüm|tum|bütün|butun|herhangi|bir|bu`,
  ar: String.raw`عزيزي|عزيزتي|أعزائي|أيها|ايها|أيتها|يا|إلى|الى|ملاحظة|تنبيه|رسالة|انتباه|مرحبا|تحية|هام|أي|اي|كل|جميع`,
}

/** The text pointing at itself, as only a message to whatever reads it does. */
export const SELF_REFERENCE: Lexicon = {
  en: String.raw`this (?:page|article|text|document|report|story|post|site|website|web ?page|content|message|note|email|paragraph|passage|sentence|feed|item|summary)|(?:reading|read|reads|sees|seeing|processing|processes|parsing|parses|summari[sz]ing|summari[sz]es|scanning|crawling|ingesting|indexing) (?:this|these words|along)`,
  es: String.raw`est[ea] (?:página|pagina|artículo|articulo|texto|documento|nota|mensaje|noticia|sitio|contenido)|esto`,
  fr: String.raw`(?:cette|cet|ce) (?:page|article|texte|document|note|message|site|contenu|paragraphe)|ceci`,
  de: String.raw`(?:diese[rnms]?) (?:seite|artikel|text|dokument|nachricht|notiz|beitrag|meldung|inhalt)|das hier`,
  it: String.raw`quest[oa] (?:pagina|articolo|testo|documento|nota|messaggio|sito|contenuto)`,
  pt: String.raw`est[ea] (?:página|pagina|artigo|texto|documento|nota|mensagem|site|conteúdo|conteudo)|isto`,
  nl: String.raw`(?:deze|dit) (?:pagina|artikel|tekst|document|bericht|notitie|site|inhoud)`,
  ru: String.raw`(?:эт\p{L}*) (?:страниц\p{L}*|стать\p{L}*|текст\p{L}*|документ\p{L}*|сообщени\p{L}*|заметк\p{L}*|материал\p{L}*)|читающ\p{L}*|читает это`,
  tr: String.raw`bu (?:sayfa\p{L}*|makale\p{L}*|metn\p{L}*|metin\p{L}*|yazi\p{L}*|belge\p{L}*|haber\p{L}*|içerik\p{L}*)|bunu (?:okuyan|gören|özetleyen)`,
  ar: String.raw`(?:هذه|هذا) (?:الصفحة|المقال|المقالة|النص|الرسالة|المستند|الخبر|المحتوى)`,
  ja: String.raw`このページ|この記事|このテキスト|この文章|この文書|本記事|本ページ|これを読`,
  ko: String.raw`이 페이지|이 기사|이 글|이 문서|이 텍스트|이것을 읽`,
  zh: String.raw`本页|本頁|本页面|这篇文章|這篇文章|本文|这段文字|此页|此頁|这个页面|此文`,
}

/** "If you are" before an addressee: "If you are an AI, …" (the addressee must end the phrase, checked by the caller). */
export const IF_YOU_ARE: Lexicon = {
  en: String.raw`if you(?:'re| are)(?: an?| the| any)?|if (?:an?|any|the)`,
  es: String.raw`si (?:eres|es usted|usted es)(?: una?)?`,
  fr: String.raw`si (?:tu es|vous etes|vous êtes)(?: une?)?`,
  de: String.raw`(?:wenn|falls) (?:du|sie)(?: eine?)?`,
  it: String.raw`se (?:sei|è)(?: una?| un')?`,
  pt: String.raw`se (?:você (?:é|e|for)|voce (?:é|e|for)|és|tu és)(?: uma?)?`,
  nl: String.raw`als (?:je|jij|u)(?: een)?`,
  ru: String.raw`если (?:ты|вы)`,
  tr: String.raw`(?:eğer|eger)(?: sen)?(?: bir)?`,
  ar: String.raw`(?:إذا|اذا|إن) كنت`,
  ja: String.raw`(?:もし)?(?:あなた|君|お前)が`,
  ko: String.raw`(?:만약\s?)?(?:당신|네|너)(?:가|이)\s?`,
  zh: String.raw`如果(?:你|您)是`,
}
