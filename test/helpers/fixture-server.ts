import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { StorySnapshot, serializeSnapshot, type StorySnapshotInput } from '../../src/domain/story.ts'
import { importSnapshots } from '../../src/snapshots/import-snapshots.ts'
import { runCli, startServe, tempDir, testEnv } from './cli.ts'
import { request, type HttpResult } from './http.ts'
import { startInProcessServe, type RunningService } from './in-process-serve.ts'
import { createOpenApiValidator } from './openapi-validator.ts'

export const SITE_URL = 'https://news.example.org'

export interface FixtureServer {
  serve: RunningService
  env: Record<string, string>
  dir: string
  /** GET (or `init.method`) a path on the server; every answer is validated against the served OpenAPI document. */
  api(pathAndQuery: string, init?: RequestInit): Promise<HttpResult>
  /** Imports more stories into the running server's database through the CLI. */
  importStories(stories: StorySnapshotInput[]): Promise<void>
  stop(): Promise<void>
}

export function writeNdjson(file: string, stories: StorySnapshotInput[]): void {
  fs.writeFileSync(file, stories.map((s) => serializeSnapshot(StorySnapshot.parse(s))).join('\n') + '\n')
}

export interface FixtureServerOptions {
  /**
   * Run `newsdesk serve` as a child process and import the first stories through the CLI, for a test about what
   * only the process shows (its start-up log lines). By default the service runs in this process (see
   * startInProcessServe): the same application over a real port, seconds faster per file.
   */
  process?: boolean
}

/**
 * The HTTP service over a SQLite file (or DATABASE_URL) holding exactly `stories`. Stories imported later
 * (`importStories`) go through the CLI, a writer outside the serving process, as an operator's import does.
 */
export async function startFixtureServer(stories: StorySnapshotInput[], extraEnv: Record<string, string> = {}, opts: FixtureServerOptions = {}): Promise<FixtureServer> {
  const dir = tempDir()
  const env = testEnv({
    DATABASE_URL: `sqlite:${path.join(dir, 'newsdesk.db')}`,
    DATA_DIR: path.join(dir, 'data'),
    SITE_URL,
    NEWSDESK_SAMPLE: 'off',
    HEALTH_MAX_STORY_AGE_MINUTES: '525600',
    ...extraEnv,
  })
  let batch = 0
  const importStories = async (list: StorySnapshotInput[]) => {
    const file = path.join(dir, `import-${++batch}.ndjson`)
    writeNdjson(file, list)
    const result = await runCli(['import', file], { env })
    if (result.code !== 0) throw new Error(`import failed: ${result.stderr}`)
  }
  let serve: RunningService
  if (opts.process) {
    await importStories(stories)
    serve = await startServe(env)
  } else {
    serve = await startInProcessServe(env, async (store) => {
      const ndjson = stories.map((s) => serializeSnapshot(StorySnapshot.parse(s))).join('\n') + '\n'
      const report = await importSnapshots(store, Readable.from([ndjson]))
      if (report.bad.length > 0) throw new Error(`import failed: ${JSON.stringify(report.bad)}`)
    })
  }
  const doc = (await request(`${serve.url}/openapi.json`)).json
  const validator = createOpenApiValidator(doc)

  return {
    serve,
    env,
    dir,
    importStories,
    async api(pathAndQuery, init = {}) {
      const res = await request(`${serve.url}${pathAndQuery}`, init)
      const { pathname } = new URL(pathAndQuery, serve.url)
      // 405s are documented on the GET operation of the path; OPTIONS preflights and unknown paths are not operations.
      const method = res.status === 405 ? 'GET' : (init.method ?? 'GET')
      if (validator.knows(pathname) && method !== 'OPTIONS') validator.check(method, pathname, res.status, res.text)
      return res
    },
    async stop() {
      await serve.stop()
    },
  }
}
