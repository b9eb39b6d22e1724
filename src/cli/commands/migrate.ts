import { openStore } from '../../storage/open-store.ts'
import { EXIT_OK, EXIT_USAGE, type Command } from '../command.ts'
import { configOrReport } from '../environment.ts'

export const migrateCommand: Command = {
  name: 'migrate',
  summary: 'Apply pending database migrations and exit',
  usage: `newsdesk migrate

Creates the database named by DATABASE_URL if needed and applies every pending migration, each in its own
transaction. \`newsdesk serve\` does the same at start; this command is for deploy scripts.`,
  options: {},
  allowPositionals: false,
  async run(_args, ctx) {
    const config = configOrReport(ctx)
    if (!config) return EXIT_USAGE
    const store = openStore(config.databaseUrl)
    await store.close()
    ctx.stderr.write(`migrate: ${config.databaseUrl} is at the latest schema\n`)
    return EXIT_OK
  },
}
