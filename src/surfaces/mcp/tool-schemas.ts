import { z } from 'zod'

/**
 * The zod schema a tool declares as its outputSchema. The catalog's output schemas carry a component id (for the
 * OpenAPI document), which makes a JSON Schema with `$ref` at its root; MCP clients expect an object schema with
 * `properties` there, so the root is rebuilt without the id (nested components stay in `$defs`).
 */
export function toolOutputSchema(schema: z.ZodType): z.ZodObject {
  if (!(schema instanceof z.ZodObject)) throw new TypeError('an MCP tool output schema must be an object schema')
  return z.strictObject(schema.shape)
}

/** A tool schema as clients see it in tools/list, without the `$schema` dialect line (2020-12 either way). */
export function toolJsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>
  return json
}
