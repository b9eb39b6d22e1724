import type { ArticleRecord } from '../../domain/crawl-records.ts'
import type { ClusterArticle } from '../cluster/fingerprint.ts'
import { stripBoilerplate } from '../summarize/boilerplate.ts'
import { TEASER_MAX_CHARS } from '../normalize/normalize-item.ts'

/**
 * What the clustering stage sees of an article, built from the stored record only: the index rebuilt after a restart
 * then fingerprints every article exactly as it was fingerprinted when it arrived.
 */
export function clusterInputOf(a: Pick<ArticleRecord, 'title' | 'text' | 'lang' | 'publishedAt' | 'publisherId'>): ClusterArticle {
  // Footers ("Read more: <another story's title>", newsletter prompts) are no evidence about the event.
  const text = stripBoilerplate(a.text)
  return {
    title: a.title,
    teaserText: text.slice(0, TEASER_MAX_CHARS),
    fullText: text.length > TEASER_MAX_CHARS ? text : null,
    language: a.lang,
    publishedAt: a.publishedAt,
    publisherId: a.publisherId,
  }
}
