import type { Language } from '../../domain/languages.ts'

/**
 * Words that say what kind of request a message is, per language. None of them is ever a search keyword.
 *
 * - news: the person wants stories ("news", "latest", "headlines"); a message made only of these and a topic
 *   reads as latest-in-topic without guessing.
 * - about: introduces what a search is about ("about", "sobre", "について", "search for").
 * - topics: asks for the list of topics ("topics", "categories", "temas", "トピック").
 * - limit: may stand right before a count ("top 5", "últimas 3", "上位5", "أهم 5").
 * - counters: may stand right after a count ("5件", "5개", "5 items").
 * - numbers: counts written as words, read as a limit only where a digit would be.
 * - help: a question about the agent itself ("what can you do?", "¿qué sabes hacer?", "何ができますか").
 * - sources: asks for the publishers ("which sources?", "quelles sources", "언론사"); alone, list_sources.
 * - aboutAgent: beginnings of words that, when they are a message's only keywords, make it a question about the
 *   agent ("what are you capable of?", "¿cómo te puedo usar?", "Wie benutze ich dich?", "어떤 기능이 있어?"):
 *   verbs of using, helping, doing and asking, nouns for skills and features. Anywhere else they are keywords
 *   ("iPhone features").
 * - you: the ways of addressing the agent (second-person pronouns, formal and familiar, and the forms they take
 *   glued to a verb). A message of nothing but filler, request words and one of these ("what are you for?",
 *   "o que você consegue fazer?") is a question about the agent: it names nothing to look up.
 */
export interface RequestWords {
  news: string[]
  help: string[]
  sources: string[]
  aboutAgent: string[]
  you: string[]
  about: string[]
  topics: string[]
  limit: string[]
  counters: string[]
  numbers: Record<string, number>
}

