import { LRUCache } from 'lru-cache'
import type { ArticleRecord } from '../../domain/crawl-records.ts'
import type { Language } from '../../domain/languages.ts'
import type { Topic } from '../../domain/topics.ts'
import { storyArticleEvidence } from '../categorize/categorize.ts'
import { screenArticleText, type ScreenedText } from '../quarantine/quarantine.ts'
import { prepareArticle, type PreparedArticle, type SourceArticle } from '../summarize/extractive.ts'

/**
 * The part of a story's text that belongs to one article alone, computed at most once per article and kept while the
 * article is remembered. A story is rewritten every time it gains an article, from all its articles (up to
 * STORY_MEMBERS); without this, a story that grows to n articles screens, splits and reads each of them up to n times.
 *
 * Only what is a pure function of the article is here:
 *   - the quarantine screening (title, text, author, canonical URL);
 *   - the summary's preparation: the cleaned title and its terms, the sentences split, stripped of datelines and
 *     boilerplate, their terms, repeat key, eligibility and the score factors of the sentence alone (length,
 *     question, dangling opener), keyed by the summary language and the publisher's name, which it also reads;
 *   - the topic evidence (names and attribution removed, terms counted), keyed by the article's language.
 * What depends on the other articles is recomputed on every rewrite: which articles are quoted (language), exact
 * repeats across articles, IDF, the centroid, article order, title overlap, support, scores, the picks, the averaged
 * topic evidence and the publisher prior.
 */
export class ArticleText {
  /** Always needed (every member is screened), so computed at once and the raw fields are not kept. */
  readonly screened: ScreenedText
  /** At most a few entries: one per summary language and publisher name the article has been summarized under. */
  readonly #prepared = new Map<string, PreparedArticle>()
  readonly #evidence = new Map<string | null, Readonly<Record<Topic, number>>>()

  constructor(source: Pick<ArticleRecord, 'title' | 'text' | 'author' | 'canonicalUrl'>) {
    this.screened = screenArticleText(source)
  }

  /** `article` is the screened article as the summarizer sees it (its title and text are `screened`'s). */
  prepared(article: SourceArticle, lang: Language): PreparedArticle {
    const key = `${lang}\u0000${article.publisher}`
    let p = this.#prepared.get(key)
    if (p === undefined) {
      if (this.#prepared.size >= SUB_ENTRIES) this.#prepared.clear()
      p = prepareArticle(article, lang)
      this.#prepared.set(key, p)
    }
    return p
  }

  /** `article` carries the screened title and text and the article's own language. */
  evidence(article: { title: string; text: string; lang: string | null }): Readonly<Record<Topic, number>> {
    let e = this.#evidence.get(article.lang)
    if (e === undefined) {
      if (this.#evidence.size >= SUB_ENTRIES) this.#evidence.clear()
      e = storyArticleEvidence(article)
      this.#evidence.set(article.lang, e)
    }
    return e
  }
}

/** An article is normally summarized under one language and publisher name; the bound only guards odd churn. */
const SUB_ENTRIES = 4

/**
 * The remembered articles, keyed by exactly the fields the screening reads (so a changed title, text, author or URL is
 * a different entry, and two articles with the same fields share one, correctly). Lengths go first so the key splits
 * one way only. Weight: the characters of title and text, which the derived values are proportional to.
 */
export class ArticleTextMemo {
  /** Least recently used first out, past either cap; an article heavier than the whole character cap is not kept. */
  readonly #lru: LRUCache<string, ArticleText>

  constructor(maxChars = DEFAULT_MAX_CHARS, maxArticles = DEFAULT_MAX_ARTICLES) {
    this.#lru = new LRUCache({ max: maxArticles, maxSize: maxChars })
  }

  get size(): number {
    return this.#lru.size
  }

  /** Characters of title and text remembered (the weight the cap is on). */
  get chars(): number {
    return this.#lru.calculatedSize
  }

  article(a: Pick<ArticleRecord, 'title' | 'text' | 'author' | 'canonicalUrl'>): ArticleText {
    const author = a.author ?? ''
    const key = `${a.title.length},${a.canonicalUrl.length},${a.author === null ? -1 : author.length}\u0000${a.title}${a.canonicalUrl}${author}${a.text}`
    let entry = this.#lru.get(key)
    if (entry === undefined) {
      entry = new ArticleText(a)
      // lru-cache counts sizes from 1.
      this.#lru.set(key, entry, { size: Math.max(1, a.title.length + a.text.length) })
    }
    return entry
  }
}

/**
 * 2 M characters of title and text, a few hundred real articles: tens of MB of heap, a bounded share of a serve
 * process (the bytes per character are measured by `npm run bench:story-growth`; figures in decision 0020). The
 * articles of a story that keeps growing are refreshed by each of its rewrites, so what ages out is coverage of
 * stories that stopped growing. The article count caps the entries when texts are short (teasers).
 */
export const DEFAULT_MAX_CHARS = 2_000_000
export const DEFAULT_MAX_ARTICLES = 1_000

/** The process's memo (the crawler runs story rewrites on one thread; a worker thread has its own). */
export const sharedArticleTextMemo = new ArticleTextMemo()
