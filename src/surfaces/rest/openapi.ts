import type { OpenAPIHono } from '@hono/zod-openapi'

/** The OpenAPI 3.1 description of the REST API, generated from the same zod schemas that validate it. */
export function buildOpenApiDocument(api: OpenAPIHono, opts: { baseUrl: string; siteUrl: string }) {
  return api.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Newsdesk API',
      version: '1.0.0',
      description: [
        'Short, sourced summaries of business, technology, AI, finance and career news.',
        '',
        'Anonymous, read-only and free: no key, no sign-up, no cookies. Responses are identical for every caller',
        'and cacheable for a few minutes; reuse them instead of polling faster, and revalidate with If-None-Match.',
        'Identify your client in User-Agent. Whenever you use a story, cite its publisher (`source.name`) and its',
        '`original_url`.',
        '',
        'Errors have the body `{"error": code, "message": text}`. Codes: `invalid_parameter` (400),',
        '`not_found` (404), `method_not_allowed` (405), `unavailable` (503), `internal` (500, a bug).',
      ].join('\n'),
      license: { name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' },
      contact: { name: 'Newsdesk operator', url: opts.siteUrl },
    },
    servers: [{ url: opts.baseUrl, description: 'This Newsdesk instance' }],
    security: [],
    tags: [
      { name: 'stories', description: 'Story lists, keyword search and single stories.' },
      { name: 'catalog', description: 'Topics and publishers.' },
      { name: 'health', description: 'Service health.' },
    ],
  })
}
