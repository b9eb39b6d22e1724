import { CAPABILITIES, type Capability } from '../../capabilities/catalog.ts'
import { CITATION_RULE, SERVICE_NAME, SERVICE_TAGLINE, UNTRUSTED_TEXT_RULE } from '../discovery/site-facts.ts'

/**
 * The agent card, generated from the capability catalog: one skill per capability (skill id = capability name).
 * Two shapes are served at /.well-known/agent-card.json:
 * - A2A 1.0 (`A2A-Version: 1.0`): the a2a.proto AgentCard, with `supportedInterfaces` listing the one endpoint
 *   for protocol versions 1.0 and 0.3;
 * - without the header, a hybrid: every 0.3 top-level field (`url`, `preferredTransport`, `protocolVersion`, …),
 *   plus the 1.0 `supportedInterfaces`. 0.3 clients read the former, 1.0 clients the latter, and it validates
 *   against the 0.3 schema (whose AgentCard is open).
 */

export interface CardSettings {
  siteUrl: string
  /** The package version. */
  version: string
  operator: { name: string; contact: string | null; named: boolean }
}

const INPUT_MODES = ['text/plain', 'application/json']
const OUTPUT_MODES = ['text/markdown', 'application/json']

export const endpointUrl = (siteUrl: string) => `${siteUrl}/a2a`
export const agentCardUrl = (siteUrl: string) => `${siteUrl}/.well-known/agent-card.json`

/**
 * Natural-language requests each skill answers, the first the one the help answer shows; kept here, not in the
 * catalog, because they are A2A's input.
 */
export function skillExamples(name: string, siteUrl: string): string[] {
  switch (name) {
    case 'get_latest_stories':
      return ['AI news from last week', 'latest news', 'What is new in data and AI?', 'últimas noticias de finanzas',
        'finance news since Monday', 'marketing stories older than two weeks']
    case 'search_stories':
      return ['Find stories about interest rates', 'search "chip plant"', 'news about semiconductors in German',
        'articles about Nvidia published before November 10']
    case 'get_story':
      return [`Summarize ${siteUrl}/s/c18c2d54-f898-44e5-aa27-fde4b3d7790c`, `${siteUrl}/s/c18c2d54-f898-44e5-aa27-fde4b3d7790c`,
        'Summarize story c18c2d54-f898-44e5-aa27-fde4b3d7790c in Spanish']
    case 'list_topics':
      return ['Which topics do you cover?', 'list topics in French']
    case 'list_sources':
      return ['Which publishers do you cover?', 'list sources', 'Which news outlets do you use?']
    default:
      return []
  }
}

const SKILL_TAGS: Record<string, string[]> = {
  get_latest_stories: ['news', 'latest', 'topics', 'summaries'],
  search_stories: ['news', 'search', 'keywords', 'summaries'],
  get_story: ['news', 'story', 'summary', 'sources'],
  list_topics: ['news', 'topics', 'categories'],
  list_sources: ['news', 'publishers', 'sources'],
}

const REPLY_SHAPE = 'The reply is one message: Markdown (a first line saying how the request was understood, then the '
  + 'answer) and a JSON data part {"skill", "arguments", "understood", "guessed", "result"} (with "alternatives", the '
  + 'nearest other readings, when the reading is a guess)'

function skill(c: Capability, siteUrl: string) {
  const call = JSON.stringify({ skill: c.name, ...(c.example as object) })
  return {
    id: c.name,
    name: c.title,
    description: `${c.description} ${REPLY_SHAPE}, where "result" is the body of REST ${c.rest}`
      + `${c.name === 'get_story' ? ' (null, with an "error", when the story does not exist)' : ''}. `
      + `For exact arguments send a data part instead of text: ${call}.`,
    tags: SKILL_TAGS[c.name] ?? ['news'],
    examples: [...skillExamples(c.name, siteUrl), call],
    inputModes: INPUT_MODES,
    outputModes: OUTPUT_MODES,
  }
}

/**
 * The operator when OPERATOR_NAME is set (its contact as the URL when that is a web address), else the service
 * itself: the config's default operator name ("the operator of host") is a sentence, not an organization.
 */
function provider({ siteUrl, operator }: CardSettings) {
  const web = operator.contact && /^https?:/.test(operator.contact) ? operator.contact : siteUrl
  return operator.named ? { organization: operator.name, url: web } : { organization: SERVICE_NAME, url: siteUrl }
}

function common(settings: CardSettings) {
  return {
    name: SERVICE_NAME,
    description: `${SERVICE_TAGLINE} Send a free-text request in any of nine languages (the latest news, optionally on a `
      + 'topic, from a publisher, between dates, in a language; keywords to search; a story link; "what can you do?") or '
      + 'a JSON data part {"skill": "<skill id>", ...arguments}. Each message is '
      + 'answered at once with one message (Markdown plus JSON); no tasks, no streaming, no authentication. '
      + `${CITATION_RULE} ${UNTRUSTED_TEXT_RULE}`,
    version: settings.version,
    provider: provider(settings),
    documentationUrl: `${settings.siteUrl}/llms.txt`,
    defaultInputModes: INPUT_MODES,
    defaultOutputModes: OUTPUT_MODES,
    skills: CAPABILITIES.map((c) => skill(c as Capability, settings.siteUrl)),
  }
}

const supportedInterfaces = (siteUrl: string) => [
  { url: endpointUrl(siteUrl), protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
  { url: endpointUrl(siteUrl), protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
]

/** The A2A 1.0 AgentCard. */
export function agentCard10(settings: CardSettings) {
  const { skills, ...rest } = common(settings)
  return {
    ...rest,
    supportedInterfaces: supportedInterfaces(settings.siteUrl),
    capabilities: { streaming: false, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: {},
    securityRequirements: [],
    skills: skills.map((s) => ({ ...s, securityRequirements: [] })),
  }
}

/** The 0.3 AgentCard plus the 1.0 `supportedInterfaces`, for requests without `A2A-Version: 1.0`. */
export function agentCardHybrid(settings: CardSettings) {
  return {
    ...common(settings),
    url: endpointUrl(settings.siteUrl),
    preferredTransport: 'JSONRPC',
    protocolVersion: '0.3.0',
    additionalInterfaces: [{ url: endpointUrl(settings.siteUrl), transport: 'JSONRPC' }],
    capabilities: { streaming: false, pushNotifications: false, stateTransitionHistory: false },
    supportsAuthenticatedExtendedCard: false,
    supportedInterfaces: supportedInterfaces(settings.siteUrl),
  }
}
