import { execFileSync } from 'node:child_process'
import fs from 'node:fs'

const CLOCK_TICKS = (() => {
  try { return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100 } catch { return 100 }
})()

/**
 * CPU time (user + system, ms) a process has used so far, from /proc/<pid>/stat (fields 14 and 15; Linux). On a
 * shared machine a request's latency moves with the neighbours' load; the CPU the service spends on it much less.
 * The resolution is one clock tick (10 ms), so divide a difference over many requests.
 */
export function cpuMsOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS
}
