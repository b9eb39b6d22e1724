import { parseArgs } from 'node:util'
import { endQuietlyOnClosedPipe, isClosedPipe } from './closed-pipe.ts'
import { EXIT_FAILURE, EXIT_USAGE, type Command, type CommandContext } from './command.ts'
/**
 * Every command, with its one-line summary and its module, which is loaded only when that command runs: a command's
 * module brings what it needs (the server, the crawler, the stores), and loading all of them cost every start about
 * a CPU-second, `newsdesk --help` and `newsdesk keys list` included.
 */
interface CommandEntry {
  name: string
  summary: string
  load: () => Promise<Command>
}

const COMMANDS: CommandEntry[] = [
  {
    name: 'serve',
    summary: 'Serve the API (and load the sample edition into an empty store)',
    load: async () => (await import('./commands/serve.ts')).serveCommand,
  },
  {
    name: 'import',
    summary: 'Upsert story snapshots from an NDJSON file (or - for standard input)',
    load: async () => (await import('./commands/import.ts')).importCommand,
  },
  {
    name: 'export',
    summary: 'Write every story as NDJSON snapshots, ordered by id, and the crawler\'s state (to FILE or standard output)',
    load: async () => (await import('./commands/export.ts')).exportCommand,
  },
  {
    name: 'migrate',
    summary: 'Apply pending database migrations and exit',
    load: async () => (await import('./commands/migrate.ts')).migrateCommand,
  },
  {
    name: 'keys',
    summary: "Generate, list or rotate the crawler's Web Bot Auth signing keys",
    load: async () => (await import('./commands/keys.ts')).keysCommand,
  },
  {
    name: 'publishers',
    summary: 'List the publisher directory with each feed\'s crawl state, import OPML, export the directory',
    load: async () => (await import('./commands/publishers.ts')).publishersCommand,
  },
  {
    name: 'crawl',
    summary: 'Fetch every due feed once (or keep crawling with --worker): new articles become summarized, clustered stories',
    load: async () => (await import('./commands/crawl.ts')).crawlCommand,
  },
]

function usage(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length))
  return `Usage: newsdesk <command> [options]

Newsdesk: short, sourced news summaries over REST, Markdown, MCP and A2A.

Commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`).join('\n')}

Run \`newsdesk <command> --help\` for a command's details. Configuration is read from the environment.
`
}

/** Runs the CLI and returns the exit code: 0 ok, 1 the command failed, 2 usage or configuration error. */
export async function runCli(argv: string[], ctx: CommandContext): Promise<number> {
  const [name, ...rest] = argv
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    ;(name ? ctx.stdout : ctx.stderr).write(usage())
    return name ? 0 : EXIT_USAGE
  }
  const entry = COMMANDS.find((c) => c.name === name)
  if (!entry) {
    ctx.stderr.write(`newsdesk: unknown command "${name}"\n\n${usage()}`)
    return EXIT_USAGE
  }
  const command = await entry.load()
  let parsed
  try {
    parsed = parseArgs({
      args: rest,
      options: { ...command.options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: command.allowPositionals,
      strict: true,
    })
  } catch (err) {
    ctx.stderr.write(`${entry.name}: ${(err as Error).message}\n\n${command.usage}\n`)
    return EXIT_USAGE
  }
  if (parsed.values.help) {
    ctx.stdout.write(`${command.usage}\n`)
    return 0
  }
  return command.run({ values: parsed.values, positionals: parsed.positionals }, ctx)
}

export { endQuietlyOnClosedPipe }

/**
 * The whole command line as a function: runCli, plus the last line of defence the process entry needs (an error no
 * command caught is one line on stderr and exit code 1, never a stack trace). Tests run it in-process with their own
 * streams; the entry point below runs it with the process's.
 */
export async function main(argv: string[], ctx: CommandContext): Promise<number> {
  try {
    return await runCli(argv, ctx)
  } catch (err) {
    if (isClosedPipe(err)) return 0
    ctx.stderr.write(`newsdesk: ${err instanceof Error ? err.message : String(err)}\n`)
    return EXIT_FAILURE
  }
}

const isEntryPoint = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href

if (isEntryPoint) {
  endQuietlyOnClosedPipe(process.stdout)
  main(process.argv.slice(2), { env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr })
    .then((code) => { process.exitCode = code })
}
