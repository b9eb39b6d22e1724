import type { SiteFacts } from './site-facts.ts'

/** /auth.md: the spec's Authentication section as a statement an agent can act on. */
export function renderAuthMd(facts: SiteFacts): string {
  const { siteUrl, baseUrl } = facts
  const host = new URL(siteUrl).host
  return [
    `# auth.md — ${host}`,
    '',
    `> ${facts.name} at ${siteUrl} is public, anonymous and read-only. There is no agent registration, no account, no API key and no token.`,
    '',
    '## Audience',
    '',
    `Agents and people reading news summaries at ${siteUrl}: web pages, their Markdown versions and the APIs below.`,
    '',
    '## Registration',
    '',
    'None. There is no registration, provisioning endpoint or key request. Call the endpoints anonymously.',
    '',
    '## Supported methods',
    '',
    '| identity type | credential | flow |',
    '|---|---|---|',
    '| anonymous | none | unauthenticated HTTPS requests |',
    '',
    'Delegated (OAuth) access is not offered: there is nothing private to delegate.',
    '',
    '## Endpoints',
    '',
    `- REST API: GET ${baseUrl}/* (described by ${siteUrl}/openapi.json) — no Authorization header`,
    ...facts.interfaces.filter((i) => i.id !== 'rest').map((i) => `- ${i.title}: POST ${i.url} — no Authorization header`),
    `- Markdown views: GET any page with \`Accept: text/markdown\` or \`?format=md\`, for example ${siteUrl}/?format=md`,
    '',
    '## Credentials issued',
    '',
    'None. Requests carry no Authorization header. Passwords, session cookies or tokens of a person\'s account sent to these '
      + 'endpoints are ignored and not stored; do not send them.',
    '',
    '## Identity and privacy',
    '',
    '- Responses are the same for every caller.',
    '- Identify your client in the `User-Agent` header (name, version and a contact URL).',
    '- A person\'s briefing, saved stories, lists, comments and subscription are never exposed through any of these interfaces.',
    '',
    '## Rate limits',
    '',
    'Responses are cached at the edge for a few minutes; reuse them rather than polling faster. On HTTP 429 or 503, honour Retry-After.',
    '',
    '## Our own crawler',
    '',
    `Requests from the ${facts.name} crawler are signed with Web Bot Auth (HTTP Message Signatures). Public keys: `
      + `${siteUrl}/.well-known/http-message-signatures-directory`,
    '',
  ].join('\n')
}
