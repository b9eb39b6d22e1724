import { LANGUAGES } from '../domain/languages.ts'
import { FEED_FORMATS, feedHref } from '../surfaces/feeds/feed-urls.ts'
import type { PushedFeed } from './changed-feeds.ts'

/**
 * The WebSub topics of changed feeds: each feed in every language and format is a document of its own, with its own
 * self address (W3C WebSub §4.1: one representation per topic URL), so each is pinged. The addresses are the feeds'
 * own, built where the feeds build them.
 */
export function topicUrls(siteUrl: string, feeds: PushedFeed[]): string[] {
  return feeds.flatMap((feed) => LANGUAGES.flatMap((lang) => FEED_FORMATS.map((format) => `${siteUrl}${feedHref(feed, format, lang)}`)))
}
