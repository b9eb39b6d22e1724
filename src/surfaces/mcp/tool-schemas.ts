import { z } from 'zod'
import type { Capability } from '../../capabilities/catalog.ts'

/**
 * The JSON Schemas a tool advertises, computed once per process from the catalog's zod schemas and made compact:
 * a model reads every byte of tools/list on every turn, so the advertised schemas say what an agent needs and no
 * more. Shared shapes (Story, Source, Category, …) stay in `$defs` and are referenced, never repeated. Dropped:
 * - `pattern` next to a `format` (zod spells out a 400-character regex for `date-time` and a long one for `uuid`;
 *   the format already says it, and every validator knows both);
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
    if (key === 'pattern' && 'format' in (node as Json)) continue
    if (io === 'output' && (!SHAPE_KEYWORDS.has(key) || (key === 'required' && !root))) continue
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
  const kept = Object.fromEntries(Object.entries(defs).filter(([name]) => primary.has(name)).map(([name, def]) => [name, inline(def)]))
  const { $defs: _all, ...rest } = schema
  return Object.keys(kept).length ? { ...rest, $defs: kept } : rest
}

/** A tool schema as clients see it in tools/list and in the server card. */
export function toolJsonSchema(schema: z.ZodType, io: 'input' | 'output'): Json {
  const json = compact(z.toJSONSchema(schema, { io, unrepresentable: 'any' }), io, true) as Json
  return io === 'output' ? shallowDefinitions(json) : json
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
