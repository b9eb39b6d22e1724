import type { Language } from '../../domain/languages.ts'

/**
 * The closed word classes of each language, written out whole: possessives and demonstratives in every person,
 * gender and number, the verbs of being able and knowing in every person people address an agent with, question
 * words, discourse adverbs, auxiliaries, prepositions merged with articles, quantifiers, words ranking stories by
 * importance, and the participles of "published". These classes are small and finite, so listing them completely
 * (rather than the forms seen in a test set) is what keeps a word about the request out of the query whatever the
 * phrasing. Beside them, the few verbs a request is made with (give, send, need, read, list, talk, use and follow
 * sources), in the persons and moods people write them. They join the filler words (filler-words.ts).
 *
 * Forms are generated where the grammar is regular: Romance adjectives and participles from a stem and its
 * endings, German determiners from a stem and the case endings, Arabic prepositions with each pronoun suffix.
 */

/** stem + each ending: "pubblicat" + o/a/i/e. */
const inflect = (stems: string[], endings: string[]) => stems.flatMap((stem) => endings.map((end) => stem + end))

const ROMANCE_4 = ['o', 'a', 'os', 'as']
const ITALIAN_4 = ['o', 'a', 'i', 'e']
const FRENCH_4 = ['', 'e', 's', 'es']
const GERMAN_CASES = ['', 'e', 'en', 'em', 'er', 'es']

/** Arabic prepositions written with a pronoun suffix: "عليها" (on it), "عنه" (about him), "لك" (for you). */
const ARABIC_PREPOSITIONS = ['علي', 'عن', 'في', 'ل', 'من', 'ب', 'مع', 'الي', 'إلي', 'لدي', 'عند']
const ARABIC_SUFFIXES = ['ه', 'ها', 'هم', 'هن', 'هما', 'ك', 'كم', 'كما', 'ي', 'نا']

/**
 * Verbs people ask an agent about its sources with (use, consult, follow, read, rely on), in the persons that
 * address it, familiar and formal, singular and plural: "quali giornali consulti?", "quelles sources utilisez-vous ?".
 */
const SOURCE_VERBS: Partial<Record<Language, string[]>> = {
  es: [...inflect(['us', 'consult', 'utiliz', 'emple'], ['as', 'a', 'áis', 'an']), ...inflect(['le'], ['es', 'e', 'éis', 'en']),
    ...inflect(['cubr'], ['es', 'e', 'ís', 'en']), 'sigues', 'sigue', 'seguís', 'siguen'],
  fr: [...inflect(['utilis', 'consult'], ['es', 'e', 'ez', 'ent']), 'emploies', 'emploie', 'employez', 'lis', 'lit', 'lisez',
    'couvres', 'couvre', 'couvrez', 'suis', 'suit', 'suivez', 'suivent'],
  de: inflect(['nutz', 'benutz', 'verwend', 'folg', 'beobacht', 'abonnier'], ['st', 't', 'en', 'est', 'et']).concat(['liest', 'lest', 'lesen']),
  // Not "usa" (the USA) nor "legge" (a law).
  it: [...inflect(['consult', 'utilizz', 'monitor'], ['i', 'a', 'ate', 'ano']), 'usi', 'usate', 'usano', 'leggi', 'leggete', 'leggono',
    ...inflect(['segu', 'copr'], ['i', 'e', 'ite', 'ono'])],
  pt: [...inflect(['us', 'consult', 'utiliz', 'acompanh', 'monitor'], ['a', 'as', 'am']), 'lê', 'lês', 'leem', 'lêem',
    ...inflect(['segu', 'cobr'], ['e', 'es', 'em'])],
}

/**
 * The verbs of handing something over that a request opens with (give, send, bring, pass, show), imperative and
 * with the pronoun attached: "manda as dez notícias", "mándame", "schick mir".
 */
