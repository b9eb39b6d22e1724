import { keyStatus, newKeyFile, rotateKeys, type KeyFile, type KeyStatus } from '../../signing/key-file.ts'
import { KeyFileError, keyFilePath, permissionWarning, readKeyFile, writeKeyFile } from '../../signing/key-storage.ts'
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type Command, type CommandContext } from '../command.ts'
import { configOrReport } from '../environment.ts'

const USAGE = `newsdesk keys generate
newsdesk keys list [--json]
newsdesk keys rotate [--overlap-days N]

Manages the crawler's Ed25519 signing keys (Web Bot Auth), kept in DATA_DIR/keys/crawler-signing-keys.json
(directory 0700, file 0600, written atomically). The public halves are served at
/.well-known/http-message-signatures-directory; private keys are never printed.

  generate   create the key file with one active key. Refuses (exit 1) when the file exists: replacing a key
             is what \`rotate\` is for. \`newsdesk serve\` also creates the file when it is absent.
  list       each key's kid, status (active, retiring until T, expired), created and expires.
             --json prints a JSON array instead.
  rotate     make a new active key. The previous one stays published for --overlap-days (default 7, 0 to
             retire it at once, e.g. after a leak), then disappears; expired keys are removed from the file.
             A running server publishes the new key after a restart.`

const SUBCOMMANDS = ['generate', 'list', 'rotate'] as const
type Subcommand = (typeof SUBCOMMANDS)[number]

function usageError(ctx: CommandContext, message: string): number {
  ctx.stderr.write(`keys: ${message}\n\n${USAGE}\n`)
  return EXIT_USAGE
}

function describe(status: KeyStatus): string {
  if (status.state === 'active') return 'active'
  return status.state === 'retiring' ? `retiring until ${status.until}` : `expired since ${status.since}`
}

function generate(file: string, now: number, ctx: CommandContext): number {
  const existing = readKeyFile(file)
  if (existing) {
    const active = existing.keys.find((k) => k.expires_at === null)
    ctx.stderr.write(`keys: ${file} already exists (active key ${active?.kid}); nothing changed. Use \`newsdesk keys rotate\` to replace the active key.\n`)
    return EXIT_FAILURE
  }
  const keys = newKeyFile(now)
  writeKeyFile(file, keys, { exclusive: true })
  ctx.stderr.write(`keys: generated ${keys.keys[0]!.kid} in ${file}\n`)
  return EXIT_OK
}

function list(keys: KeyFile, now: number, json: boolean, ctx: CommandContext): number {
  const rows = keys.keys.map((k) => ({ kid: k.kid, status: keyStatus(k, now), created_at: k.created_at, expires_at: k.expires_at }))
  if (json) {
    ctx.stdout.write(`${JSON.stringify(rows.map((r) => ({ ...r, status: r.status.state })), null, 2)}\n`)
    return EXIT_OK
  }
  const table = [['KID', 'STATUS', 'CREATED', 'EXPIRES'], ...rows.map((r) => [r.kid, describe(r.status), r.created_at, r.expires_at ?? '-'])]
  const widths = table[0]!.map((_, i) => Math.max(...table.map((row) => row[i]!.length)))
  ctx.stdout.write(table.map((row) => row.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n') + '\n')
  return EXIT_OK
}

function rotate(file: string, keys: KeyFile, now: number, overlapDays: number, ctx: CommandContext): number {
  const { file: next, added, removed } = rotateKeys(keys, now, overlapDays)
  writeKeyFile(file, next)
  const lines = [`keys: ${added.kid} is the active key`]
  for (const key of next.keys.slice(1)) lines.push(`keys: ${key.kid} stays published until ${key.expires_at}`)
  for (const key of removed) lines.push(`keys: ${key.kid} removed (expired ${key.expires_at})`)
  lines.push('keys: restart `newsdesk serve` to publish the change')
  ctx.stderr.write(`${lines.join('\n')}\n`)
  return EXIT_OK
}

export const keysCommand: Command = {
  usage: USAGE,
  options: {
    json: { type: 'boolean' },
    'overlap-days': { type: 'string' },
  },
  allowPositionals: true,
  async run({ values, positionals }, ctx) {
    const [sub, ...extra] = positionals
    if (!sub || !(SUBCOMMANDS as readonly string[]).includes(sub)) {
      return usageError(ctx, sub ? `unknown subcommand "${sub}"` : 'expected a subcommand')
    }
    if (extra.length > 0) return usageError(ctx, `unexpected argument "${extra[0]}"`)
    const subcommand = sub as Subcommand
    if (values.json !== undefined && subcommand !== 'list') return usageError(ctx, '--json applies to `keys list` only')
    const overlapText = values['overlap-days'] as string | undefined
    if (overlapText !== undefined && subcommand !== 'rotate') return usageError(ctx, '--overlap-days applies to `keys rotate` only')
    const overlapDays = overlapText === undefined ? 7 : Number(overlapText)
    if (!/^\d+$/.test(overlapText ?? '7') || overlapDays > 365) {
      return usageError(ctx, `--overlap-days must be an integer from 0 to 365 (got "${overlapText}")`)
    }

    const config = configOrReport(ctx)
    if (!config) return EXIT_USAGE
    const file = keyFilePath(config.dataDir)
    const now = Date.now()
    try {
      if (subcommand === 'generate') return generate(file, now, ctx)
      const keys = readKeyFile(file)
      if (!keys) {
        ctx.stderr.write(`keys: no key file at ${file}; run \`newsdesk keys generate\` (or start \`newsdesk serve\`) first\n`)
        return EXIT_FAILURE
      }
      const warning = permissionWarning(file)
      if (warning) ctx.stderr.write(`keys: warning: ${warning}\n`)
      return subcommand === 'list' ? list(keys, now, Boolean(values.json), ctx) : rotate(file, keys, now, overlapDays, ctx)
    } catch (err) {
      if (!(err instanceof KeyFileError)) throw err
      ctx.stderr.write(`keys: ${err.message}\n`)
      return EXIT_FAILURE
    }
  },
}
