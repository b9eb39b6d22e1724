import { z } from 'zod'
import type { AdvertisedFields, Capability } from '../../capabilities/catalog.ts'

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
 *   below the stories (shallowDefinitions); and every field the capability does not advertise (its `advertised`
 *   list in the catalog: a list's count and lang, a story's page url, author, …). The tool description and the Markdown
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

function namedFieldsOnly(def: Json, names: readonly string[], defName: string): Json {
  const properties = (def.properties ?? {}) as Json
  const unknown = names.filter((n) => !(n in properties))
  if (unknown.length) throw new Error(`advertised fields ${unknown.join(', ')} are not fields of ${defName}`)
  return { ...def, properties: Object.fromEntries(names.map((n) => [n, properties[n]])) }
}

/**
 * The root fields the capability advertises (in the schema's order), and for each, the fields named of the component
 * it holds (a story, each story of a list), by component name.
 */
function advertisedRoot(schema: Json, advertised: AdvertisedFields): { schema: Json; componentFields: Map<string, readonly string[]> } {
  const all = (schema.properties ?? {}) as Json
  const unknown = Object.keys(advertised).filter((n) => !(n in all))
  if (unknown.length) throw new Error(`advertised fields ${unknown.join(', ')} are not result fields`)
  const properties = Object.fromEntries(Object.entries(all).filter(([n]) => n in advertised))
  const required = Array.isArray(schema.required) ? (schema.required as string[]).filter((n) => n in advertised) : undefined
  const componentFields = new Map<string, readonly string[]>()
  for (const [name, fields] of Object.entries(advertised)) {
    if (fields === true) continue
    for (const [, ref] of JSON.stringify(all[name]).matchAll(/"#\/\$defs\/([^"]+)"/g)) {
      if (componentFields.has(ref!) && componentFields.get(ref!) !== fields) throw new Error(`${ref} is advertised with two field lists`)
      componentFields.set(ref!, fields)
    }
  }
  return { schema: { ...schema, properties, ...(required && { required }) }, componentFields }
}

/**
 * A result schema keeps the definitions its root refers to (Story, StoryDetail, Category) and says "object" for
 * the ones nested deeper (a story's source, category, cards): a program reading structuredContent gets each
 * story's fields typed, and the OpenAPI document has the rest.
 */
function shallowDefinitions(schema: Json, componentFields: ReadonlyMap<string, readonly string[]>): Json {
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
    .map(([name, def]) => {
      const fields = componentFields.get(name)
      return [name, inline(fields ? namedFieldsOnly(def, fields, name) : def)]
    }))
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

/** A tool's input schema as clients see it in tools/list and in the server card. */
export function toolInputSchema(schema: z.ZodType): Json {
  return compact(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), 'input', true) as Json
}

/** A tool's output schema as clients see it: the shape of the fields the capability advertises (see Capability). */
export function toolResultSchema(schema: z.ZodType, advertised: AdvertisedFields): Json {
  const json = compact(z.toJSONSchema(toolOutputSchema(schema), { io: 'output', unrepresentable: 'any' }), 'output', true) as Json
  const root = advertisedRoot(json, advertised)
  return shallowDefinitions(root.schema, root.componentFields)
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
    inputSchema: toolInputSchema(c.input),
    outputSchema: toolResultSchema(c.output, c.advertised),
  }))
}
