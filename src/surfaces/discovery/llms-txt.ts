import { CAPABILITIES } from '../../capabilities/catalog.ts'
import { feedHref, opmlHref } from '../feeds/feed-urls.ts'
import { CACHING_RULE, CITATION_RULE, UNTRUSTED_TEXT_RULE, LANGUAGE_LIST, topicLines, type SiteFacts } from './site-facts.ts'

/** /llms.txt (llmstxt.org): H1, blockquote summary, notes, then link sections; "Optional" may be skipped. */
export function renderLlmsTxt(facts: SiteFacts): string {
  const { siteUrl } = facts
  const lines = [
    `# ${facts.name}`,
    '',
    `> ${facts.tagline}`,
    '',
    `- ${CITATION_RULE}`,
    `- ${UNTRUSTED_TEXT_RULE}`,
    `- ${CACHING_RULE}`,
    '- Every site page has a Markdown version: send `Accept: text/markdown` or add `?format=md` (or the `.md` suffix). '
      + 'Markdown responses carry an `x-markdown-tokens` estimate.',
    `- Languages: ${LANGUAGE_LIST} (\`lang\` parameter or \`?lang=\` on pages; English is the fallback for missing text).`,
    '- No authentication of any kind: send no Authorization header and no cookies; identify yourself in User-Agent.',
    '',
    '## Capabilities',
    '',
    ...CAPABILITIES.map((c) => `- [${c.title}](${siteUrl}${c.restExample ?? '/openapi.json'}): \`${c.name}\`. ${c.description} `
      + `REST: \`${c.rest}\`. Markdown page: \`${c.page}\`.`),
    '',
    '## Agent interfaces',
    '',
    ...facts.interfaces.flatMap((i) => [
      `- [${i.title}](${i.url}): ${i.summary}`,
      `- [${i.descriptor.title}](${i.descriptor.url}): machine-readable description of the ${i.title}`,
    ]),
    `- [MCP resources and subscriptions](${siteUrl}/mcp): the resources are this site's own URLs: the edition \`${siteUrl}/\`, `
      + 'a topic `/c/{topic}`, a search `/search?q=` and a story `/s/{id}` read (`resources/read`) as their Markdown page, the same '
      + 'at its REST URL (`/api/v1/stories/{id}`, `/api/v1/stories?topic=|q=`) as JSON; `resources/list` pages through all stories. '
      + 'To be told of new stories instead of polling, subscribe: under 2026-07-28 `subscriptions/listen` with '
      + '`{"notifications": {"resourceSubscriptions": [URIs]}}`; under 2025-11-25 `resources/subscribe` `{"uri": URI}`, whose answer '
      + 'is an event stream to keep open (later subscribes and `resources/unsubscribe` carry its `Mcp-Session-Id`). Either stream '
      + 'carries `notifications/resources/updated` with the URI about a second after a matching story is stored, a heartbeat '
      + 'every 10 s, and ends after 30 idle minutes: listen again then',
    `- [Markdown pages](${siteUrl}/?format=md): the home page in Markdown (each story with its first summary sentence), with links to every topic; \`Older stories\` links page back with \`cursor\``,
    `- [Publishers](${siteUrl}/sources?format=md): every publisher with its page, site, main topic, story count and newest story`,
    `- [API catalog](${siteUrl}/.well-known/api-catalog): RFC 9727 linkset of the APIs`,
    `- [Agent skills](${siteUrl}/.well-known/agent-skills/index.json): a SKILL.md that teaches an agent to use this service`,
    `- [AI catalog](${siteUrl}/.well-known/ai-catalog.json): catalog of the agent-facing documents`,
    '',
    '## Topics',
    '',
    ...topicLines(siteUrl).map((t) => `- [${t.name}](${t.url}?format=md): \`${t.slug}\``),
    '',
    '## Docs',
    '',
    `- [Authentication](${siteUrl}/auth.md): none; every surface is anonymous and read-only`,
    `- [Terms of use](${siteUrl}/legal/terms?format=md): citation and fair use`,
    `- [Privacy](${siteUrl}/legal/privacy?format=md)`,
    `- [Pricing](${siteUrl}/pricing?format=md): free`,
    '',
    '## Feeds',
    '',
    `- [Latest stories, RSS](${siteUrl}${feedHref({ kind: 'latest' }, 'rss', 'en')}): also \`.atom\` (Atom 1.0) and \`.json\` (JSON Feed 1.1); add \`?lang=\` for another language`,
    `- [A topic's feed](${siteUrl}${feedHref({ kind: 'topic', slug: 'finance' }, 'atom', 'en')}): \`/feeds/topics/{slug}.{rss|atom|json}\``,
    `- [A search's feed](${siteUrl}${feedHref({ kind: 'search', query: 'chip plant' }, 'json', 'en')}): \`/feeds/search.{rss|atom|json}?q=\`; a publisher's: \`/feeds/sources/{id}.{rss|atom|json}\``,
    `- [Topic feeds as OPML](${siteUrl}${opmlHref('en')}): import into any feed reader`,
    ...(facts.websubHubUrl ? [`- [WebSub hub](${facts.websubHubUrl}): the latest, topic and publisher feeds name it (\`rel="hub"\` in the \`Link\` header and the feed, `
      + 'JSON Feed `hubs`) with their own address as `rel="self"`; subscribe there with that address as `hub.topic` to be pushed each change instead of polling (search feeds are polled)'] : []),
    '',
    '## Optional',
    '',
    `- [Sitemap](${siteUrl}/sitemap.xml): home, topics, publishers and the other pages`,
    `- [Archive sitemap index](${siteUrl}/sitemaps/index.xml): every story, one sitemap per month`,
    `- [Crawler keys](${siteUrl}/.well-known/http-message-signatures-directory): Web Bot Auth public keys of our crawler`,
    '',
  ]
  return lines.join('\n')
}