const GIVE_VERBS: Partial<Record<Language, string[]>> = {
  en: ['send', 'bring', 'shoot', 'hand', 'drop', 'serve', 'dig'],
  es: ['manda', 'mándame', 'mandame', 'envía', 'envíame', 'enviame', 'trae', 'tráeme', 'traeme', 'pasa', 'pásame', 'pasame', 'pon', 'saca', 'sácame'],
  fr: ['envoie', 'envoie-moi', 'envoyez', 'envoyez-moi', 'apporte', 'apporte-moi', 'passe-moi', 'sors', 'sors-moi', 'balance'],
  de: ['schick', 'schicke', 'schickt', 'schicken', 'bring', 'bringe', 'sende', 'hol', 'hole', 'liefer', 'liefere'],
  it: ['manda', 'mandami', 'invia', 'inviami', 'porta', 'portami', 'passa', 'passami', 'tira', 'trovami'],
  pt: ['manda', 'mande', 'mandar', 'envia', 'envie', 'traga', 'traz', 'passa', 'passe', 'bota'],
}

/**
 * Words asking where something comes from, and the "from" some of them need beside them: "where do you get your
 * articles from?", "Woher bekommst du deine Artikel?" — a question about the publishers without naming them.
 */
export const ORIGIN_WORDS: Record<Language, { asks: string[]; from: string[] }> = {
  en: { asks: ['where', 'who'], from: ['from'] },
  es: { asks: ['dónde', 'donde'], from: ['de'] },
  fr: { asks: ['où'], from: ["d'", 'de'] },
  de: { asks: ['woher'], from: [] },
  it: { asks: ['dove'], from: ['da'] },
  pt: { asks: ['onde'], from: ['de', 'da', 'do'] },
  ja: { asks: ['どこから'], from: [] },
  ko: { asks: ['어디서', '어디에서'], from: [] },
  ar: { asks: ['أين', 'اين'], from: ['من'] },
}

/**
 * Prepositions merged with an article, generated whole: Italian "sullo", "dei", "nell'", Portuguese "dos", "pela",
 * German "zur", "beim". A query keeps none of them.
 */
/** What il, lo, la, i, gli, le and l' become written onto di, a, da, in and su: del, dello, della, dei, degli… */
const ITALIAN_ARTICLE_ENDINGS = ['l', 'llo', 'lla', 'i', 'gli', 'lle', "ll'"]
const CONTRACTIONS: Partial<Record<Language, string[]>> = {
  it: [...inflect(['de', 'a', 'da', 'ne', 'su'], ITALIAN_ARTICLE_ENDINGS), 'col', 'coi'],
  pt: [...inflect(['d', 'n', 'pel'], ['o', 'a', 'os', 'as']), 'ao', 'aos', 'à', 'às', 'num', 'numa', 'dum', 'duma'],
  de: ['zum', 'zur', 'im', 'am', 'vom', 'beim', 'ins', 'ans', 'aufs', 'fürs', 'übers'],
  es: ['del', 'al'],
  fr: ['du', 'des', 'au', 'aux'],
}

/** Verbs of reading, listing and being interested, as people ask with them ("quero ler sobre…", "elencami…"). */
const READ_AND_LIST: Partial<Record<Language, string[]>> = {
  en: ['reading', 'interested', 'enumerate'],
  es: ['leer', 'leo', 'interesa', 'interesan', 'listame', 'lístame', 'enumérame', 'nómbrame', 'nombra'],
  fr: ['lire', 'liste-moi', 'listez-moi', 'énumère', 'cite', 'cite-moi', 'intéresse', 'intéressent'],
  de: ['nenn', 'nenne', 'nennt', 'interessiert', 'interessieren', 'aufzählen', 'zähl'],
  it: ['leggere', 'leggo', 'elencami', 'nominami', 'interessa', 'interessano'],
  pt: ['ler', 'leio', 'liste', 'listar', 'lista', 'interessa', 'interessam', 'diz', 'dizer'],
}

/** "Only", and the verbs of talking and updating people open a request with ("háblame de", "erzähl mir von"). */
const ONLY_AND_TALK: Partial<Record<Language, string[]>> = {
  en: ['only', 'just', 'solely', 'talk', 'update'],
  es: ['solo', 'sólo', 'solamente', 'únicamente', 'habla', 'háblame', 'hablame', 'cuéntame', 'ponme', 'actualízame', 'infórmame'],
  fr: ['seulement', 'uniquement', 'juste', 'parle', 'parle-moi', 'raconte-moi', 'fais-moi', 'mets-moi'],
  de: ['nur', 'ausschließlich', 'erzähl', 'erzähle', 'erzählt', 'sprich', 'bring', 'informier'],
  it: ['solo', 'soltanto', 'solamente', 'parla', 'parlami', 'raccontami', 'aggiornami', 'informami', 'dimmi'],
  pt: ['só', 'somente', 'apenas', 'fala', 'fale', 'conta', 'atualiza', 'atualize', 'informa'],
}

