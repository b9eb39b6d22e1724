import type { ParseArgsConfig } from 'node:util'

export interface CommandContext {
  env: Record<string, string | undefined>
  stdin: NodeJS.ReadableStream
  stdout: NodeJS.WritableStream
  stderr: NodeJS.WritableStream
}

/**
 * A CLI subcommand: its help text, its options, and a run function returning the exit code. Its name and one-line
 * summary are in main.ts's table, which lists every command without loading any.
 */
export interface Command {
  usage: string
  options: NonNullable<ParseArgsConfig['options']>
  allowPositionals: boolean
  run(args: { values: Record<string, unknown>; positionals: string[] }, ctx: CommandContext): Promise<number>
}

export const EXIT_OK = 0
export const EXIT_FAILURE = 1
export const EXIT_USAGE = 2
