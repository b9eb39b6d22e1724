import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsModule from 'ajv-formats'

// ajv-formats ships CommonJS; its default export is the function under ESM interop.
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020

type OpenApiDoc = {
  servers: Array<{ url: string }>
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>
  components: { schemas: Record<string, unknown> }
}

/**
 * Validates real responses against the served OpenAPI document: the status must be documented for the
 * operation, and a JSON body must match its schema (additionalProperties: false catches extra fields).
 */
export function createOpenApiValidator(doc: OpenApiDoc) {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  ajv.addSchema({ $id: 'openapi.json', components: doc.components })
  const basePath = new URL(doc.servers[0]!.url).pathname
  const templates = Object.keys(doc.paths).map((t) => ({
    template: t,
    regex: new RegExp(`^${basePath}${t.replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }))
  const validators = new Map<string, ReturnType<Ajv2020['compile']>>()
  let checked = 0

  return {
    knows: (pathname: string) => templates.some((t) => t.regex.test(pathname)),
    /** Throws with the ajv errors when the response does not match the document. */
    check(method: string, pathname: string, status: number, body: string): void {
      const match = templates.find((t) => t.regex.test(pathname))
      if (!match) throw new Error(`openapi: ${pathname} is not in the document`)
      const op = doc.paths[match.template]![method.toLowerCase() === 'head' ? 'get' : method.toLowerCase()]
      if (!op) throw new Error(`openapi: ${method} ${match.template} is not in the document`)
      const response = op.responses[String(status)]
      if (!response) throw new Error(`openapi: status ${status} is not documented for ${method} ${match.template}`)
      checked++
      const media = response.content?.['application/json']
      if (!media || body === '') return
      const key = `${match.template} ${status}`
      let validate = validators.get(key)
      if (!validate) {
        const schema = media.schema as { $ref?: string }
        validate = ajv.compile(schema.$ref ? { $ref: `openapi.json${schema.$ref}` } : schema)
        validators.set(key, validate)
      }
      if (!validate(JSON.parse(body))) {
        throw new Error(`openapi: ${method} ${pathname} ${status} does not match: ${ajv.errorsText(validate.errors)}`)
      }
    },
    get checked() {
      return checked
    },
  }
}
