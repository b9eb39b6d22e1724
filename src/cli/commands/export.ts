import fs from 'node:fs'
import { finished } from 'node:stream/promises'
import { exportSnapshots } from '../../snapshots/export-snapshots.ts'
import { openStore } from '../../storage/open-store.ts'
import { EXIT_OK, EXIT_USAGE, type Command } from '../command.ts'
import { configOrReport } from '../environment.ts'

export const exportCommand: Command = {
  name: 'export',
  summary: 'Write every story as NDJSON snapshots, ordered by id (to FILE or standard output)',
  usage: `newsdesk export [FILE]

Writes one story snapshot per line, ordered by id, in the shape \`newsdesk import\` reads. Without FILE, writes
to standard output. The file is written to FILE.tmp first and renamed, so FILE is never half-written.`,
  options: {},
  allowPositionals: true,
  async run({ positionals }, ctx) {
    if (positionals.length > 1) {
      ctx.stderr.write('export: expected at most one FILE\n')
      return EXIT_USAGE
    }
    const config = configOrReport(ctx)
    if (!config) return EXIT_USAGE
    const store = openStore(config.databaseUrl)
    try {
      const file = positionals[0]
      if (!file || file === '-') {
        const count = await exportSnapshots(store, ctx.stdout as never)
        ctx.stderr.write(`export: ${count} stories\n`)
        return EXIT_OK
      }
      const tmp = `${file}.tmp`
      const out = fs.createWriteStream(tmp)
      const count = await exportSnapshots(store, out)
      out.end()
      await finished(out)
      fs.renameSync(tmp, file)
      ctx.stderr.write(`export: ${count} stories to ${file}\n`)
      return EXIT_OK
    } finally {
      await store.close()
    }
  },
}
