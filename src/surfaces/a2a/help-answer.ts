import { CAPABILITIES } from '../../capabilities/catalog.ts'
import { LANGUAGES } from '../../domain/languages.ts'
import { mdInline } from '../../markdown/escape.ts'
import { SERVICE_NAME, SERVICE_TAGLINE } from '../discovery/site-facts.ts'
import { skillExamples } from './agent-card.ts'

/**
 * The answer to a question about the agent itself ("what can you do?"): every skill of the capability catalog
 * with its description and one example request (the agent card's first), then how to narrow a request. Built
 * once per site: it depends on nothing else.
 */

export interface HelpSkill {
  id: string
  name: string
  description: string
  example: string
}

export interface HelpAnswer {
  markdown: string
  result: { skills: HelpSkill[] }
}

const NARROWING = [
  'a topic ("AI news")',
  'a publisher ("from TechCrunch")',
  'dates ("since Monday", "last week", "before November 10", "older than two weeks")',
  'a count ("top 5")',
  'an answer language ("in Spanish")',
]

export function helpAnswer(siteUrl: string): HelpAnswer {
  const skills: HelpSkill[] = CAPABILITIES.map((c) => ({
    id: c.name, name: c.title, description: c.description, example: skillExamples(c.name, siteUrl)[0]!,
  }))
  const markdown = [
    `# What ${SERVICE_NAME} can do`,
    '',
    `${SERVICE_TAGLINE} Write in any of ${LANGUAGES.length} languages (${LANGUAGES.join(', ')}); every answer starts with how the request was understood.`,
    '',
    ...skills.map((s) => `- **${s.name}** (\`${s.id}\`): ${mdInline(s.description)} Example: "${mdInline(s.example)}"`),
    '',
    `Narrow a request with ${NARROWING.join(', ')}. For exact arguments send a JSON data part such as \`{"skill": "search_stories", "query": "chip plant"}\`; the agent card lists every skill's arguments.`,
  ].join('\n')
  return { markdown, result: { skills } }
}
