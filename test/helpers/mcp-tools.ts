import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { ROOT, tempDir } from './cli.ts'

/**
 * Runs the MCP Inspector CLI and the MCP conformance suite against a running server, as child processes with
 * argument arrays (never a shell) and timeouts. Both are devDependencies; the conformance suite needs Node 22
 * (it calls fs.globSync), which node22.ts finds or fetches once.
 */

export const INSPECTOR_CLI = path.join(ROOT, 'node_modules', '@modelcontextprotocol', 'inspector', 'clients', 'launcher', 'build', 'index.js')
export const CONFORMANCE_CLI = path.join(ROOT, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js')

export interface ExecResult {
  code: number | null
  stdout: string
  stderr: string
  /** Set when the process was killed for running past its timeout. */
  timedOut: boolean
  ms: number
}

/** An environment with a private HOME: the Inspector keeps a catalog and OAuth state under ~/.mcp-inspector. */
let toolHome: string | undefined
function toolEnv(): Record<string, string> {
  toolHome ??= tempDir('newsdesk-mcp-tools-home-')
  return { PATH: process.env.PATH ?? '', HOME: toolHome, NO_COLOR: '1', FORCE_COLOR: '0', CI: '1' }
}

export function run(file: string, args: string[], timeoutMs: number): Promise<ExecResult> {
  const started = Date.now()
  return new Promise((resolve) => {
    execFile(file, args, {
      cwd: ROOT, env: toolEnv(), timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 32 * 1024 * 1024, encoding: 'utf8',
    }, (err, stdout, stderr) => {
      const e = err as (NodeJS.ErrnoException & { code?: number | string; killed?: boolean }) | null
      resolve({
        code: e ? (typeof e.code === 'number' ? e.code : null) : 0,
        stdout,
        stderr: e && typeof e.code === 'string' ? `${stderr}\n${e.message}` : stderr,
        timedOut: Boolean(e?.killed),
        ms: Date.now() - started,
      })
    })
  })
}

export const describeExec = (r: ExecResult) =>
  `exit ${r.code}${r.timedOut ? ' (timed out)' : ''} after ${r.ms} ms\n--- stdout\n${r.stdout.slice(-4000)}\n--- stderr\n${r.stderr.slice(-4000)}`

// ---------------------------------------------------------------- MCP Inspector CLI

export type ProtocolEra = 'legacy' | 'modern'

export interface InspectorResult extends ExecResult {
  /** The JSON document printed on stdout (`--format json`), when there is one. */
  json: any
}

/** Exit code of `--method tools/call` when the tool answered with `isError: true` (Inspector CLI README). */
export const INSPECTOR_EXIT_TOOL_ERROR = 5

export async function inspector(url: string, era: ProtocolEra, args: string[]): Promise<InspectorResult> {
  // The timeout is a hang guard, not a speed check: the tests start up to six CLIs at once, and on a 2-core machine
  // at load 9-12 some took over 20 s to print their answer and exit.
  const result = await run(process.execPath, [
    INSPECTOR_CLI, '--cli', url, '--transport', 'http', '--protocol-era', era, '--format', 'json', '--connect-timeout', '10000', ...args,
  ], 60_000)
  let json: unknown
  try {
    json = result.stdout.trim() ? JSON.parse(result.stdout) : undefined
  } catch {
    json = undefined
  }
  return { ...result, json }
}

export const callTool = (url: string, era: ProtocolEra, name: string, args: object) =>
  inspector(url, era, ['--method', 'tools/call', '--tool-name', name, '--tool-args-json', JSON.stringify(args)])

// ---------------------------------------------------------------- conformance suite

export type CheckStatus = 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED'

export interface ConformanceCheck {
  id: string
  name?: string
  description?: string
  status: CheckStatus
  errorMessage?: string
  details?: unknown
}

export interface ConformanceRun extends ExecResult {
  checks: ConformanceCheck[]
  resultDir: string | undefined
}

/** Runs one server scenario at one protocol revision; results go to a fresh directory under `outRoot`. */
export async function conformance(opts: {
  /** A Node 22 binary (node22.ts). */
  node: string
  url: string
  scenario: string
  specVersion: string
  baseline: string
  outRoot: string
}): Promise<ConformanceRun> {
  const out = fs.mkdtempSync(path.join(opts.outRoot, `${opts.specVersion}-${opts.scenario}-`))
  const result = await run(opts.node, [
    CONFORMANCE_CLI, 'server', '--url', opts.url, '--scenario', opts.scenario, '--spec-version', opts.specVersion,
    '--expected-failures', opts.baseline, '--output-dir', out, '--timeout', '20000',
  ], 45_000)
  // The runner writes <out>/server-<scenario>-<timestamp>/checks.json.
  const dir = fs.readdirSync(out).find((d) => fs.existsSync(path.join(out, d, 'checks.json')))
  const resultDir = dir === undefined ? undefined : path.join(out, dir)
  const checks = resultDir === undefined
    ? []
    : JSON.parse(fs.readFileSync(path.join(resultDir, 'checks.json'), 'utf8')) as ConformanceCheck[]
  return { ...result, checks, resultDir }
}

/**
 * The `server:` list of an expected-failures file, in the runner's own format (`- scenario` or
 * `- scenario:check-id`, `#` comments). Only that subset of YAML is accepted, so a typo fails loudly here.
 */
export function readBaseline(file: string): string[] {
  const entries: string[] = []
  let section: string | undefined
  for (const [i, raw] of fs.readFileSync(file, 'utf8').split('\n').entries()) {
    const line = raw.replace(/\s+#.*$/, '').replace(/^\s*#.*$/, '').trimEnd()
    if (!line) continue
    const header = /^([a-z]+):$/.exec(line)
    if (header) {
      section = header[1]
      continue
    }
    const item = /^\s+-\s+([A-Za-z0-9_.\/-]+(?::[A-Za-z0-9_.\/-]+)?)$/.exec(line)
    if (!item || section === undefined) throw new Error(`${file}:${i + 1}: not a baseline entry: ${raw}`)
    if (section === 'server') entries.push(item[1]!)
  }
  return entries
}

export interface Verdict {
  /** Checks that are not SUCCESS, INFO or SKIPPED and are not in the baseline. */
  unexpected: ConformanceCheck[]
  /** Baselined checks that did fail (or warn), as the baseline says. */
  baselined: ConformanceCheck[]
  /** Baseline entries for this scenario whose check now passes: the entry should go. */
  stale: string[]
  passed: number
}

/** Judges a scenario's checks against the baseline the way the runner does, per check. */
export function judge(scenario: string, checks: ConformanceCheck[], baseline: string[]): Verdict {
  const wholeScenario = baseline.includes(scenario)
  const perCheck = new Set(baseline.filter((e) => e.startsWith(`${scenario}:`)).map((e) => e.slice(scenario.length + 1)))
  const isBad = (c: ConformanceCheck) => c.status === 'FAILURE' || c.status === 'WARNING'
  const unexpected = checks.filter((c) => isBad(c) && !wholeScenario && !perCheck.has(c.id))
  const baselined = checks.filter((c) => isBad(c) && (wholeScenario || perCheck.has(c.id)))
  // An id can repeat; it is stale only when no occurrence is bad (the runner folds occurrences, most severe first).
  const stale = [...perCheck].filter((id) => checks.some((c) => c.id === id) && !checks.some((c) => c.id === id && isBad(c)))
  if (wholeScenario && checks.length > 0 && !checks.some(isBad)) stale.push(scenario)
  return { unexpected, baselined, stale, passed: checks.filter((c) => c.status === 'SUCCESS').length }
}

export function describeCheck(c: ConformanceCheck): string {
  const details = c.details === undefined ? '' : `\n    details: ${JSON.stringify(c.details).slice(0, 2000)}`
  return `  ${c.status} ${c.id}: ${c.errorMessage ?? c.description ?? ''}${details}`
}
