import { openStore } from '../../storage/open-store.ts'
import { EXIT_OK, EXIT_USAGE, type Command } from '../command.ts'
import { configOrReport } from '../environment.ts'

export const migrateCommand: Command = {
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
    ctx.stderr.write(`migrate: ${redactedUrl(config.databaseUrl)} is at the latest schema\n`)
    return EXIT_OK
  },
}

/** The database URL without its password, for output. */
function redactedUrl(url: string): string {
  if (url.startsWith('sqlite:')) return url
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return 'the database'
  }
}
