import fs from 'node:fs'
import { importSnapshots } from '../../snapshots/import-snapshots.ts'
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type Command } from '../command.ts'
import { withStore } from '../command-setup.ts'
import { configOrReport } from '../environment.ts'

const MAX_REPORTED = 50

export const importCommand: Command = {
  usage: `newsdesk import FILE|-

Reads one story snapshot per line (the shape in README.md) and inserts or replaces each story by id, in
transactions of 500 stories. Lines with a "newsdesk_record" key are the crawler's state that \`newsdesk export\`
writes after the stories; they are restored too. A bad line is reported with its line number and reason and skipped; the exit code
is 1 if any line was bad, 0 otherwise. Running the same import twice changes nothing.`,
  options: {},
  allowPositionals: true,
  async run({ positionals }, ctx) {
    if (positionals.length !== 1) {
      ctx.stderr.write('import: expected exactly one FILE (or - for standard input)\n')
      return EXIT_USAGE
    }
    const config = configOrReport(ctx)
    if (!config) return EXIT_USAGE
    const file = positionals[0]!
    if (file !== '-' && !fs.existsSync(file)) {
      ctx.stderr.write(`import: no such file: ${file}\n`)
      return EXIT_USAGE
    }
    return withStore(config, async (store) => {
      const input = file === '-' ? ctx.stdin : fs.createReadStream(file)
      const report = await importSnapshots(store, input as NodeJS.ReadableStream as never)
      for (const bad of report.bad.slice(0, MAX_REPORTED)) ctx.stderr.write(`import: line ${bad.line}: ${bad.reason}\n`)
      if (report.bad.length > MAX_REPORTED) ctx.stderr.write(`import: … and ${report.bad.length - MAX_REPORTED} more bad lines\n`)
      const state = report.state > 0 ? `, ${report.state} state lines restored` : ''
      ctx.stderr.write(`import: ${report.inserted} new, ${report.updated} updated${state}, ${report.bad.length} bad of ${report.lines} lines\n`)
      return report.bad.length > 0 ? EXIT_FAILURE : EXIT_OK
    })
  },
}
