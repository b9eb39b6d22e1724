import { z } from 'zod'
import type { Capability } from '../../capabilities/catalog.ts'

/**
 * The JSON Schemas a tool advertises, computed once per process from the catalog's zod schemas and made compact:
 * a model reads every byte of tools/list on every turn, so the advertised schemas say what an agent needs and no
 * more. Shared shapes (Story, Source, Category, …) stay in `$defs` and are referenced, never repeated. Dropped:
 * - every `pattern` (zod spells out a 400-character regex for `date-time`, a long one for `uuid`, and since/until
 *   carry one over a hundred characters long): a format or the description names what is expected, and each tool
 *   validates its arguments itself, answering a bad one with a sentence that names the field and the rule;
 * - `example`, which is OpenAPI's keyword, not JSON Schema's (strict validators refuse it);
 * - `additionalProperties: false` on results, so a field added later (additive changes are the API's promise)
 *   does not make a client that cached the schema reject answers;
 * - inside result schemas, everything but the shape (types, references, the root's required members):
 *   descriptions, enumerations, formats, bounds, nested `required` lists and the definitions of objects nested
 *   below the stories (shallowDefinitions). The tool description and the Markdown
 *   explain the result, and the OpenAPI document (/openapi.json) is the precise contract of every field; the
 *   result schemas of four tools would otherwise be most of a 10 kB tools/list that a model reads on every turn;
 * - the `$schema` line (MCP schemas are 2020-12 either way).
 * `anyOf: [{type: T}, {type: "null"}]` becomes `type: [T, "null"]`, which says the same in a third of the bytes.
 */

type Json = Record<string, unknown>


/** Keywords a result schema keeps: its shape. */
const SHAPE_KEYWORDS = new Set(['type', 'properties', 'items', '$ref', '$defs', 'anyOf', 'required'])

function compact(node: unknown, io: 'input' | 'output', root = false): unknown {
  if (Array.isArray(node)) return node.map((n) => compact(n, io))
  if (typeof node !== 'object' || node === null) return node
  const out: Json = {}
  for (const [key, value] of Object.entries(node as Json)) {
    if (key === '$schema' || key === 'example') continue
    if (key === 'pattern') continue
    if (io === 'output' && (!SHAPE_KEYWORDS.has(key) || (key === 'required' && !root))) continue
    // Arguments are checked by the tool itself, which names an unknown one in its error; not worth 28 bytes a tool.
    if (io === 'input' && key === 'additionalProperties' && value === false) continue
    // Property names are data, not keywords: a property called "pattern" must survive.
    out[key] = key === 'properties' || key === '$defs'
      ? Object.fromEntries(Object.entries(value as Json).map(([k, v]) => [k, compact(v, io)]))
      : compact(value, io)
  }
  return nullableType(out)
}

/** `{anyOf: [{type: "string", …}, {type: "null"}]}` → `{type: ["string", "null"], …}` (not for references). */
function nullableType(node: Json): Json {
  const options = node.anyOf
  if (!Array.isArray(options) || options.length !== 2) return node
  const [first, second] = options as Json[]
  if (second?.type !== 'null' || Object.keys(second).length !== 1 || typeof first?.type !== 'string' || '$ref' in first) return node
  const { anyOf: _anyOf, ...rest } = node
  return { ...first, ...rest, type: [first.type, 'null'] }
}

/**
 * The story fields a result schema names: what a program needs to show, date and cite a story (and, in full, its
 * cards and other outlets). Every result carries the other fields too (the story page url, original_title, author,
 * category, the cover image, the quarantine flag), typed in /openapi.json; a schema that named all of them in the three story tools
 * would be a seventh of tools/list.
 */
const STORY_FIELDS = ['id', 'headline', 'summary', 'original_url', 'source', 'published_at', 'lang']
const NAMED_FIELDS: Record<string, readonly string[]> = {
  Story: STORY_FIELDS,
  StoryDetail: [...STORY_FIELDS, 'cards', 'covered_by'],
  // A publisher's page url is `{site}/source/{id}`.
  Source: ['id', 'name', 'site_url'],
}

function namedFieldsOnly(def: Json, names: readonly string[]): Json {
  const properties = (def.properties ?? {}) as Json
  return { ...def, properties: Object.fromEntries(names.filter((n) => n in properties).map((n) => [n, properties[n]])) }
}

/**
 * A result schema keeps the definitions its root refers to (Story, StoryDetail, Category) and says "object" for
 * the ones nested deeper (a story's source, category, cards): a program reading structuredContent gets each
 * story's fields typed, and the OpenAPI document has the rest.
 */
