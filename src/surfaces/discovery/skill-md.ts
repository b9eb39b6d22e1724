import { createHash } from 'node:crypto'
import { z } from 'zod'
import { CAPABILITIES } from '../../capabilities/catalog.ts'
import { CACHING_RULE, CITATION_RULE, UNTRUSTED_TEXT_RULE, LANGUAGE_LIST, topicLines, type SiteFacts } from './site-facts.ts'

export const SKILL_NAME = 'newsdesk-news'

export function skillDescription(facts: SiteFacts): string {
  return `Find and cite short, sourced summaries of business, technology, AI, finance and career news from `
    + `${new URL(facts.siteUrl).host}: latest stories by topic, headline search and full stories, in 9 languages, `
    + 'over plain HTTPS (REST JSON or Markdown pages). Read-only, no authentication.'
}

/** One capability's parameters, from its zod schema, as "name (type, rule): description" lines. */
function parameters(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { type?: string; enum?: string[]; minimum?: number; maximum?: number; default?: unknown; description?: string }>
    required?: string[]
  }
  return Object.entries(json.properties ?? {}).map(([name, p]) => {
    const rule = p.enum ? `one of ${p.enum.join(', ')}` : p.minimum !== undefined ? `${p.minimum}-${p.maximum}` : p.type ?? ''
    const required = json.required?.includes(name) && p.default === undefined ? 'required' : `optional${p.default !== undefined ? `, default ${String(p.default)}` : ''}`
    return `  - \`${name}\` (${[rule, required].filter(Boolean).join('; ')})${p.description ? `: ${p.description}` : ''}`
  })
}

/** SKILL.md: YAML front matter (name, description) and instructions generated from the capability catalog. */
export function renderSkillMd(facts: SiteFacts): string {
  const { siteUrl } = facts
  return [
    '---',
    `name: ${SKILL_NAME}`,
    `description: ${JSON.stringify(skillDescription(facts))}`,
    '---',
    '',
    `# ${facts.name}: news summaries with sources`,
    '',
    `${facts.name} at ${siteUrl} publishes short summaries of news stories, each linked to the original article.`,
    '',
    '## Rules',
    '',
    `- ${CITATION_RULE}`,
    `- ${UNTRUSTED_TEXT_RULE}`,
    `- ${CACHING_RULE}`,
    '- Send no credentials (no Authorization header, no cookies). Set a User-Agent that names your agent.',
    `- Languages: ${LANGUAGE_LIST}. Pass \`lang\`; text missing in that language falls back to English (the story's \`lang\` says which you got).`,
    '- Errors are JSON `{"error": code, "message": text}`: `invalid_parameter` (400, the message names the parameter and rule), '
      + '`not_found` (404), `unavailable` (503, retry later).',
    '',
    '## What you can do',
    '',
    ...CAPABILITIES.flatMap((c) => [
      `### ${c.title} (\`${c.name}\`)`,
      '',
      c.description,
      '',
      `- REST: \`${c.rest.replace(' /', ` ${siteUrl}/`)}\``,
      `- Markdown page: \`${siteUrl}${c.page}\``,
      '- Parameters:',
      ...parameters(c.input),
      '',
    ]),
    '## Topics',
    '',
    topicLines(siteUrl).map((t) => `\`${t.slug}\` (${t.name})`).join(', '),
    '',
    '## Example',
    '',
    '```http',
    `GET ${siteUrl}/api/v1/stories?topic=data-ai&limit=3`,
    'Accept: application/json',
    '```',
    '',
    'Answer with each story\'s headline and summary, then "Source: {source.name}, {original_url}".',
    '',
    '## More',
    '',
    ...facts.interfaces.map((i) => `- ${i.title}: ${i.url} (${i.descriptor.title}: ${i.descriptor.url})`),
    `- Overview for language models: ${siteUrl}/llms.txt`,
    `- Authentication statement: ${siteUrl}/auth.md`,
    '',
  ].join('\n')
}

export const sha256Digest = (text: string) => `sha256:${createHash('sha256').update(text, 'utf8').digest('hex')}`

/** /.well-known/agent-skills/index.json (Agent Skills Discovery v0.2.0); the digest is of the exact bytes served. */
export function renderSkillsIndex(facts: SiteFacts, skillMd: string) {
  return {
    $schema: 'https://schemas.agentskills.io/discovery/0.2.0/schema.json',
    skills: [{
      name: SKILL_NAME,
      type: 'skill-md',
      description: skillDescription(facts),
      url: `/.well-known/agent-skills/${SKILL_NAME}/SKILL.md`,
      digest: sha256Digest(skillMd),
    }],
  }
}
