import type { SiteFacts } from './site-facts.ts'

/**
 * Everything is open to every crawler. Content-Signal (contentsignals.org) allows search and use as input to
 * answers (with citation), but not training: the summaries are drawn from publishers' work, and permission
 * to train on it is not ours to give.
 */
export function renderRobotsTxt(facts: SiteFacts): string {
  return [
    `# ${facts.name}: public, anonymous, read-only news summaries. Cite the publisher and the original link.`,
    `# How to use this site as an agent: ${facts.siteUrl}/llms.txt`,
    'User-agent: *',
    'Content-Signal: search=yes, ai-input=yes, ai-train=no',
    'Allow: /',
    '',
    `Sitemap: ${facts.siteUrl}/sitemap.xml`,
    `Sitemap: ${facts.siteUrl}/sitemaps/index.xml`,
    '',
  ].join('\n')
}
