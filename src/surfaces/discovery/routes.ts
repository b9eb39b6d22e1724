import { Hono } from 'hono'
import { SKILLS_INDEX_TYPE, descriptorContentType } from '../http/descriptor-types.ts'
import type { Responder } from '../http/responder.ts'
import { renderAuthMd } from './auth-md.ts'
import { LINKSET_TYPE, renderAiCatalog, renderApiCatalog } from './catalogs.ts'
import { renderLlmsTxt } from './llms-txt.ts'
import { renderRobotsTxt } from './robots-txt.ts'
import type { SiteFacts } from './site-facts.ts'
import { SKILL_NAME, renderSkillMd, renderSkillsIndex } from './skill-md.ts'

const MARKDOWN = 'text/markdown; charset=utf-8'

/**
 * The discovery files. They describe the service, not its stories, so they are rendered once at start
 * (SKILL.md must be byte-stable: the index publishes its digest) and cached as static content.
 */
export function createDiscoveryRoutes({ facts, respond }: { facts: SiteFacts; respond: Responder }): Hono {
  const skillMd = renderSkillMd(facts)
  const documents = {
    llms: renderLlmsTxt(facts),
    skillMd,
    skillsIndex: JSON.stringify(renderSkillsIndex(facts, skillMd)),
    apiCatalog: JSON.stringify(renderApiCatalog(facts)),
    aiCatalog: JSON.stringify(renderAiCatalog(facts)),
    authMd: renderAuthMd(facts),
    robots: renderRobotsTxt(facts),
  }
  const apiCatalogLink = { Link: `<${facts.siteUrl}/.well-known/api-catalog>; rel="api-catalog"` }

  const routes = new Hono()
  const fixed = respond.declare({ params: [], vary: [] })
  const negotiated = respond.declare({ params: [], vary: ['accept'] })
  const serve = (path: string, contentType: string, body: string, headers: Record<string, string> = {}) =>
    routes.get(path, (c) => fixed.text(c, `discovery:${path}`, contentType, async () => body, { static: true, headers }))

  serve('/llms.txt', MARKDOWN, documents.llms)
  serve('/auth.md', MARKDOWN, documents.authMd)
  serve('/robots.txt', 'text/plain; charset=utf-8', documents.robots)
  serve('/.well-known/api-catalog', LINKSET_TYPE, documents.apiCatalog, apiCatalogLink)
  serve('/.well-known/ai-catalog.json', 'application/ai-catalog+json', documents.aiCatalog)
  routes.get('/.well-known/agent-skills/index.json', (c) => {
    const contentType = descriptorContentType(c.req.header('Accept'), SKILLS_INDEX_TYPE)
    return negotiated.text(c, `discovery:skills-index:${contentType}`, contentType, async () => documents.skillsIndex, { static: true, headers: { Vary: 'Accept' } })
  })
  serve(`/.well-known/agent-skills/${SKILL_NAME}/SKILL.md`, MARKDOWN, documents.skillMd)
  return routes
}
