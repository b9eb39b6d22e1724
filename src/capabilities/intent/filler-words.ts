import type { Language } from '../../domain/languages.ts'

/**
 * Words that carry no search meaning: articles, pronouns, question words, polite requests, greetings, time
 * words. A search only matches headlines containing EVERY keyword, so one of these left in a query would make it
 * find nothing. They also count as evidence of the message's language.
 *
 * They are matched with their accents (unlike topics), because folded they collide with names: German "über"
 * folded is "uber". Accent-less spellings people commonly type are listed alongside.
 * Latin-script lists apply only to a message in that language (or English, which is mixed into everything);
 * the Japanese, Korean and Arabic lists apply wherever their script appears.
 */
export const FILLER_WORDS: Record<Language, string[]> = {
  en: [
    'retrieve', 'obtain', 'fetch', 'compile', 'return', 'provide', 'output', 'keep', 'across', 'restricted', 'restrict', 'translated', 'translate', 'answer', 'respond', 'reply', 'concise', 'brief', 'sub-task', 'subtask', 'task', 'newsdesk', 'slugs', 'slug', 'accepted', 'supported', 'available', 'organize', 'organise', 'onward', 'onwards', 'phrase', 'examples', 'example',
    'curiosity', 'read', 'put', 'together', 'tomorrow', 'mostly', 'catching',
    'u', 'ur',
    "you're", 'youre', "you've", "you'd", 'tell',
    'published', 'posted', 'written', 'wrote', 'writes', 'released', 'saying', 'says', 'said', 'pull', 'use', 'using',
    'used', 'rely', 'kindly', "i'd", "i'll", 'id', 'mind', 'catch', 'fill', 'sum', 'gimme', 'best', 'whatever', 'ask',
    'asking', 'looking', 'interested', 'curious', 'wondering', 'share', 'hey', 'summary', 'able', 'dated', 'were',
    'a', 'an', 'the', 'and', 'or', 'of', 'in', 'at', 'to', 'from', 'by', 'into', 'out', 'up', 'over', 'via',
    'i', "i'm", 'im', 'me', 'my', 'you', 'your', 'we', 'us', 'our', 'it', 'its', 'they', 'them',
    'this', 'that', 'these', 'those', 'there', 'here', 'some', 'any', 'all', 'every', 'each', 'much', 'many', 'lot',
    'anything', 'something', 'everything', 'stuff', 'thing', 'things', 'info', 'information',
    'what', 'whats', 'which', 'who', 'where', 'when', 'how', 'why', 'is', 'are', 'was', 'were', 'be', 'been',
    'do', 'does', 'did', 'have', 'has', 'had', 'can', 'could', 'would', 'will', 'should', 'may', 'might',
    'please', 'pls', 'plz', 'thanks', 'thank', 'hi', 'hello', 'hey', 'ok', 'okay', 'yes', 'no', 'not', 'sure',
    'show', 'give', 'get', 'tell', 'fetch', 'bring', 'send', 'list', 'read', 'see', 'check', 'pull', 'grab',
    'display', 'provide', 'summarize', 'summarise', 'know', 'want', 'wanna', 'like', 'need', 'let', 'lets', "let's",
    'help', 'going', 'go', 'doing', 'more', 'most', 'just', 'also', 'so', 'then', 'than', 'as', 'but', 'if', 'only',
    'now', 'currently', 'lately', 'right', 'week', 'month', 'year', 'day', 'yesterday', 'tonight', 'morning',
    'quick', 'brief', 'briefly', 'short', 'good', 'great', 'interesting', 'important', 'main', 'big', 'biggest',
    'hot', 'available', 'cover', 'covered', 'offer', 'write', 'publish', 'track', 'follow', 'answer', 'respond',
    'reply', 'say', 'talk', 'kind', 'sort', 'type', 'options', 'there\'s', 'he', 'she', 'his', 'her', 'their',
    'happened', 'happening', 'happens', 'developments', 'update', 'updates', 'regarding', 'concerning',
  ],
  es: [
    'q', 'k', 'xq', 'pq', 'tb', 'salio', 'salieron', 'hay', 'ha',
    'recupera', 'recuperar', 'obtén', 'obtener', 'devuelve', 'responde', 'respuesta', 'traducido', 'traducidas',
    'estoy', 'leí', 'encontrarlo', 'encontrar', 'ahí', 'enseñarme', 'enseñar', 'quería', 'querría', 'saber', 'preguntarte', 'salido', 'salió', 'mañana', 'tengo', 'ayudas',
    'mí', 'sigues', 'siguen',
    'puedo', 'puedes', 'dicho', 'escribió',
    'publicado', 'publicada', 'publicados', 'publicadas', 'publicó', 'escrito', 'dice', 'dicen', 'sabes', 'usas', 'usa',
    'usan', 'utilizas', 'consultas', 'consultan', 'resumir', 'resúmenme', 'cuéntame', 'cuentame', 'infórmame', 'informame',
    'ponme', 'busco', 'necesito', 'gustaría', 'quisiera', 'hacer', 'dame',
    'el', 'la', 'los', 'las', 'un', 'una', 'unos', 'unas', 'de', 'del', 'al', 'a', 'y', 'e', 'o', 'u', 'en',
    'para', 'por', 'que', 'qué', 'cuál', 'cual', 'cuáles', 'cuales', 'cómo', 'como', 'quién', 'quien', 'dónde',
    'me', 'mi', 'mis', 'te', 'tu', 'tus', 'se', 'lo', 'le', 'les', 'nos', 'hay', 'es', 'son', 'está', 'esta',
    'están', 'estan', 'muestra', 'muéstrame', 'muestrame', 'enséñame', 'ensename', 'dame', 'dime', 'quiero',
    'quisiera', 'puedes', 'podrías', 'podrias', 'favor', 'porfa', 'hola', 'gracias', 'tienes', 'tiene', 'tienen',
    'tenéis', 'todas', 'todos', 'toda', 'todo', 'más', 'mas', 'este', 'estos', 'estas', 'ese', 'esa', 'semana',
    'ayer', 'ahora', 'resumen', 'resume', 'resúmeme', 'leer', 'ver', 'algo', 'alguna', 'algunas', 'algún',
    'sabes', 'pasa', 'ocurre', 'sucede', 'ha', 'han', 'lista', 'listar', 'enumera', 'disponibles', 'cubren',
    'cubres', 'tratáis', 'tratan', 'mejores', 'interesante', 'importantes', 'yo', 'nosotros', 'usted', 'ustedes',
    'él', 'ella', 'ellos', 'su', 'sus',
  ],
  fr: [
    'stp', 'svp', 'donner', 'donnez', 'pk', 'pcq',
    'récupère', 'récupérer', 'obtiens', 'renvoie', 'réponds', 'répondez', 'réponse', 'traduit', 'traduits',
    'eu', 'auriez', 'auriez-vous', 'avez-vous', 'voir', 'demandais', 'demande', 'demain', 'excusez-moi', 'excusez',
    'comment', 'suivez', 'savoir', 'aimerais', 'voudrais',
    'résumer', 'résumez', 'fais', 'fait', 'dit', 'disent', 'publiés', 'publiées', 'publié', 'publiée', 'parus', 'sortis',
    'dans', 'utilisez', 'utilises', 'consultez', 'sais', 'aider', 'qu', 'ça', 'ca', 'm', 'écrit', 'donne-moi',
    'le', 'la', 'les', 'un', 'une', 'des', 'de', 'du', 'au', 'aux', 'à', 'a', 'et', 'ou', 'en', 'pour', 'par',
    'que', 'quoi', 'quel', 'quels', 'quelle', 'quelles', 'qui', 'est', 'sont', 'il', 'y', 'ce', 'ces', 'cette',
    'cet', 'se', 'me', 'moi', 'mon', 'ma', 'mes', 'te', 'toi', 'vous', 'votre', 'vos', 'nous', 'donne', 'donnez',
    'donne-moi', 'donnez-moi', 'montre', 'montrez', 'montre-moi', 'montrez-moi', 'dis', 'dis-moi', 'dites-moi',
    'svp', 'stp', 'plaît', 'plait', 'bonjour', 'salut', 'merci', 'avez', 'as', 'avez-vous', 'a-t-il', 'ya',
    'liste', 'lister', 'résumé', 'résume', 'resume', 'semaine', 'hier', 'maintenant', 'tous', 'toutes', 'tout',
    'disponibles', 'couvrez', 'proposez', 'traitez', 'existe', 'existent', 'peux', 'pouvez', 'voudrais', 'veux',
    'aimerais', 'passe', 'est-ce', 'principales', 'importantes', 'je', 'tu', 'elle', 'on', 'ils', 'elles', 'leur',
    'leurs', 'son', 'sa', 'ses',
  ],
  de: [
    'grüezi', 'gruezi', 'servus', 'moin', 'gibts', 'kam', 'kamen', 'bzw',
    'antwort', 'antworte', 'antworten', 'hole', 'liefere', 'übersetzt', 'abrufen', 'rufe',
    'gab', 'gab\'s', 'ach', 'würde', 'würden', 'gern', 'gerne', 'wissen', 'morgen', 'eigentlich', 'bieten', 'bietet', 'muss',
    'verfolgt', 'verfolgen',
    'meldet', 'melden', 'ich', 'dir',
    'fass', 'fasst', 'schreibt', 'schreiben', 'berichtet', 'berichten', 'sagt', 'sagen', 'veröffentlicht', 'erschienen',
    'erschienene', 'nutzt', 'nutzen', 'verwendet', 'benutzt', 'alles', 'kannst', 'neues', 'von', 'aus', 'zum', 'zur',
    'der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'einen', 'einem', 'einer', 'und', 'oder', 'in', 'im',
    'am', 'an', 'auf', 'aus', 'bei', 'für', 'fuer', 'von', 'vom', 'was', 'welche', 'welcher', 'welches', 'wie',
    'gibt', 'es', 'ist', 'sind', 'habt', 'hast', 'haben', 'ihr', 'du', 'sie', 'mir', 'mich', 'ich', 'uns', 'zeig',
    'zeige', 'zeigen', 'gib', 'geben', 'bitte', 'hallo', 'danke', 'alle', 'alles', 'mal', 'doch', 'gerade',
    'derzeit', 'momentan', 'diese', 'dieser', 'dieses', 'woche', 'gestern', 'jetzt', 'liste', 'auflisten',
    'zusammenfassung', 'fasse', 'zusammen', 'kannst', 'könntest', 'koenntest', 'möchte', 'moechte', 'will', 'etwas',
    'los', 'passiert', 'verfügbar', 'deckt', 'ab', 'behandelt', 'wichtigsten', 'bietet', 'wir', 'er', 'sein', 'seine',
    'ihre', 'euch', 'dir', 'dich', 'kann',
  ],
  it: [
    'x', 'cmq', 'nn',
    'elencali', 'elencale', 'recupera', 'recuperare', 'ottieni', 'rispondi', 'risposta', 'tradotto', 'tradotti',
    'invece', 'mille', 'chiedevo', 'chiedo', 'se', 'domani', 'seguo', 'soprattutto', 'mostri', 'mostrami', 'sto', 'prendi', 'sapere', 'anche', 'leggi', 'parlato', 'ho',
    'tipo', 'posso', 'seguite', 'segui',
    'ha', 'hanno', 'scritto', 'detto',
    'riassumimi', 'dice', 'dicono', 'scrive', 'scrivono', 'pubblicati', 'pubblicate', 'pubblicato', 'usate', 'usi',
    'utilizzate', 'consultate', 'sai', 'fare', 'sull', 'sulla', 'dal', 'dalla', 'gli', 'qualcosa',
    'il', 'lo', 'la', 'i', 'gli', 'le', 'un', 'uno', 'una', 'di', 'del', 'della', 'dei', 'delle', 'degli',
    'dello', 'da', 'dal', 'dalla', 'in', 'nel', 'nella', 'a', 'al', 'alla', 'e', 'o', 'per', 'che', 'cosa', 'quali',
    'quale', 'ci', 'sono', 'è', "e'", 'mi', 'me', 'mostra', 'mostrami', 'dammi', 'dimmi', 'fammi', 'vedere',
    'favore', 'ciao', 'grazie', 'avete', 'hai', 'tutte', 'tutti', 'più', 'piu', 'questa', 'settimana', 'ieri', 'ora',
    'adesso', 'elenco', 'elenca', 'riassunto', 'riassumi', 'vorrei', 'voglio', 'puoi', 'potresti', 'disponibili',
    'coprite', 'trattate', 'sta', 'stanno', 'succedendo', 'succede', 'io', 'tu', 'noi', 'voi', 'lui', 'lei', 'loro',
    'suo', 'sua',
  ],
  pt: [
    'q', 'vc', 'vcs', 'pq', 'tb', 'tbm', 'ha', 'oq', 'saíram',
    'recupere', 'recuperar', 'obtenha', 'retorne', 'responda', 'resposta', 'traduzido', 'traduzidas',
    'aqui', 'ver', 'valeu', 'vou', 'amanhã', 'amanha', 'vem', 'sou',
    'acompanham', 'acompanha', 'seguem', 'eu',
    'escreveu', 'disse', 'saiu', 'saíram', 'sairam', 'saindo',
    'dá', 'publicou', 'publicaram', 'publicadas', 'publicados', 'diz', 'dizem', 'usam', 'usa', 'utilizam', 'consultam',
    'sabe', 'conta', 'fala', 'resumir', 'fazer',
    'o', 'a', 'os', 'as', 'um', 'uma', 'uns', 'umas', 'de', 'do', 'da', 'dos', 'das', 'em', 'no', 'na', 'nos',
    'nas', 'e', 'ou', 'para', 'pra', 'por', 'pelo', 'pela', 'que', 'quê', 'quais', 'qual', 'como', 'me', 'mim',
    'meu', 'minha', 'você', 'voce', 'vocês', 'voces', 'mostre', 'mostra', 'mostrar', 'dê', 'diga', 'fale', 'quero',
    'queria', 'gostaria', 'pode', 'poderia', 'favor', 'olá', 'ola', 'oi', 'obrigado', 'obrigada', 'tem', 'têm',
    'há', 'é', 'são', 'sao', 'está', 'esta', 'estão', 'todas', 'todos', 'mais', 'essa', 'semana', 'ontem', 'agora',
    'lista', 'listar', 'resumo', 'resuma', 'disponíveis', 'disponiveis', 'cobrem', 'existem', 'rolando', 'eu', 'nós',
    'ele', 'ela', 'eles', 'elas', 'seu', 'sua',
  ],
  ja: [
    '分',
    'いただけますか', '見せていただけますか', '来週', '明日',
    'どんな', 'こと',
    'まとめて', '要約して', '教えてください', '見せてください', 'ありますか', 'がありますか', '使っている', '使って', '利用',
    '知りたいです', 'ほしいです',
    '教えて', '見せて', '表示', '表示して', 'ください', '下さい', 'お願い', 'お願いします', 'ほしい', '欲しい',
    '知りたい', 'ある', 'あります', 'ありますか', '何', 'なに', 'どんな', 'どの', '一覧', 'リスト', 'まとめ', '要約',
    'して', 'する', 'こんにちは', 'ありがとう', '今週', '昨日', '今', '全部', 'すべて', '全て', '出して', '取得',
    '読みたい', '見たい', '扱って', '株式会社', 'いる', 'います', 'どう', 'なって', '関連の', '主要', '主な', '重要',
  ],
  ko: [
    '너무', '많아서', '다', '못', '보겠네', '그냥',
    '찾아줄래', '찾아줄래요', '나온', '나왔', '나왔어', '동안', '올라온', '볼',
    '준비', '준비하고',
    '그럼', '혹시', '올라온', '보여주실', '보여주시겠어요', '보고', '싶어요', '있어서요', '내일', '다음', '실린', '있었나요', '있는데요',
    '넌', '있니', '다뤄', '다루나요',
    '중', '것', '거',
    '요약해', '요약해줘', '정리해', '정리해줘', '제공하나요', '제공하는', '제공', '사용하는', '사용해', '너는', '너', '뭘',
    '당신은', '무엇을', '할', '수', '있어', '있나요',
    '목록', '리스트', '알려줘', '알려주세요', '알려', '보여줘', '보여주세요', '줘', '주세요', '뭐야', '뭐가', '뭐',
    '무엇', '무슨', '어떤', '있어', '있나요', '있어요', '있습니까', '있는', '좀', '요약', '요약해줘', '해줘', '안녕',
    '안녕하세요', '고마워', '감사합니다', '이번', '주', '어제', '지금', '전체', '모든', '다루', '다루는', '궁금해',
    '주요', '중요한',
  ],
  ar: [
    'عطني', 'شو', 'أقدر', 'اقدر',
    'وأجب', 'أجب', 'اجب', 'الرد', 'ترجم',
    'وما', 'وماذا', 'منك',
    'خلال', 'توجد', 'أرجو', 'تعرض', 'موقع', 'أعمل', 'تعطيني', 'تستطيع', 'غدا', 'غداً', 'لدي',
    'كيف', 'تتابع', 'تتابعون', 'تغطي',
    'الأشياء', 'أشياء', 'بها', 'التي',
    'لخصي', 'نشرت', 'نشر', 'ينشر', 'نشره', 'نشرته', 'نشروه', 'نشرها', 'نشروا', 'كتبه', 'كتبته', 'تقول', 'يقول', 'لنا', 'اعطني', 'تستخدم', 'تستخدمون', 'تستخدمها', 'يمكنك', 'أريد', 'اريد',
    'ما', 'ماذا', 'هي', 'هو', 'هل', 'في', 'من', 'على', 'إلى', 'الى', 'و', 'أو', 'لي', 'لدي', 'لديكم', 'لديك',
    'عندكم', 'عندك', 'أعطني', 'أرني', 'اعرض', 'أظهر', 'قل', 'أخبرني', 'فضلك', 'مرحبا', 'شكرا', 'التي', 'الذي',
    'كل', 'جميع', 'المتاحة', 'المتوفرة', 'تغطون', 'هذا', 'هذه', 'الأسبوع', 'أمس', 'الآن', 'قائمة', 'ملخص', 'لخص',
    'يوجد', 'هناك', 'لو', 'سمحت',
  ],
}

/**
 * Korean case and topic particles, longest first. They are glued to the word before them ("삼성전자의"), so an
 * unrecognized Korean word loses one of these endings when what remains is still two syllables or more.
 */
export const KOREAN_PARTICLES = [
  '들에서', '들을', '들이', '들은', '들의', '들도', '에서는', '으로는', '이랑', '에서', '에게', '으로', '까지', '부터', '하고', '에는', '로', '에', '의', '을', '를', '이',
  '가', '은', '는', '와', '과', '도', '만', '랑', '들',
]

/**
 * French and Italian elided articles and prepositions written onto the next word: "l'IA", "d'Apple",
 * "sull'intelligenza". They are split off so the word itself can be recognized or searched.
 */
export const ELISIONS = [
  'l', 'd', 'j', 'm', 'n', 's', 't', 'c', 'qu', 'jusqu', 'lorsqu', 'puisqu', 'dell', 'dall', 'nell', 'sull', 'all',
  'un', 'quell', 'quest', 'cos',
]
