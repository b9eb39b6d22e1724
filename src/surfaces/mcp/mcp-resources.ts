import { ProtocolError, ProtocolErrorCode, type McpServer } from '@modelcontextprotocol/server'
import { AppError } from '../../domain/errors.ts'
import { TOPICS, TOPIC_NAMES } from '../../domain/topics.ts'
import type { QueryService } from '../../query/query-service.ts'
import { localPath, readResourceUri, resourceUri, type ResourceRef, type ResourceSite } from './resource-uris.ts'

/**
 * The MCP resources (docs/decisions/0054-mcp-resources-and-subscriptions.md): the edition, each topic, each search and
 * each story, at the site's own URLs. A page URL reads as the Markdown `?format=md` serves; the same thing's REST
 * URL reads as the REST JSON. Both are read from this service's own routes (`readLocal`, the response cache in front),
 * so a resource is byte for byte what the site and the API serve, and the MCP surface reads the stories only
 * through the query service, as every surface does.
 */

/** A GET on this service's own routes, in process: what `readLocal` answers. */
export interface LocalAnswer {
  status: number
  contentType: string
  body: string
  /** A redirect's target (a story merged into another), as a path or URL. */
  location: string | null
}

export interface ResourceDeps extends ResourceSite {
  query: QueryService
  /** GETs a path (with its query) of this service, in process. */
  readLocal(path: string): Promise<LocalAnswer>
}

/** Stories per resources/list page, after the edition and the topics on the first. */
export const RESOURCE_PAGE_SIZE = 50

const MARKDOWN = 'text/markdown'
const JSON_TYPE = 'application/json'

/** "Resource not found": -32002 in the 2025 revisions; the SDK's 2026-07-28 codec sends it as -32602. */
const notFound = (uri: string, why: string) => new ProtocolError(ProtocolErrorCode.ResourceNotFound, `Resource not found: ${why}`, { uri: uri.slice(0, 300) })

const unknownUri = (site: ResourceSite) => `this server's resources are its edition (${site.siteUrl}/), topics `
  + `(${site.siteUrl}/c/{topic}), searches (${site.siteUrl}/search?q={query}) and stories (${site.siteUrl}/s/{id}), each `
  + `also as JSON at its REST URL (${site.baseUrl}/stories?topic= or ?q=, ${site.baseUrl}/stories/{id}); add ?lang= for `
  + 'another language. resources/templates/list lists them'

/** resources/templates/list: fixed for the life of the process. */
export function resourceTemplates(site: ResourceSite) {
  return [
    { name: 'story', title: 'Story', uriTemplate: `${site.siteUrl}/s/{id}`, mimeType: MARKDOWN,
      description: 'One story in Markdown: summary, key points, sources, related stories. Add ?lang= for another language.' },
    { name: 'story_json', title: 'Story (JSON)', uriTemplate: `${site.baseUrl}/stories/{id}`, mimeType: JSON_TYPE,
      description: 'One story as the REST API returns it (StoryResponse).' },
    { name: 'topic', title: 'Latest in a topic', uriTemplate: `${site.siteUrl}/c/{topic}`, mimeType: MARKDOWN,
      description: `The newest stories of one topic: ${TOPICS.join(', ')}. Subscribe to learn of new ones.` },
    { name: 'search', title: 'Stories matching a search', uriTemplate: `${site.siteUrl}/search{?q}`, mimeType: MARKDOWN,
      description: 'The newest stories matching keywords. Subscribe to learn of new matches.' },
    { name: 'stories_json', title: 'Latest stories (JSON)', uriTemplate: `${site.baseUrl}/stories{?topic,q}`, mimeType: JSON_TYPE,
      description: 'The newest stories, of a topic or matching a search, as the REST API returns them (StoryList).' },
  ]
}