export const REQUEST_WORDS: Record<Language, RequestWords> = {
  en: {
    news: [
      'rundown', 'lowdown', 'buzz', 
      'fresh', 'freshest', 
      'press', 'press coverage', 'press review', 'coverage', 'posts', 'post', 'blog posts', 'blog post', 'reports', 'reporting',
      'pieces', 'piece', 'write-ups', 'write-up', 'recap', 'rundown', 'overview', 'highlights', 'news items', 'whats new',
      'top stories', 'bulletin', 'catch up',
      'news', 'headlines', 'headline', 'stories', 'story', 'articles', 'article', 'updates', 'update', 'latest',
      'newest', 'recent', 'new', 'breaking', 'happening', 'today', 'trending', 'digest', 'roundup', 'briefing',
      'summary', 'summaries', 'developments',
    ],
    help: ['what you can do', 'what you do', 'what you are able to do', 'what can you do', 'what do you do', 'what can i ask', 'what can i ask you', 'what are you', 'who are you', 'help',
      'how do i use', 'how do i use you', 'how does this work', 'how do you work', 'how does it work', 'what are your skills',
      'your skills', 'your capabilities', 'capabilities', 'commands', 'what is this', 'usage', 'instructions', 'how to use',
      'this agent', 'this bot', 'this assistant', 'this service', 'this tool', 'what can you help with',
      'what can you help me with', 'what are you able to do', 'what kinds of questions', 'what can i do here'],
    sources: ['blogs', 'newspapers and blogs', 'sources', 'source', 'publishers', 'publisher', 'outlets', 'outlet', 'news outlets', 'news sources', 'media outlets',
      'newspapers', 'websites', 'sites', 'feeds', 'publications'],
    aboutAgent: ['understand', 'request', 'explain', 'phras', 'exampl', 'support', 'quer', 'help', 'service', 'use', 'using', 'capab', 'able', 'skill', 'feature', 'command', 'instruction', 'function', 'ask', 'question', 'work', 'assist', 'agent', 'bot'],
    you: ['you', 'u', 'ya', 'yourself', 'your'],
    about: [
      'about', 'on', 'regarding', 're', 'concerning', 'around', 'involving', 'mentioning', 'with', 'search', 'find',
      'look up', 'lookup', 'related to', 'related', 'covering', 'for',
    ],
    topics: ['topics', 'topic', 'categories', 'category', 'sections', 'section', 'sectors', 'sector', 'beats', 'subjects'],
    limit: ['top', 'first', 'latest', 'last', 'newest', 'recent', 'limit', 'max', 'maximum', 'most', 'just', 'only'],
    counters: ['tops', 'items', 'results', 'links', 'pieces'],
    numbers: {
      one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twenty: 20, couple: 2,
    },
  },
  es: {
    news: [
      'notas',
      'historias', 'historia', 'tendencia', 'tendencias', 'al día', 
      'frescas', 'frescos', 
      // Adjectives of newness in every gender and number.
      'nueva', 'novedad',
      'prensa', 'cobertura', 'publicaciones', 'publicación', 'entradas', 'posts', 'post', 'reportajes', 'reportaje',
      'informes', 'notas', 'lo último', 'revista de prensa',
      'noticias', 'noticia', 'titulares', 'titular', 'artículos', 'articulos', 'artículo', 'novedades', 'últimas',
      'ultimas', 'último', 'ultimo', 'últimos', 'ultimos', 'recientes', 'reciente', 'nuevas', 'nuevo', 'nuevos',
      'actualidad', 'hoy', 'pasando',
    ],
    help: ['una mano', 'echas una mano', 'lo que puedes hacer', 'lo que sabes hacer', 'qué puedes hacer', 'qué sabes hacer', 'qué puedes hacer', 'en qué me puedes ayudar', 'en qué puedes ayudarme', 'cómo funcionas',
      'cómo funciona esto', 'quién eres', 'qué eres', 'para qué sirves', 'ayuda', 'cómo te uso', 'cómo se usa'],
    sources: ['fuentes', 'fuente', 'medios', 'editores', 'periódicos', 'diarios', 'fuentes de noticias', 'sitios', 'sitios web', 'webs', 'portales'],
    aboutAgent: ['entiend', 'entend', 'petici', 'solicitud', 'explic', 'explíc', 'ayud', 'servicio', 'pedir', 'pid', 'usar', 'uso', 'usas', 'utiliz', 'funcion', 'sirv', 'capaz', 'pregunt', 'hac', 'agente', 'asistente'],
    you: ['tú', 'tu', 'usted', 'ustedes', 'vos', 'te', 'ti', 'contigo', 'eres', 'estás', 'tus', 'tuyo', 'tuya', 'tuyos', 'tuyas'],
    about: ['buscando', 'sobre', 'acerca', 'respecto', 'materia', 'tocante', 'relacionadas', 'relacionados', 'busca', 'buscar', 'búscame', 'encuentra', 'con'],
    topics: ['temas', 'tema', 'categorías', 'categorias', 'categoría', 'secciones', 'sección', 'seccion', 'sector', 'sectores', 'ámbito', 'área', 'áreas'],
    limit: ['primeras', 'primeros', 'últimas', 'ultimas', 'últimos', 'ultimos', 'top', 'principales', 'máximo', 'maximo', 'límite', 'solo', 'sólo'],
    counters: ['resultados'],
    numbers: {
      par: 2, uno: 1, una: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10, veinte: 20,
    },
  },
  fr: {
    news: [
      'récemment', 'recemment',
      'histoires', 'un point', 'le point', 'buzze', 'buzz', 'tendance', 'tendances', 'phares', 'phare', 
      'fraîches', 'fraiches', 'frais', 
      // Adjectives of newness in every gender and number.
      'nouveau', 'nouvel', 'nouvelle', 'nouveaux', 'nouveauté',
      'articles', 'presse', 'revue de presse', 'couverture', 'publications', 'publication', 'billets', 'billet', 'posts',
      'post', 'papiers', 'reportages', 'dépêches', 'brèves',
      'actualités', 'actualites', 'actualité', 'actus', 'actu', 'infos', 'nouvelles', 'nouveautés', 'titres',
      'titre', 'article', 'dernière', 'derniere', 'dernier', 'récente', 'recente', 'récent', 'recent',
      "aujourd'hui", 'quoi de neuf',
    ],
    help: ['un coup de main', 'coup de main', 'ce que tu sais faire', 'ce que tu peux faire', 'ce que vous pouvez faire', "qu'est-ce que tu sais faire", "qu'est-ce que tu peux faire", "qu'est-ce que vous pouvez faire",
      "qu'est-ce que tu peux faire pour moi", "qu'est ce que tu sais faire", "qu'est ce que tu peux faire", 'que sais tu faire', 'que peux tu faire', 'que pouvez vous faire',
      "tu peux m'aider", "pouvez vous m'aider", 'comment tu fonctionnes', 'comment ça marche', 'qui es tu', 'aide',
      'à quoi sers tu', 'à quoi tu sers'],
    sources: ['sources', 'source', 'éditeurs', 'médias', 'journaux', "sources d'information", 'sites', 'sites web', 'titres de presse'],
    aboutAgent: ['comprend', 'demande', 'requête', 'expliqu', 'aid', 'service', 'utilis', 'fonction', 'sers', 'sert', 'servir', 'prend', 'capable', 'question', 'demand', 'fair', 'agent', 'assistant'],
    you: ['tu', 'toi', 'vous', 'te', 't', 'ton', 'ta', 'tes', 'votre', 'vos'],
    about: ['sur', 'concernant', 'propos', 'autour', 'côté', 'coté', 'niveau', 'matière', 'question', 'cherche', 'chercher', 'recherche', 'trouve', 'avec', 'chez'],
    topics: ['sujets', 'sujet', 'thèmes', 'themes', 'thème', 'catégories', 'categories', 'catégorie', 'rubriques', 'rubrique', 'domaine', 'domaines', 'secteur', 'secteurs'],
    limit: ['premières', 'premiers', 'derniers', 'dernières', 'dernieres', 'derniere', 'top', 'maximum', 'max', 'seulement'],
    counters: ['résultats'],
    numbers: {
      un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, sept: 7, huit: 8, neuf: 9, dix: 10, vingt: 20,
    },
  },
  de: {
    news: [
      'geschichten', 'storys', 'neuesten stand', 'angesagt', 'trend', 'trends', 
      'aktuellste', 'aktuellsten', 'jüngste', 'jüngsten', 'frische', 'frischen', 
      // Adjectives of newness in every gender and number.
      'neu', 'neuer', 'neuem', 'neuigkeit',
      'presse', 'presseberichte', 'pressebericht', 'berichterstattung', 'beiträge', 'beitrag', 'posts', 'berichte',
      'bericht', 'meldung', 'überblick', 'presseschau', 'artikeln',
      'nachrichten', 'news', 'neuigkeiten', 'schlagzeilen', 'meldungen', 'artikel', 'aktuelle', 'aktuellen',
      'aktuell', 'neueste', 'neuesten', 'neue', 'neues', 'neuen', 'heute', 'letzte', 'letzten',
    ],
    help: ['was du kannst', 'was du machst', 'was sie können', 'was kannst du', 'was kannst du alles', 'was können sie', 'wobei kannst du mir helfen', 'wobei kannst du helfen',
      'wie funktionierst du', 'wie funktioniert das', 'wer bist du', 'hilfe', 'was machst du', 'was kann ich dich fragen'],
    sources: ['quellen', 'medien', 'verlage', 'nachrichtenquellen', 'zeitungen', 'herausgeber', 'seiten', 'webseiten', 'websites', 'portale', 'nachrichtenseiten'],
    aboutAgent: ['versteh', 'anfrag', 'erklär', 'erklaer', 'hilf', 'helf', 'biet', 'kannst', 'dienst', 'funktion', 'frag', 'stell', 'nutz', 'benutz', 'mach', 'verwend', 'agent', 'assistent'],
    you: ['du', 'dich', 'dir', 'sie', 'ihr', 'euch', 'bist', 'dein', 'deine', 'deinen', 'deinem', 'deiner', 'deines'],
    about: ['über', 'ueber', 'zu', 'zum', 'zur', 'sachen', 'rund um', 'rundum', 'hinsichtlich', 'betreffend', 'bezüglich', 'suche', 'such', 'finde', 'mit'],
    topics: ['themenbereiche', 'themenbereich', 'themen', 'thema', 'kategorien', 'kategorie', 'rubriken', 'rubrik', 'bereiche', 'bereich', 'ressorts', 'ressort', 'sektor', 'sektoren', 'branche', 'branchen'],
    limit: ['top', 'ersten', 'letzten', 'neuesten', 'wichtigsten', 'höchstens', 'maximal', 'max', 'nur'],
    counters: ['ergebnisse', 'stück'],
    numbers: {
      eins: 1, zwei: 2, drei: 3, vier: 4, fünf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10, zwanzig: 20,
    },
  },
  it: {
    news: [
      'storie', 'storia', 'tendenza', 'tendenze', 
      'fresche', 'freschi', 'fresca', 'fresco', 
      // Adjectives of newness in every gender and number.
      'nuovo', 'nuova', 'nuovi', 'novità',
      'stampa', 'rassegna stampa', 'copertura', 'post', 'pezzi', 'servizi', 'pubblicazioni', 'approfondimenti',
      'notizie', 'notizia', 'news', 'titoli', 'articoli', 'articolo', 'novità', 'novita', 'ultime', 'ultimi',
      'ultima', 'recenti', 'nuove', 'oggi', 'aggiornamenti',
    ],
    help: ['una mano', 'dai una mano', 'quello che sai fare', 'quello che puoi fare', 'cosa sai fare', 'cosa sai fare', 'che cosa sai fare', 'che sai fare', 'cosa puoi fare', 'come funzioni', 'come funziona', 'chi sei',
      'aiuto', 'in cosa puoi aiutarmi', 'come posso usarti', 'cosa fai'],
    sources: ['fonti', 'testate', 'editori', 'giornali', 'siti', 'siti web', 'portali', 'quotidiani'],
    aboutAgent: ['capisc', 'capir', 'richiest', 'spieg', 'aiut', 'serv', 'funzion', 'capac', 'usar', 'uso', 'usi', 'usa', 'offr', 'utilizz', 'domand', 'chied', 'far', 'agente', 'assistente'],
    you: ['tu', 'te', 'ti', 'voi', 'vi', 'lei', 'sei', 'tuo', 'tua', 'tuoi', 'tue', 'vostro', 'vostra', 'vostri', 'vostre'],
    about: ['cercando', 'su', 'sul', 'sulla', 'sui', 'sulle', 'riguardo', 'tema di', 'merito', 'fronte', 'riguardanti', 'circa', 'cerca', 'cercare', 'trova', 'con'],
    topics: ['argomenti', 'argomento', 'categorie', 'categoria', 'temi', 'sezioni', 'sezione', 'rubriche', 'settore', 'settori'],
    limit: ['prime', 'primi', 'ultime', 'ultimi', 'top', 'principali', 'massimo', 'max', 'soltanto'],
    counters: ['risultati'],
    numbers: {
      paio: 2, uno: 1, una: 1, due: 2, tre: 3, quattro: 4, cinque: 5, sei: 6, sette: 7, otto: 8, nove: 9, dieci: 10, venti: 20,
    },
  },
  pt: {
    news: [
      'noticia', 'noticias',
      'recente', 
      'histórias', 'história', 'bombando', 'tendência', 'tendências', 'em alta', 
      'fresquinhas', 'quentinhas', 
      // Adjectives of newness in every gender and number.
      'novo', 'nova', 'novos', 'novidade',
      'imprensa', 'cobertura', 'posts', 'publicações', 'reportagens', 'notas', 'últimas',
      'notícias', 'notícia', 'manchetes', 'manchete', 'matérias', 'materias', 'artigos', 'artigo', 'novidades',
      'últimas', 'ultimas', 'últimos', 'recentes', 'novas', 'hoje', 'acontecendo',
    ],
    help: ['uma mão', 'uma mao', 'o que você sabe fazer', 'o que você pode fazer', 'o que você faz', 'o que você sabe fazer', 'o que você pode fazer', 'como você funciona', 'como funciona', 'quem é você', 'ajuda',
      'como posso te usar', 'em que você pode me ajudar', 'o que você faz'],
    sources: ['fontes', 'veículos', 'jornais', 'editoras', 'editores', 'fontes de notícias', 'sites', 'portais'],
    aboutAgent: ['entend', 'entende', 'pedido', 'explic', 'ajud', 'pedir', 'serv', 'funcion', 'usar', 'uso', 'usa', 'utiliz', 'capaz', 'pergunt', 'faz', 'agente', 'assistente'],
    you: ['você', 'voce', 'vocês', 'tu', 'te', 'ti', 'contigo', 'és', 'teu', 'tua', 'teus', 'tuas'],
    about: ['sobre', 'acerca', 'relacionadas', 'relação', 'quanto a', 'respeito', 'busque', 'buscar', 'busca', 'procure', 'procura', 'procurar', 'pesquise', 'encontre', 'com'],
    topics: ['parte', 'tópicos', 'topicos', 'tópico', 'temas', 'tema', 'categorias', 'categoria', 'seções', 'secoes', 'secções', 'seccoes', 'seção', 'secao', 'secção', 'assuntos', 'área', 'áreas', 'setor', 'setores'],
    limit: ['primeiras', 'primeiros', 'últimas', 'ultimas', 'últimos', 'top', 'principais', 'máximo', 'maximo', 'limite', 'apenas', 'só'],
    counters: ['resultados'],
    numbers: {
      par: 2, um: 1, uma: 1, dois: 2, duas: 2, três: 3, tres: 3, quatro: 4, cinco: 5, seis: 6, sete: 7, oito: 8, nove: 9,
      dez: 10, vinte: 20,
    },
  },
  ja: {
    news: [
      '話', 
      '報道', 'プレス', 'ニュース記事', '投稿', '最新情報', 'レポート','ニュース', '最新', '新着', '最近', '記事', '見出し', 'ヘッドライン', '話題', '動向', '情報', '今日', '本日', '速報'],
    help: ['できること', '何ができますか', '何ができるの', '何ができる', 'ことができますか', 'できますか', '使い方', 'ヘルプ', 'あなたは誰', '何者', 'どうやって使う',
      '何をしてくれる'],
    sources: ['情報源', 'ソース', '出典', 'メディア', '媒体', '配信元', 'ニュースソース', 'サイト', 'ニュースサイト', 'ウェブサイト', '新聞', '新聞社'],
    aboutAgent: ['理解', '依頼', '説明', '機能', 'できる', 'できます', 'ボット', 'サービス', 'アプリ', '聞', '尋ね', '使', '頼', '使い方', '使う', '使え', '質問', 'できること', '手伝', '助け', 'エージェント', 'アシスタント'],
    you: ['あなた', '君', 'きみ', 'お前'],
    about: ['について', 'に関する', 'に関して', 'についての', '関連', '関する', '検索', '探して', '調べて'],
    topics: ['トピック', 'トピックス', 'カテゴリ', 'カテゴリー', 'ジャンル', '分野', 'テーマ'],
    limit: ['トップ', '上位', '最新'],
    counters: ['件', '本', '個', 'つ', '選'],
    // Kanji numerals before a counter are made digits by prepare() (text.ts); these are the native counts.
    numbers: { ひとつ: 1, ふたつ: 2, みっつ: 3, よっつ: 4, いつつ: 5, むっつ: 6, ななつ: 7, やっつ: 8, ここのつ: 9, とお: 10 },
  },
  ko: {
    news: [
      '글만', '기사만', '뉴스만',
      '새', 
      '이슈', '화제', 
      '보도', '언론 보도', '게시물', '글', '포스트','뉴스', '최신', '최근', '소식', '기사', '헤드라인', '새로운', '오늘', '속보', '동향', '요즘', '근황'],
    help: ['할 수 있는 것', '할 수 있는 거', '할 수 있는 걸', '뭘 할 수 있어', '무엇을 할 수 있어', '무엇을 도와줄 수 있어', '뭐 할 수 있어', '무엇을 할 수 있나요', '뭘 할 수 있나요',
      '할 수 있는 일', '사용법', '도움말', '도움', '너는 누구', '누구야', '어떻게 사용해', '어떻게 써'],
    sources: ['언론사나', '블로그', '언론사', '출처', '매체', '소스', '뉴스 출처', '언론', '신문', '신문사', '사이트', '뉴스 사이트'],
    aboutAgent: ['이해', '요청', '설명', '기능', '사용', '도움', '도와', '질문', '에이전트', '봇', '챗봇', '서비스', '쓰는', '쓰면', '써야', '써', '할', '물어'],
    you: ['너', '넌', '네가', '너는', '당신', '당신은', '니가', '너랑', '너와', '당신과', '너한테'],
    about: ['관련된', '쪽', '쪽에', '쪽에서', '쪽에서는', '쪽으로', '관련', '대한', '대해', '대해서', '관한', '검색', '찾아줘', '찾아'],
    topics: ['주제', '카테고리', '분야', '토픽', '섹션'],
    limit: ['상위', '톱', '탑', '최신'],
    counters: ['개', '건', '가지'],
    // Native Korean counts (the ones used with 개, 건, 가지); one syllable ones read as a count only before a counter.
    numbers: {
      두어: 2, 하나: 1, 한: 1, 둘: 2, 두: 2, 셋: 3, 세: 3, 넷: 4, 네: 4, 다섯: 5, 여섯: 6, 일곱: 7, 여덟: 8, 아홉: 9, 열: 10, 스무: 20, 스물: 20,
    },
  },
  ar: {
    news: [
      'قصص', 'القصص', 'قصة',
      'لمحة', 
      'الرائج', 'رائج', 'الرائجة', 'الترند', 
      'الصحافة', 'صحافة', 'التغطية', 'تغطية', 'الصحفية', 'صحفية', 'منشورات', 'المنشورات', 'تقارير', 'التقارير', 'مقال', 'المقال','أخبار', 'الأخبار', 'خبر', 'آخر', 'أحدث', 'جديد', 'الجديد', 'عناوين', 'العناوين', 'مقالات', 'المقالات', 'اليوم', 'مستجدات', 'عاجل', 'يحدث', 'حديثة', 'الحديثة', 'حديث', 'جديدة', 'الجديدة', 'الأخيرة', 'مقالتان', 'مقالتين', 'مقالان', 'مقالين', 'خبران', 'خبرين'],
    help: ['ما يمكنك فعله', 'عما يمكنك فعله', 'ماذا يمكنك أن تفعل', 'ما الذي يمكنك فعله', 'ماذا تستطيع أن تفعل', 'كيف يمكنك مساعدتي', 'من أنت', 'مساعدة', 'كيف تعمل',
      'ما هي قدراتك', 'ماذا تفعل'],
    sources: ['المصادر', 'مصادر', 'الناشرين', 'وسائل الإعلام', 'مصادر الأخبار', 'الصحف', 'صحف', 'المواقع', 'مواقع', 'الجرائد', 'ناشرون', 'ناشرين', 'ناشرو', 'الناشرون'],
    aboutAgent: ['تفهم', 'فهم', 'الطلب', 'طلب', 'اشرح', 'إشرح', 'تستطيع', 'بتعمل', 'تعمل', 'بتقدر', 'تقدر', 'وظيف', 'أطلب', 'نطلب', 'مهار', 'خدم', 'الخدم', 'تقدم', 'استفاد', 'الاستفاد', 'البوت', 'بوت', 'يمكنك', 'القيام', 'مساعد', 'استخدم', 'تفعل', 'فعل', 'قدرات', 'وظائف', 'ميزات', 'أسئل', 'أستخدم', 'أمثل', 'امثل', 'أسأل', 'اسأل', 'الأسئل', 'اسئل', 'الإجاب', 'إجاب', 'تجيب', 'نوع'],
    you: ['أنت', 'انت', 'أنتم', 'انتم', 'لك', 'منك', 'عنك', 'معك', 'بك', 'إليك', 'عليك'],
    about: ['عن', 'حول', 'بخصوص', 'بشأن', 'ابحث', 'بحث', 'مع'],
    topics: ['قسم', 'مجال', 'المواضيع', 'مواضيع', 'الموضوعات', 'موضوعات', 'الفئات', 'فئات', 'الأقسام', 'أقسام', 'التصنيفات', 'المجالات'],
    limit: ['أهم', 'أفضل', 'آخر', 'أول', 'أحدث'],
    counters: [],
    // Masculine and feminine forms, with and without the hamza people often leave out.
    numbers: {
      واحد: 1, واحدة: 1, اثنان: 2, اثنين: 2, اثنتين: 2, ثلاثة: 3, ثلاث: 3, أربعة: 4, اربعة: 4, أربع: 4, اربع: 4, خمسة: 5, خمس: 5,
      ستة: 6, ست: 6, سبعة: 7, سبع: 7, ثمانية: 8, ثماني: 8, تسعة: 9, تسع: 9, عشرة: 10, عشر: 10, عشرين: 20, عشرون: 20,
    },
  },
}
