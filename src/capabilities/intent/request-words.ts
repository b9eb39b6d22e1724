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
 */
export interface RequestWords {
  news: string[]
  about: string[]
  topics: string[]
  limit: string[]
  counters: string[]
  numbers: Record<string, number>
}

export const REQUEST_WORDS: Record<Language, RequestWords> = {
  en: {
    news: [
      'news', 'headlines', 'headline', 'stories', 'story', 'articles', 'article', 'updates', 'update', 'latest',
      'newest', 'recent', 'new', 'breaking', 'happening', 'today', 'trending', 'digest', 'roundup', 'briefing',
      'summary', 'summaries', 'developments',
    ],
    about: [
      'about', 'on', 'regarding', 're', 'concerning', 'around', 'involving', 'mentioning', 'with', 'search', 'find',
      'look up', 'lookup', 'related to', 'related', 'covering', 'for',
    ],
    topics: ['topics', 'topic', 'categories', 'category', 'sections', 'section', 'sectors', 'beats', 'subjects'],
    limit: ['top', 'first', 'latest', 'last', 'newest', 'recent'],
    counters: ['items', 'results', 'links', 'pieces'],
    numbers: {
      one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twenty: 20,
    },
  },
  es: {
    news: [
      'noticias', 'noticia', 'titulares', 'titular', 'artículos', 'articulos', 'artículo', 'novedades', 'últimas',
      'ultimas', 'último', 'ultimo', 'últimos', 'ultimos', 'recientes', 'reciente', 'nuevas', 'nuevo', 'nuevos',
      'actualidad', 'hoy', 'pasando',
    ],
    about: ['sobre', 'acerca', 'respecto', 'relacionadas', 'relacionados', 'busca', 'buscar', 'búscame', 'encuentra', 'con'],
    topics: ['temas', 'tema', 'categorías', 'categorias', 'categoría', 'secciones', 'sección', 'seccion'],
    limit: ['primeras', 'primeros', 'últimas', 'ultimas', 'últimos', 'ultimos', 'top', 'principales'],
    counters: ['resultados'],
    numbers: {
      uno: 1, una: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10, veinte: 20,
    },
  },
  fr: {
    news: [
      'actualités', 'actualites', 'actualité', 'actus', 'actu', 'infos', 'nouvelles', 'nouveautés', 'titres',
      'titre', 'article', 'dernière', 'derniere', 'dernier', 'récente', 'recente', 'récent', 'recent',
      "aujourd'hui", 'quoi de neuf',
    ],
    about: ['sur', 'concernant', 'propos', 'autour', 'cherche', 'chercher', 'recherche', 'trouve', 'avec', 'chez'],
    topics: ['sujets', 'sujet', 'thèmes', 'themes', 'thème', 'catégories', 'categories', 'catégorie', 'rubriques', 'rubrique'],
    limit: ['premières', 'premiers', 'derniers', 'dernières', 'dernieres', 'derniere', 'top'],
    counters: ['résultats'],
    numbers: {
      un: 1, une: 1, deux: 2, trois: 3, quatre: 4, cinq: 5, six: 6, sept: 7, huit: 8, neuf: 9, dix: 10, vingt: 20,
    },
  },
  de: {
    news: [
      'nachrichten', 'news', 'neuigkeiten', 'schlagzeilen', 'meldungen', 'artikel', 'aktuelle', 'aktuellen',
      'aktuell', 'neueste', 'neuesten', 'neue', 'neues', 'neuen', 'heute', 'letzte', 'letzten',
    ],
    about: ['über', 'ueber', 'zu', 'zum', 'zur', 'betreffend', 'bezüglich', 'suche', 'such', 'finde', 'mit'],
    topics: ['themen', 'thema', 'kategorien', 'kategorie', 'rubriken', 'rubrik', 'bereiche', 'ressorts'],
    limit: ['top', 'ersten', 'letzten', 'neuesten', 'wichtigsten'],
    counters: ['ergebnisse', 'stück'],
    numbers: {
      eins: 1, zwei: 2, drei: 3, vier: 4, fünf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10, zwanzig: 20,
    },
  },
  it: {
    news: [
      'notizie', 'notizia', 'news', 'titoli', 'articoli', 'articolo', 'novità', 'novita', 'ultime', 'ultimi',
      'ultima', 'recenti', 'nuove', 'oggi', 'aggiornamenti',
    ],
    about: ['su', 'sul', 'sulla', 'sui', 'sulle', 'riguardo', 'riguardanti', 'circa', 'cerca', 'cercare', 'trova', 'con'],
    topics: ['argomenti', 'argomento', 'categorie', 'categoria', 'temi', 'sezioni', 'sezione', 'rubriche'],
    limit: ['prime', 'primi', 'ultime', 'ultimi', 'top', 'principali'],
    counters: ['risultati'],
    numbers: {
      uno: 1, una: 1, due: 2, tre: 3, quattro: 4, cinque: 5, sei: 6, sette: 7, otto: 8, nove: 9, dieci: 10, venti: 20,
    },
  },
  pt: {
    news: [
      'notícias', 'notícia', 'manchetes', 'manchete', 'matérias', 'materias', 'artigos', 'artigo', 'novidades',
      'últimas', 'ultimas', 'últimos', 'recentes', 'novas', 'hoje', 'acontecendo',
    ],
    about: ['sobre', 'acerca', 'relacionadas', 'busque', 'buscar', 'procure', 'pesquise', 'encontre', 'com'],
    topics: ['tópicos', 'topicos', 'tópico', 'temas', 'tema', 'categorias', 'categoria', 'seções', 'secoes', 'assuntos'],
    limit: ['primeiras', 'primeiros', 'últimas', 'ultimas', 'últimos', 'top', 'principais'],
    counters: ['resultados'],
    numbers: {
      um: 1, uma: 1, dois: 2, duas: 2, três: 3, tres: 3, quatro: 4, cinco: 5, seis: 6, sete: 7, oito: 8, nove: 9,
      dez: 10, vinte: 20,
    },
  },
  ja: {
    news: ['ニュース', '最新', '新着', '最近', '記事', '見出し', 'ヘッドライン', '話題', '動向', '情報', '今日', '本日', '速報'],
    about: ['について', 'に関する', 'に関して', 'についての', '関連', '関する', '検索', '探して', '調べて'],
    topics: ['トピック', 'トピックス', 'カテゴリ', 'カテゴリー', 'ジャンル', '分野', 'テーマ'],
    limit: ['トップ', '上位', '最新'],
    counters: ['件', '本', '個', 'つ', '選'],
    numbers: {},
  },
  ko: {
    news: ['뉴스', '최신', '최근', '소식', '기사', '헤드라인', '새로운', '오늘', '속보', '동향'],
    about: ['관련', '대한', '대해', '대해서', '관한', '검색', '찾아줘', '찾아'],
    topics: ['주제', '카테고리', '분야', '토픽', '섹션'],
    limit: ['상위', '톱', '탑', '최신'],
    counters: ['개', '건', '가지'],
    numbers: {},
  },
  ar: {
    news: ['أخبار', 'الأخبار', 'خبر', 'آخر', 'أحدث', 'جديد', 'الجديد', 'عناوين', 'العناوين', 'مقالات', 'المقالات', 'اليوم', 'مستجدات', 'عاجل', 'يحدث'],
    about: ['عن', 'حول', 'بخصوص', 'بشأن', 'ابحث', 'بحث', 'مع'],
    topics: ['المواضيع', 'مواضيع', 'الموضوعات', 'موضوعات', 'الفئات', 'فئات', 'الأقسام', 'أقسام', 'التصنيفات', 'المجالات'],
    limit: ['أهم', 'أفضل', 'آخر', 'أول', 'أحدث'],
    counters: [],
    numbers: {},
  },
}
