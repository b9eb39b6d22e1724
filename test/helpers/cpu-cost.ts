/**
 * CPU cost as a ratio, for tests that promise bounded work ("refused within 1 s", "linear").
 *
 * An absolute time limit in a test fails on a loaded machine: CI ran these suites 2–4× slower than a quiet run, and
 * a 244 ms parse once measured over 1 s of CPU there. So the tests compare: the work an input causes against ordinary
 * work, or against the same work on an input a quarter of the size, measured in alternation in one process, best of a
 * few rounds each, so a slow spell of the machine falls on both sides of the ratio. The absolute numbers of a quiet
 * machine are printed by the benchmarks and quoted in the docs.
 */

/** CPU milliseconds (user + system, all threads of this process) that one call of `fn` costs. */
export function cpuMs(fn: () => unknown): number {
  const start = process.cpuUsage()
  fn()
  const { user, system } = process.cpuUsage(start)
  return (user + system) / 1000
}

/**
 * The best CPU cost of each function over `rounds` rounds, the functions run in turn within each round (after one
 * warm-up call each, so the first round does not pay for compiling the code under test).
 */
export function bestCosts<K extends string>(fns: Record<K, () => unknown>, rounds = 3): Record<K, number> {
  const names = Object.keys(fns) as K[]
  for (const name of names) fns[name]()
  const best = Object.fromEntries(names.map((name) => [name, Infinity])) as Record<K, number>
  for (let round = 0; round < rounds; round++) {
    for (const name of names) best[name] = Math.min(best[name], cpuMs(fns[name]))
  }
  return best
}

/**
 * How the cost of `run` grows when its input grows `factor` times: cost(input(n·factor)) ÷ cost(input(n)). Linear
 * work gives about `factor`, quadratic work `factor²`. The inputs are built before anything is timed. Best of five
 * rounds: on a loaded CI leg, best of three once measured htmlToText's 4 MB of paragraphs at 8.5× its 1 MB (3.2–4.3×
 * elsewhere).
 */
export function growth<T>(input: (n: number) => T, run: (input: T) => unknown, n: number, factor = 4): { ratio: number; smallMs: number; largeMs: number } {
  const small = input(n)
  const large = input(n * factor)
  const { smallMs, largeMs } = bestCosts({ smallMs: () => run(small), largeMs: () => run(large) }, 5)
  return { ratio: largeMs / Math.max(smallMs, 0.001), smallMs, largeMs }
}
