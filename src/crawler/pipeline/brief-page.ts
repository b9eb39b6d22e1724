import type { ExtractFailure } from '../extract/extract-article.ts'
import { collapseWhitespace } from '../normalize/html-text.ts'
import { TRUNCATION_TAIL } from '../normalize/normalize-item.ts'

/** Characters of the teaser that must open the page's text; fewer than MIN_PROBE confirm nothing. */
const PROBE = 120
const MIN_PROBE = 40

/**
 * A page whose article text is too short for the extractor to take on its own (extract-article.ts `minWeightedChars`:
 * below it a page is as often a cookie wall, an error message or a video's caption as a news brief) is the brief
 * itself when the feed's teaser of that page is found in it: the publisher's own words, confirmed by a second
 * source. Its text then replaces the teaser, which feeds often cut ("…", "[…]") before the brief's last sentence.
 * Null when the failure carries no such text or the teaser does not confirm it.
 */
export function confirmedBrief(failure: ExtractFailure, feedText: string): string | null {
  if (failure.shortText === undefined) return null
  const teaser = collapseWhitespace(feedText).replace(TRUNCATION_TAIL, '').trimEnd()
  const probe = teaser.slice(0, PROBE)
  if (probe.length < MIN_PROBE) return null
  return collapseWhitespace(failure.shortText).includes(probe) ? failure.shortText : null
}
