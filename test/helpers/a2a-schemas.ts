import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { Ajv } from 'ajv'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'
import { ROOT } from './cli.ts'

/**
 * The official A2A JSON Schemas, vendored in test/fixtures/schemas (Apache-2.0):
 * - a2a-1.0.schema.json: a2aproject/a2a-tck, branch 1.0-dev, specification/a2a.json (JSON Schema 2020-12 bundle
 *   generated from a2a.proto). Its definitions refer to each other as `lf.a2a.v1.<Name>.jsonschema.json`, so each
 *   is registered under that $id (`google.protobuf.<Name>…` for Struct, Timestamp, Value). Proto3 has no required
 *   fields, so the bundle requires none: REQUIRED_1_0 adds what a2a.proto marks REQUIRED for the objects we serve.
 *   The bundle has no JSON-RPC envelope; 1.0 envelopes are checked against the 0.3 JSON-RPC envelope definitions,
 *   which did not change.
 * - a2a-0.3.schema.json: a2aproject/A2A, tag v0.3.0, specification/json/a2a.json (draft-07).
 */

const addFormats = addFormatsModule as unknown as (ajv: Ajv | Ajv2020) => unknown

const load = (name: string) => JSON.parse(fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'schemas', name), 'utf8')) as {
  definitions: Record<string, object>
}

const WELL_KNOWN = new Set(['Struct', 'Timestamp', 'Value'])
const id10 = (key: string) => (WELL_KNOWN.has(key) ? `google.protobuf.${key}` : `lf.a2a.v1.${key.replace(/ /g, '')}`) + '.jsonschema.json'

const ajv10 = new Ajv2020({ strict: false, allErrors: true })
addFormats(ajv10)
for (const [key, schema] of Object.entries(load('a2a-1.0.schema.json').definitions)) ajv10.addSchema({ ...schema, $id: id10(key) })

const ajv03 = new Ajv({ strict: false, allErrors: true })
addFormats(ajv03)
ajv03.addSchema({ ...load('a2a-0.3.schema.json'), $id: 'a2a-0.3.json' })

const ref10 = (name: string) => ({ $ref: id10(name) })

const NON_EMPTY_STRING = { type: 'string', minLength: 1 }
/** What a2a.proto marks REQUIRED, for the objects this agent serves. */
const REQUIRED_1_0 = {
  'Agent Card': {
    required: ['name', 'description', 'supportedInterfaces', 'version', 'capabilities', 'defaultInputModes', 'defaultOutputModes', 'skills'],
    properties: {
      supportedInterfaces: { minItems: 1, items: { required: ['url', 'protocolBinding', 'protocolVersion'] } },
      skills: { minItems: 1, items: { required: ['id', 'name', 'description', 'tags'], properties: { id: NON_EMPTY_STRING } } },
      provider: { required: ['organization', 'url'] },
    },
  },
  Message: {
    required: ['messageId', 'role', 'parts'],
    properties: { messageId: NON_EMPTY_STRING, parts: { minItems: 1 } },
  },
}

const compile10 = (name: keyof typeof REQUIRED_1_0 | string) =>
  ajv10.compile({ allOf: [ref10(name), REQUIRED_1_0[name as keyof typeof REQUIRED_1_0] ?? {}] })

const validators = {
  '1.0 AgentCard': compile10('Agent Card'),
  '1.0 SendMessageResponse': ajv10.compile({
    allOf: [ref10('Send Message Response'), { required: ['message'], properties: { message: REQUIRED_1_0.Message } }],
  }),
  '0.3 AgentCard': ajv03.getSchema('a2a-0.3.json#/definitions/AgentCard')!,
  '0.3 SendMessageSuccessResponse': ajv03.getSchema('a2a-0.3.json#/definitions/SendMessageSuccessResponse')!,
  '0.3 JSONRPCErrorResponse': ajv03.getSchema('a2a-0.3.json#/definitions/JSONRPCErrorResponse')!,
  '0.3 JSONRPCSuccessResponse': ajv03.getSchema('a2a-0.3.json#/definitions/JSONRPCSuccessResponse')!,
}

export type A2aSchemaName = keyof typeof validators

/** Asserts `data` validates against the named official schema, listing every error when not. */
export function assertSchema(name: A2aSchemaName, data: unknown): void {
  const validate = validators[name]
  assert.ok(validate(data), `${name}: ${JSON.stringify(validate.errors, null, 2)}\n${JSON.stringify(data).slice(0, 2000)}`)
}

/** A 1.0 JSON-RPC reply to SendMessage: the 2.0 envelope, and `result` a SendMessageResponse holding a Message. */
export function assertSendMessageReply10(body: unknown): void {
  assertSchema('0.3 JSONRPCSuccessResponse', body)
  assertSchema('1.0 SendMessageResponse', (body as { result: unknown }).result)
}

/** A 0.3 JSON-RPC reply to message/send whose result is a Message (not a Task). */
export function assertMessageSendReply03(body: unknown): void {
  assertSchema('0.3 SendMessageSuccessResponse', body)
  assert.equal((body as { result: { kind: string } }).result.kind, 'message')
}

/** Any JSON-RPC error reply (same envelope in both versions; the 0.3 schema lists the A2A error codes). */
export function assertErrorReply(body: unknown): void {
  assertSchema('0.3 JSONRPCErrorResponse', body)
}