function fixedResources(site: ResourceSite) {
  const markdown = (target: ResourceRef['target']) => resourceUri({ target, format: 'markdown' }, site)
  return [
    { uri: markdown({ kind: 'edition' }), name: 'edition', title: 'Latest news (the edition)', mimeType: MARKDOWN,
      description: 'The newest stories of every topic. Subscribe to learn of new stories.' },
    ...TOPICS.map((topic) => ({
      uri: markdown({ kind: 'topic', topic }), name: `topic:${topic}`, title: `Latest in ${TOPIC_NAMES[topic].en}`, mimeType: MARKDOWN,
    })),
  ]
}

/** One page of resources/list: the edition and the topics first, then every story, newest first, by cursor. */
async function listResources(deps: ResourceDeps, cursor: string | undefined) {
  let page
  try {
    page = await deps.query.listStories({ limit: RESOURCE_PAGE_SIZE, ...(cursor === undefined ? {} : { cursor }) })
  } catch (err) {
    if (err instanceof AppError && err.code === 'invalid_parameter') {
      throw new ProtocolError(ProtocolErrorCode.InvalidParams, 'Invalid params: `cursor` must be a nextCursor from an earlier resources/list')
    }
    throw err
  }
  const stories = page.stories.map((s) => ({
    uri: resourceUri({ target: { kind: 'story', id: s.id }, format: 'markdown' }, deps),
    name: s.id,
    title: s.headline,
    mimeType: MARKDOWN,
    ...(s.published_at ? { annotations: { lastModified: s.published_at } } : {}),
  }))
  return {
    resources: cursor === undefined ? [...fixedResources(deps), ...stories] : stories,
    ...(page.next_cursor ? { nextCursor: page.next_cursor } : {}),
  }
}

/** The resource's content, read from this service's own routes; a merged story reads as the story it joined. */
async function readResource(deps: ResourceDeps, uri: string) {
  const ref = readResourceUri(uri, deps)
  if (ref === undefined) throw notFound(uri, unknownUri(deps))
  let answer = await deps.readLocal(localPath(ref, deps))
  if (answer.status >= 300 && answer.status < 400 && answer.location && ref.target.kind === 'story') {
    const moved = /\/s\/([0-9a-f-]{36})|\/stories\/([0-9a-f-]{36})/i.exec(answer.location)
    const id = moved?.[1] ?? moved?.[2]
    if (id) answer = await deps.readLocal(localPath({ ...ref, target: { kind: 'story', id } }, deps))
  }
  if (answer.status === 404) throw notFound(uri, `no ${ref.target.kind} at this address. Find story ids with search_stories or get_latest_stories.`)
  if (answer.status === 400) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `Invalid resource URI: ${errorMessage(answer)}`)
  if (answer.status === 503) throw new ProtocolError(ProtocolErrorCode.InternalError, 'The story store is temporarily unavailable. Retry in a few seconds.')
  if (answer.status !== 200) throw new ProtocolError(ProtocolErrorCode.InternalError, 'Internal error while reading the resource.')
  const mimeType = ref.format === 'json' ? JSON_TYPE : MARKDOWN
  return { contents: [{ uri, mimeType, text: answer.body }] }
}

/** The error message of a REST or page error body (JSON `error.message`, else the text's first line). */
function errorMessage(answer: LocalAnswer): string {
  try {
    const message = (JSON.parse(answer.body) as { error?: { message?: unknown } }).error?.message
    if (typeof message === 'string') return message.slice(0, 300)
  } catch {
    // A page in Markdown.
  }
  return answer.body.split('\n').find((line) => line.trim() && !line.startsWith('#'))?.slice(0, 300) ?? 'not a resource of this server'
}

/**
 * The resource handlers, for each per-exchange McpServer (created with the `resources` capability, whose default
 * handlers these replace: the SDK's list has no cursor, and its not-found is the same code in both eras).
 */
export function createResourceRegistrar(deps: ResourceDeps): (server: McpServer) => void {
  const templates = resourceTemplates(deps)
  return (server) => {
    server.server.setRequestHandler('resources/list', (request) => listResources(deps, request.params?.cursor))
    server.server.setRequestHandler('resources/templates/list', () => ({ resourceTemplates: templates }))
    server.server.setRequestHandler('resources/read', (request) => readResource(deps, request.params.uri))
  }
}
