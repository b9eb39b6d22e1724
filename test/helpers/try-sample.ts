import path from 'node:path'
import { SAMPLE_EDITION_PATH } from '../../src/config/paths.ts'
import { loadSampleEdition } from '../../src/sample/load-sample.ts'
import { tempDir, testEnv } from './cli.ts'
import { startInProcessServe } from './in-process-serve.ts'

const dir = tempDir()
const serve = await startInProcessServe(testEnv({ DATABASE_URL: `sqlite:${path.join(dir, 'n.db')}`, DATA_DIR: dir }),
  async (store) => { await loadSampleEdition(store, SAMPLE_EDITION_PATH) })
const paths = process.argv.slice(2)
for (const p of paths) {
  const [url, accept] = p.split(' ')
  const res = await fetch(`${serve.url}${url}`, { redirect: 'manual', headers: accept ? { Accept: accept } : {} })
  console.log(`== ${url} ${res.status} ${res.headers.get('content-type')} ${res.headers.get('location') ?? ''} tokens=${res.headers.get('x-markdown-tokens')}`)
  console.log((await res.text()).slice(0, Number(process.env.CHARS ?? 3000)))
}
await serve.stop()
