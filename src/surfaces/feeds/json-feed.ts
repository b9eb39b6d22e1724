import type { FeedModel } from './feed-model.ts'

/**
 * JSON Feed 1.1. `url` is the original article (what readers open) and `external_url` the story page; what the
 * format has no field for (the publisher, the other outlets covering the story) is in the `_newsdesk` extension,
 * which the spec reserves for such use (keys starting with an underscore). `feed_url` is the WebSub self address.
 */
export function renderJsonFeed(feed: FeedModel): string {
  return JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1',
    title: feed.title,
    home_page_url: feed.pageUrl,
    feed_url: feed.feedUrls.json,
    description: feed.description,
    icon: feed.iconUrl,
    favicon: feed.iconUrl,
    language: feed.lang,
    authors: [{ name: 'Newsdesk', url: `${feed.siteUrl}/` }],
    // JSON Feed 1.1 `hubs`: where a reader subscribes for pushes (WebSub); the key is absent without a hub.
    ...(feed.hubUrl ? { hubs: [{ type: 'WebSub', url: feed.hubUrl }] } : {}),
    items: feed.entries.map((e) => ({
      id: e.id,
      url: e.link,
      external_url: e.storyUrl,
      title: e.title,
      content_html: e.contentHtml,
      content_text: e.contentText,
      ...(e.summary ? { summary: e.summary } : {}),
      ...(e.imageUrl ? { image: e.imageUrl } : {}),
      date_published: e.published,
      date_modified: e.updated,
      authors: [{ name: e.author }],
      tags: e.category ? [e.category.name] : [],
      language: e.lang,
      _newsdesk: {
        story_url: e.storyUrl,
        publisher: e.publisher ? { name: e.publisher.name, url: e.publisher.siteUrl, page_url: e.publisher.pageUrl } : null,
        topic: e.category,
        covered_by: e.coveredBy,
      },
    })),
  })
}