function shallowDefinitions(schema: Json): Json {
  const defs = (schema.$defs ?? {}) as Record<string, Json>
  const primary = new Set([...JSON.stringify(schema.properties ?? {}).matchAll(/"#\/\$defs\/([^"]+)"/g)].map((m) => m[1]!))
  const inline = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(inline)
    if (typeof node !== 'object' || node === null) return node
    const ref = (node as Json).$ref
    if (typeof ref === 'string' && !primary.has(ref.replace('#/$defs/', ''))) return { type: 'object' }
    return nullableType(Object.fromEntries(Object.entries(node as Json).map(([k, v]) => [k, inline(v)])))
  }
  const kept = Object.fromEntries(Object.entries(defs).filter(([name]) => primary.has(name))
    .map(([name, def]) => [name, inline(name in NAMED_FIELDS ? namedFieldsOnly(def, NAMED_FIELDS[name]!) : def)]))
  const { $defs: _all, ...rest } = schema
  // A definition the schema uses once is written in place: a `$ref` and its `$defs` entry would only add bytes.
  const uses = (name: string) => JSON.stringify(rest).split(`"#/$defs/${name}"`).length - 1
  const once = Object.keys(kept).filter((name) => uses(name) === 1)
  const placed = once.length ? placeOnce(rest, new Map(once.map((name) => [`#/$defs/${name}`, kept[name]]))) as Json : rest
  for (const name of once) delete kept[name]
  return Object.keys(kept).length ? { ...placed, $defs: kept } : placed
}

function placeOnce(node: unknown, defs: Map<string, unknown>): unknown {
  if (Array.isArray(node)) return node.map((n) => placeOnce(n, defs))
  if (typeof node !== 'object' || node === null) return node
  const ref = (node as Json).$ref
  if (typeof ref === 'string' && defs.has(ref)) return defs.get(ref)
  return Object.fromEntries(Object.entries(node as Json).map(([k, v]) => [k, placeOnce(v, defs)]))
}

/** A tool schema as clients see it in tools/list and in the server card. */
export function toolJsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const json = compact(z.toJSONSchema(schema, { io, unrepresentable: 'any' }), io, true) as Json
  return io === 'output' ? shallowDefinitions(listEnvelope(json)) : json
}

/**
 * A list result's `count` is its array's length and its `lang` the language asked for (each story names its own):
 * every result carries both, and no schema needs to name them.
 */
const UNNAMED_LIST_FIELDS = new Set(['count', 'lang'])

function listEnvelope(schema: Json): Json {
  const all = (schema.properties ?? {}) as Json
  if (!Object.values(all).some((p) => (p as Json).type === 'array')) return schema
  const properties = Object.fromEntries(Object.entries(all).filter(([n]) => !UNNAMED_LIST_FIELDS.has(n)))
  const required = Array.isArray(schema.required) ? (schema.required as string[]).filter((n) => !UNNAMED_LIST_FIELDS.has(n)) : undefined
  return { ...schema, properties, ...(required && { required }) }
}

/**
 * The zod schema behind a tool's outputSchema. The catalog's output schemas carry a component id (for the
 * OpenAPI document), which makes a JSON Schema with `$ref` at its root; MCP clients expect an object schema with
 * `properties` there, so the root is rebuilt without the id (nested components stay in `$defs`).
 */
export function toolOutputSchema(schema: z.ZodType): z.ZodObject {
  if (!(schema instanceof z.ZodObject)) throw new TypeError('an MCP tool output schema must be an object schema')
  return z.object(schema.shape)
}

/**
 * A Standard Schema that advertises `json` and accepts any value. The SDK would otherwise validate tool arguments
 * itself and answer with its validator's dump; the capability validates them with the catalog's zod schema and
 * explains each bad field in one sentence. Results come from the same zod schemas the advertised ones are made
 * from (the MCP tests validate them against the advertised schemas), so checking them again per call buys nothing.
 */
export function advertisedSchema(json: Json) {
  return {
    '~standard': {
      version: 1 as const,
      vendor: 'newsdesk',
      jsonSchema: { input: () => json, output: () => json },
      validate: (value: unknown) => ({ value }),
    },
  }
}

export interface ToolDefinition {
  name: string
  title: string
  description: string
  inputSchema: Json
  outputSchema: Json
}

/** Every capability's advertised definition, computed once per process. */
export function toolDefinitions(capabilities: readonly Capability[]): ToolDefinition[] {
  return capabilities.map((c) => ({
    name: c.name,
    title: c.title,
    description: c.description,
    inputSchema: toolJsonSchema(c.input, 'input'),
    outputSchema: toolJsonSchema(toolOutputSchema(c.output), 'output'),
  }))
}
