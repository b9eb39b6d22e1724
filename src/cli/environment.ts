import { ConfigError, loadConfig, type Config } from '../config/config.ts'
import type { CommandContext } from './command.ts'

/** Loads the config or prints every problem and returns null (the caller exits with code 2). */
export function configOrReport(ctx: CommandContext): Readonly<Config> | null {
  try {
    return loadConfig(ctx.env)
  } catch (err) {
    if (err instanceof ConfigError) {
      ctx.stderr.write(`${err.message}\nSee the configuration table in README.md.\n`)
      return null
    }
    throw err
  }
}