/** Verbs of needing and wanting in the first person: "j'ai besoin de", "ich brauche", "preciso de", "필요해". */
const NEED: Partial<Record<Language, string[]>> = {
  en: ['needed', 'needs'],
  es: ['necesito', 'necesitamos', 'hace falta'],
  fr: ['besoin', 'faut', 'voudrais', 'veux'],
  de: ['brauche', 'brauchen', 'benötige', 'bräuchte'],
  it: ['serve', 'servono', 'bisogno', 'occorre'],
  pt: ['preciso', 'precisamos', 'precisava'],
}

/**
 * Greetings and the vague nouns for "things", and "know" addressed to the agent ("que conoces", "che conosci"):
 * a request may open with the first and lean on the others, and none of them is searched.
 */
const GREETINGS_AND_THINGS: Partial<Record<Language, string[]>> = {
  en: ['yo', 'hey there', 'listen', 'one', 'ones', 'kinds', 'kind', 'types', 'type', 'morning', 'good morning', 'evening', 'good evening', 'hiya', 'howdy', 'greetings', 'stuff', 'things'],
  es: ['oye', 'oiga', 'mira', 'tipo', 'tipos', 'clase', 'clases', 'buenos días', 'buenos dias', 'buenas tardes', 'buenas noches', 'buenas', 'cosas', 'conoces', 'conocés', 'todo'],
  fr: ['dis', 'dites', 'écoute', 'plus', 'type', 'types', 'genre', 'quelque chose', 'chose', 'bonsoir', 'coucou', 'trucs', 'truc', 'choses', 'connais', 'connaissez', 'du neuf', 'affiche', 'affichez', 'afficher'],
  de: ['sag', 'sagen', 'hör', 'art', 'arten', 'moin', 'servus', 'guten morgen', 'guten tag', 'grüß gott', 'sachen', 'zeug', 'kennst', 'kennen'],
  it: ['ad', 'ed', 'od', 'senti', 'ascolta', 'ehi', 'tipo', 'tipi', 'genere', 'buongiorno', 'buonasera', 'salve', 'roba', 'cose', 'conosci', 'conoscete'],
  pt: ['ei', 'olha', 'escuta', 'tipo', 'tipos', 'bom dia', 'boa tarde', 'boa noite', 'coisas', 'coisa', 'conhece', 'conheces', 'conhecem'],
}

/** Indefinite pronouns ("has anyone written about…"), "but", and "quick"/"short" in every gender and number. */
const ANYONE_BUT_QUICK: Partial<Record<Language, string[]>> = {
  en: ['anyone', 'anybody', 'someone', 'somebody', 'quickly'],
  es: ['alguien', 'nadie', 'pero', 'sino', ...inflect(['rápid', 'breve'], ['o', 'a', 'os', 'as']), 'breve', 'breves'],
  fr: ["quelqu'un", 'quelqu', 'un', 'personne', 'mais', 'rapide', 'rapides', 'bref', 'brève'],
  de: ['jemand', 'jemanden', 'irgendwer', 'aber', 'sondern', 'hätte', 'hätten', 'gern', 'gerne', ...inflect(['kurz', 'schnell'], GERMAN_CASES)],
  it: ['qualcuno', 'nessuno', 'ma', 'però', ...inflect(['rapid', 'veloc'], ITALIAN_4), 'breve', 'brevi', 'veloce', 'veloci'],
  pt: ['alguém', 'ninguém', 'mas', 'porém', ...inflect(['rápid'], ROMANCE_4), 'breve', 'breves', 'queria'],
}

/** "How", as in "how do I search?": with a verb of searching and nothing to search, a question about using the agent. */
export const HOW_WORDS: Record<Language, string[]> = {
  en: ['how'], es: ['cómo', 'como'], fr: ['comment'], de: ['wie'], it: ['come'], pt: ['como'],
  ja: ['どうやって', 'どう', 'どのように'], ko: ['어떻게'], ar: ['كيف'],
}

