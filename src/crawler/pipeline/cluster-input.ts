import type { ArticleRecord } from '../../storage/crawl-store.ts'
import type { ClusterArticle } from '../cluster/fingerprint.ts'
import { TEASER_MAX_CHARS } from '../normalize/normalize-item.ts'

/**
 * What the clustering stage sees of an article, built from the stored record only: the index rebuilt after a restart
 * then fingerprints every article exactly as it was fingerprinted when it arrived.
 */
export function clusterInputOf(a: Pick<ArticleRecord, 'title' | 'text' | 'lang' | 'publishedAt' | 'publisherId'>): ClusterArticle {
  return {
    title: a.title,
    teaserText: a.text.slice(0, TEASER_MAX_CHARS),
    fullText: a.text.length > TEASER_MAX_CHARS ? a.text : null,
    language: a.lang,
    publishedAt: a.publishedAt,
    publisherId: a.publisherId,
  }
}
