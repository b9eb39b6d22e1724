import fs from 'node:fs'
import { parseArgs, type ParseArgsConfig } from 'node:util'

/**
 * parseArgs for the bench and eval scripts. `--help` prints the script's usage, which is its own header comment (the
 * block that shows how to run it), so the two cannot drift apart. A bad option exits 2 with the reason and the usage,
 * not a stack trace.
 */
export function benchArgs<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  const args = config.args ?? process.argv.slice(2)
  if (args.includes('--help') || args.includes('-h')) {
    console.log(usageOf(process.argv[1]))
    process.exit(0)
  }
  try {
    return parseArgs(config)
  } catch (err) {
    const code = (err as { code?: unknown }).code
    if (typeof code !== 'string' || !code.startsWith('ERR_PARSE_ARGS')) throw err
    console.error(`${(err as Error).message}\n\n${usageOf(process.argv[1])}`)
    process.exit(2)
  }
}

/** The first doc comment of `file` that shows a command line (` * npm run …` or ` * node …`), as plain text. */
export function usageOf(file: string | undefined): string {
  const source = file ? fs.readFileSync(file, 'utf8') : ''
  for (const block of source.matchAll(/\/\*\*([\s\S]*?)\*\//g)) {
    const text = block[1]!.split('\n').map((l) => l.replace(/^\s*\* ?/, '')).join('\n').trim()
    if (/^(npm run|node) /m.test(text)) return text
  }
  return `usage: see the header of ${file ?? 'the script'}`
}