/** "Newest first", and the verbs of getting ("can I get 7 finance stories?"). */
const FIRST_AND_GET: Partial<Record<Language, string[]>> = {
  en: ['first', 'receive', 'obtain'],
  es: ['primero', 'primeros', 'tener', 'recibir', 'obtener', 'pasas'],
  fr: ["d'abord", 'abord', 'avoir', 'recevoir', 'obtenir'],
  de: ['zuerst', 'bekommen', 'kriegen', 'erhalten', 'gesagt', 'gemeldet'],
  it: ['prima', 'avere', 'ricevere', 'ottenere'],
  pt: ['primeiro', 'ter', 'receber', 'obter'],
}

/** Question words, per language: with a word addressing the agent, they make a message a question to it. */
export const QUESTION_WORDS: Record<Language, string[]> = {
  en: ['what', 'whats', "what's", 'how', 'which', 'who', 'where', 'why', 'wat'],
  es: ['qué', 'que', 'cómo', 'como', 'cuál', 'cuáles', 'quién', 'dónde', 'para qué'],
  fr: ['quoi', 'que', "qu'est-ce", 'comment', 'quel', 'quels', 'quelle', 'quelles', 'qui', 'où'],
  de: ['was', 'wie', 'welche', 'welcher', 'welches', 'wer', 'wo', 'wozu', 'wofür', 'woher'],
  it: ['cosa', 'che', 'come', 'quale', 'quali', 'chi', 'dove', 'perché'],
  pt: ['que', 'quê', 'como', 'qual', 'quais', 'quem', 'onde'],
  ja: ['何', 'なに', 'なん', 'どう', 'どんな', 'どの', 'どこ', '誰'],
  ko: ['뭐', '무엇', '뭘', '무슨', '어떤', '어떻게', '어디', '누구', '뭐야'],
  ar: ['ما', 'ماذا', 'كيف', 'من', 'أين', 'هل', 'لماذا'],
}

/**
 * Auxiliary verbs in every person, and the prepositions that start a time phrase ("seit", "desde"): grammar
 * around a verb of publishing or a date ("Was hat das Handelsblatt geschrieben?").
 */
const AUXILIARIES: Partial<Record<Language, string[]>> = {
  en: ['here', 'has', 'have', 'had', 'is', 'are', 'was', 'were', 'been', 'being', 'did', 'does', 'since'],
  es: ['aquí', 'aqui', 'acá', 'he', 'has', 'ha', 'hemos', 'habéis', 'han', 'había', 'habían', 'fue', 'fueron', 'sido', 'soy', 'desde'],
  fr: ['ici', 'ai', 'as', 'a', 'avons', 'avez', 'ont', 'avait', 'avaient', 'était', 'étaient', 'été', 'suis', 'depuis'],
  de: ['hier', 'habe', 'hast', 'hat', 'haben', 'habt', 'hatte', 'hatten', 'wurde', 'wurden', 'wird', 'werden', 'war', 'waren', 'bin',
    'seit', 'nach'],
  it: ['qui', 'qua', 'ho', 'hai', 'ha', 'abbiamo', 'avete', 'hanno', 'aveva', 'era', 'erano', 'stato', 'stata', 'stati', 'sono'],
  pt: ['posso', 'podemos', 'te', 'lhe', 'aqui', 'ali', 'tenho', 'tem', 'temos', 'têm', 'tinha', 'teve', 'foi', 'foram', 'sido', 'sou', 'desde'],
}

/** Verbs of happening in the tenses people ask with ("what happened with Tesla"), and quantifiers ("alguma novidade"). */
const HAPPEN_AND_SOME: Partial<Record<Language, string[]>> = {
  en: ['happened', 'happen', 'going', 'went', 'occurred', 'got', 'gotten', 'getting', 'writing', 'publishing', 'posting', 'covering', 'moment', 'lately'],
  es: ['momento', 'actualmente', 'pasó', 'pasado', 'ocurrió', 'sucedió', 'ocurre', 'sucede', ...inflect(['algun', 'ningun'], ['o', 'a', 'os', 'as']), 'algún', 'ningún'],
  fr: ['moment', 'actuellement', 'passé', 'arrivé', 'produit', 'quelque', 'quelques', 'aucun', 'aucune', 'y'],
  de: ['moment', 'zurzeit', 'geschehen', 'passiert', 'los', 'irgendwas', 'irgendwelche', 'einige', 'paar'],
  it: ['momento', 'attualmente', 'successo', 'accaduto', 'capitato', 'succede', 'qualche', 'alcuni', 'alcune', 'nessun', 'nessuna'],
  pt: ['algo', 'momento', 'atualmente', 'aconteceu', 'acontece', 'rolou', 'rola', 'houve', ...inflect(['algu', 'nenhu'], ['m', 'ma', 'ns', 'mas'])],
}

