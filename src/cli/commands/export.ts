import { exportSnapshots, type ExportCounts } from '../../snapshots/export-snapshots.ts'
import fs from 'node:fs'
import { finished } from 'node:stream/promises'
import { writeFileAtomic } from '../../util/write-file-atomic.ts'
import { EXIT_OK, EXIT_USAGE, type Command } from '../command.ts'
import { exportTarget } from '../export-target.ts'
import { withStore } from '../command-setup.ts'
import { configOrReport } from '../environment.ts'

export const exportCommand: Command = {
  usage: `newsdesk export [--stories-only] [FILE]

Writes one story snapshot per line, ordered by id, in the shape \`newsdesk import\` reads. A store the crawler
writes to also holds state that is not in the snapshots: its feeds (schedules, validators, errors), the articles
it has seen, the summaries it will retry, and when each story and sitemap month last changed. Those follow the
stories as lines with a "newsdesk_record" key, so that \`newsdesk export | newsdesk import -\` into another store
(SQLite to PostgreSQL, or a backup restored) loses nothing. Without FILE, writes to standard output. A regular
FILE (or a new one, or one a symbolic link names) is written to a temporary file beside it first and renamed, so it
is never half-written and a link stays a link; a FIFO or a character device (/dev/null) is written through; a
directory, a socket or a link to nothing is refused (exit code 2).

  --stories-only   the story snapshots alone (to share a collection, not to move a service)`,
  options: { 'stories-only': { type: 'boolean' } },
  allowPositionals: true,
  async run({ values, positionals }, ctx) {
    if (positionals.length > 1) {
      ctx.stderr.write('export: expected at most one FILE\n')
      return EXIT_USAGE
    }
    const config = configOrReport(ctx)
    if (!config) return EXIT_USAGE
    const storiesOnly = values['stories-only'] === true
    const file = positionals[0]
    const target = file && file !== '-' ? exportTarget(file) : null
    if (target?.kind === 'refused') {
      ctx.stderr.write(`export: ${target.message}\n`)
      return EXIT_USAGE
    }
    return withStore(config, async (store) => {
      if (!file || !target) {
        const counts = await exportSnapshots(store, ctx.stdout as never, { storiesOnly })
        ctx.stderr.write(`export: ${describe(counts)}\n`)
        return EXIT_OK
      }
      const counts = target.kind === 'file'
        ? await writeFileAtomic(target.path, (out) => exportSnapshots(store, out, { storiesOnly }))
        : await writeThrough(target.path, (out) => exportSnapshots(store, out, { storiesOnly }))
      ctx.stderr.write(`export: ${describe(counts)} to ${file}\n`)
      return EXIT_OK
    })
  },
}

const describe = (c: ExportCounts) => (c.state > 0 ? `${c.stories} stories and ${c.state} state lines` : `${c.stories} stories`)

/** Writes to a FIFO or device as it is (no temporary file, no rename: the node must stay what it is). */
async function writeThrough<T>(file: string, write: (out: fs.WriteStream) => Promise<T>): Promise<T> {
  const out = fs.createWriteStream(file, { flags: 'w' })
  try {
    return await write(out)
  } finally {
    out.end()
    await finished(out)
  }
}