export const CLOSED_CLASS_WORDS: Record<Language, string[]> = {
  en: [
    ...FIRST_AND_GET.en!,
    ...ANYONE_BUT_QUICK.en!,
    ...GREETINGS_AND_THINGS.en!,
    ...NEED.en!,
    ...ONLY_AND_TALK.en!,
    ...READ_AND_LIST.en!,
    ...HAPPEN_AND_SOME.en!,
    ...AUXILIARIES.en!,
    ...GIVE_VERBS.en!,
    'yo', 'kinda', 'sorta', 'gonna', 'stuff', 'handle',
    'mine', 'yours', 'ours', 'theirs', 'whom', 'whose', 'yourself', 'myself',
    "can't", 'cannot', 'could', "couldn't", 'able', 'know', 'knows',
    'actually', 'really', 'exactly', 'basically', 'even', 'again', 'still', 'already', 'maybe', 'perhaps', 'kinda', 'anyway',
    'top', 'key', 'major', 'main', 'important', 'notable', 'significant', 'relevant', 'biggest', 'largest', 'hottest',
    'came', 'come', 'out', 'appeared', 'sort', 'sorts', 'kinds', 'types',
  ],
  es: [
    ...FIRST_AND_GET.es!,
    ...ANYONE_BUT_QUICK.es!,
    ...GREETINGS_AND_THINGS.es!,
    ...NEED.es!,
    ...ONLY_AND_TALK.es!,
    ...READ_AND_LIST.es!,
    ...CONTRACTIONS.es!,
    ...HAPPEN_AND_SOME.es!,
    ...AUXILIARIES.es!,
    ...GIVE_VERBS.es!,
    ...SOURCE_VERBS.es!,
    ...inflect(['nuestr', 'vuestr', 'tuy', 'suy', 'mí'], ROMANCE_4), 'mi', 'mis', 'tu', 'tus', 'su', 'sus',
    ...inflect(['est', 'es', 'aquell'], ['e', 'a', 'os', 'as']), 'esto', 'eso', 'aquel', 'aquello',
    'puedes', 'puede', 'pueden', 'podés', 'podrías', 'podría', 'podrían', 'sabes', 'sabe', 'saben', 'consigues', 'logras',
    'dijo', 'dijeron', 'habló', 'contó', 'informó', 'dónde', 'donde', 'cuándo', 'cuando', 'porqué', 'realmente', 'exactamente', 'todavía', 'ya', 'entonces', 'bueno', 'pues',
    'importante', 'importantes', 'principal', 'principales', 'destacadas', 'destacados', 'relevantes', 'mayores',
    ...inflect(['publicad', 'salid', 'aparecid', 'escrit'], ROMANCE_4),
  ],
  fr: [
    ...FIRST_AND_GET.fr!,
    ...ANYONE_BUT_QUICK.fr!,
    ...GREETINGS_AND_THINGS.fr!,
    ...NEED.fr!,
    ...ONLY_AND_TALK.fr!,
    ...READ_AND_LIST.fr!,
    ...CONTRACTIONS.fr!,
    ...HAPPEN_AND_SOME.fr!,
    ...AUXILIARIES.fr!,
    ...GIVE_VERBS.fr!,
    ...SOURCE_VERBS.fr!,
    'mon', 'ma', 'mes', 'ton', 'ta', 'tes', 'son', 'sa', 'ses', 'notre', 'nos', 'votre', 'vos', 'leur', 'leurs',
    'ce', 'cet', 'cette', 'ces', 'ceci', 'cela', 'celui', 'celle', 'ceux', 'celles',
    'peux', 'peut', 'pouvez', 'peuvent', 'pourrais', 'pourriez', 'pourrait', 'sais', 'sait', 'savez', 'savent',
    'raconte', 'racontent', 'annoncé', 'où', 'quand', 'pourquoi', 'combien', 'vraiment', 'exactement', 'donc', 'alors', 'encore', 'déjà', 'bref',
    ...inflect(['important', 'majeur', 'grand'], FRENCH_4), 'gros', 'grosse', 'grosses', 'principal', 'principale', 'principaux', 'principales',
    ...inflect(['publié', 'paru', 'sorti', 'écrit'], FRENCH_4),
  ],
  de: [
    ...FIRST_AND_GET.de!,
    ...ANYONE_BUT_QUICK.de!,
    ...GREETINGS_AND_THINGS.de!,
    ...NEED.de!,
    ...ONLY_AND_TALK.de!,
    ...READ_AND_LIST.de!,
    ...CONTRACTIONS.de!,
    ...HAPPEN_AND_SOME.de!,
    ...AUXILIARIES.de!,
    ...GIVE_VERBS.de!,
    ...SOURCE_VERBS.de!,
    ...inflect(['mein', 'dein', 'sein', 'ihr', 'unser', 'eur', 'euer', 'dies', 'jen', 'welch'], GERMAN_CASES),
    'kann', 'kannst', 'können', 'könnt', 'könntest', 'könnten', 'darf', 'darfst', 'willst', 'weißt', 'weiß', 'wisst',
    'wo', 'wann', 'warum', 'wer', 'woher', 'wozu', 'wofür', 'wieso', 'eigentlich', 'denn', 'genau', 'überhaupt', 'schon', 'noch', 'wirklich', 'halt', 'eben', 'also', 'so', 'mal',
    ...inflect(['wichtig', 'wichtigst', 'größt', 'relevant'], GERMAN_CASES),
    ...inflect(['veröffentlicht', 'erschienen', 'geschrieben'], GERMAN_CASES),
  ],
  it: [
    ...FIRST_AND_GET.it!,
    ...ANYONE_BUT_QUICK.it!,
    ...GREETINGS_AND_THINGS.it!,
    ...NEED.it!,
    ...ONLY_AND_TALK.it!,
    ...READ_AND_LIST.it!,
    ...CONTRACTIONS.it!,
    ...HAPPEN_AND_SOME.it!,
    ...AUXILIARIES.it!,
    ...GIVE_VERBS.it!,
    ...SOURCE_VERBS.it!,
    ...inflect(['nostr', 'vostr'], ITALIAN_4), 'mio', 'mia', 'miei', 'mie', 'tuo', 'tua', 'tuoi', 'tue', 'suo', 'sua', 'suoi', 'sue',
    ...inflect(['quest', 'quell'], ITALIAN_4), 'quel', 'quei', 'quegli', 'si', 'ne', 'ti', 'vi',
    'puoi', 'può', 'possono', 'potresti', 'potrebbe', 'riesci', 'riesce', 'sai', 'sa', 'sapete',
    'grado', 'capace', 'detto', 'parlato', 'come', 'dove', 'quando', 'perché', 'perche', 'chi', 'quanto', 'davvero', 'esattamente', 'proprio', 'ancora', 'già', 'allora', 'quindi',
    'importante', 'importanti', 'principale', 'principali', 'maggiori', 'rilevanti',
    ...inflect(['pubblicat', 'uscit', 'appars', 'scritt'], ITALIAN_4),
  ],
  pt: [
    ...FIRST_AND_GET.pt!,
    ...ANYONE_BUT_QUICK.pt!,
    ...GREETINGS_AND_THINGS.pt!,
    ...NEED.pt!,
    ...ONLY_AND_TALK.pt!,
    ...READ_AND_LIST.pt!,
    ...CONTRACTIONS.pt!,
    ...HAPPEN_AND_SOME.pt!,
    ...AUXILIARIES.pt!,
    ...GIVE_VERBS.pt!,
    ...SOURCE_VERBS.pt!,
    ...inflect(['me', 'te', 'se', 'noss', 'voss'], ['u', 'us']).filter((w) => !['se', 'te'].includes(w)),
    ...inflect(['noss', 'voss', 'minh', 'tu', 'su'], ['a', 'as']), 'meu', 'meus', 'teu', 'teus', 'seu', 'seus', 'nosso', 'nossos',
    ...inflect(['est', 'ess', 'aquel'], ['e', 'a', 'es', 'as']), 'isso', 'isto', 'aquilo',
    'pode', 'podes', 'podem', 'poderia', 'consegue', 'consegues', 'conseguem', 'sabe', 'sabes', 'sabem',
    'falou', 'falaram', 'noticiou', 'noticiaram', 'contou', 'aí', 'aê', 'onde', 'quando', 'porque', 'quem', 'realmente', 'mesmo', 'exatamente', 'ainda', 'já', 'então',
    'importante', 'importantes', 'principal', 'principais', 'destaque', 'destaques', 'relevantes',
    ...inflect(['publicad', 'saíd', 'escrit'], ROMANCE_4),
  ],
  ja: ['ねえ', 'ねぇ', 'あの', 'すればいい', 'ればいい', 'いいですか', '誰か', '簡単に', '簡単', '種類', 'どういう', 'おはよう', 'おはようございます', 'こんばんは', '全部', '知っている', '知ってる', 'だけ', 'のみ', 'はじめまして', '初めて', 'ここ', 'どこから', 'どこ', 'いつ', 'なぜ', '誰', 'どれ', 'どう', '本当に', '実際', '一番', '重要な', '主要な', 'いろいろ', '色々'],
  ko: [
    '순으로', '순서로', '먼저', '받을', '받아', '받고', '뭐라고', '했어', '했나요', '저기', '저기요', '있잖아', '해', '쓴', '작성한', '간단히', '간단하게', '종류', '아는', '알고', '전부', '모두', '필요해', '필요해요', '필요합니다', '필요한', '만', '얘기', '이야기', '읽고', '읽을', '싶어', '싶어요', '싶다', '싶습니다', '해서', '하여', '너', '넌', '네가', '너는', '당신', '당신은', '니가', '데', '는데', '처음', '처음인데', '처음이라', '여기',
    // Bound nouns ("the one", "the thing") with each particle: "어제 것만", "그런 거는".
    '걸', '건',
    ...['것', '거', '게'].flatMap((noun) => ['', '은', '는', '을', '를', '이', '만', '도', '들', '으로', '로'].map((p) => noun + p)),
    '이거', '그거', '저거', '이건', '어떻게', '거야', '건가요', '거예요', '건데', '돼', '되나요', '어디', '어디야', '어디예요', '어디에요', '어디서', '어디인가요', '언제', '왜', '누가', '누구', '어느', '뭔가',
    '정말', '진짜', '실제로', '가장', '제일', '중요한', '주요', '볼', '보는', '읽을', '있을까', '있을까요',
  ],
  ar: [
    ...ARABIC_PREPOSITIONS.flatMap((p) => ARABIC_SUFFIXES.map((s) => p + s)),
    'أن', 'أنا', 'هنا', 'جديد', 'أولا', 'اولا', 'الحصول', 'أحصل', 'هم', 'هي', 'نحن', 'اسمع', 'يا', 'أحد', 'لكن', 'سريعة', 'سريع', 'عما', 'مما', 'أي شيء', 'شيء', 'نوع', 'أنواع', 'صباح الخير', 'مساء الخير', 'أهلا', 'اهلا', 'السلام عليكم', 'تعرف', 'تعرفها', 'تعرفه', 'اذكر', 'أحتاج', 'احتاج', 'نحتاج', 'فقط', 'حدثني', 'حدثنا', 'أطلعني', 'اطلعني', 'أخبرنا', 'أقرأ', 'اقرأ', 'قراءة', 'أقرا', 'شو', 'ايش', 'إيش', 'وش', 'أين', 'متى', 'لماذا', 'يمكن', 'يمكنني', 'أستطيع', 'استطيع', 'نستطيع', 'يمكننا', 'تعتمد', 'يعتمد', 'تعتمدون', 'تستعين', 'تأخذ', 'حقا', 'فعلا', 'بالضبط',
    'أهم', 'الأهم', 'أبرز', 'الأبرز', 'رئيسية', 'الرئيسية', 'المهمة', 'مهمة',
    'كتبت', 'كتب', 'قالت', 'قال', 'ذكرت', 'ذكر', 'أفادت', 'نشرت', 'المنشورة', 'منشورة', 'صدرت', 'الصادرة',
  ],
}
