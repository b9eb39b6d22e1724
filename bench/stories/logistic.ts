/**
 * L2-regularized logistic regression by Newton's method (iteratively reweighted least squares): small, exact and
 * deterministic for the few features of the clustering model. The bias (feature 0) is not penalized.
 */

export interface Sample {
  x: Float64Array
  y: 0 | 1
  /** Weight of the sample (classes can be balanced); 1 by default. */
  w?: number
}

export const sigmoid = (z: number): number => 1 / (1 + Math.exp(-z))

export function dot(w: ArrayLike<number>, x: ArrayLike<number>): number {
  let s = 0
  for (let i = 0; i < x.length; i++) s += w[i]! * x[i]!
  return s
}

/** Solves A·x = b (A symmetric positive definite, small) by Gaussian elimination with partial pivoting. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length
  const m = a.map((row, i) => [...row, b[i]!])
  for (let c = 0; c < n; c++) {
    let p = c
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[p]![c]!)) p = r
    ;[m[c], m[p]] = [m[p]!, m[c]!]
    const pivot = m[c]![c]!
    if (Math.abs(pivot) < 1e-12) continue
    for (let r = 0; r < n; r++) {
      if (r === c) continue
      const factor = m[r]![c]! / pivot
      for (let k = c; k <= n; k++) m[r]![k]! -= factor * m[c]![k]!
    }
  }
  return m.map((row, i) => (Math.abs(row[i]!) < 1e-12 ? 0 : row[n]! / row[i]!))
}

export function fitLogistic(samples: readonly Sample[], l2 = 1, iterations = 50): Float64Array {
  const d = samples[0]?.x.length ?? 0
  const w = new Float64Array(d)
  for (let it = 0; it < iterations; it++) {
    const grad = new Array<number>(d).fill(0)
    const hess = Array.from({ length: d }, () => new Array<number>(d).fill(0))
    for (const s of samples) {
      const p = sigmoid(dot(w, s.x))
      const sw = s.w ?? 1
      const g = (p - s.y) * sw
      const h = p * (1 - p) * sw
      for (let i = 0; i < d; i++) {
        grad[i]! += g * s.x[i]!
        for (let j = i; j < d; j++) hess[i]![j]! += h * s.x[i]! * s.x[j]!
      }
    }
    for (let i = 0; i < d; i++) {
      for (let j = 0; j < i; j++) hess[i]![j] = hess[j]![i]!
      if (i > 0) {
        grad[i]! += l2 * w[i]!
        hess[i]![i]! += l2
      }
      hess[i]![i]! += 1e-9
    }
    const step = solve(hess, grad)
    let change = 0
    for (let i = 0; i < d; i++) {
      w[i]! -= step[i]!
      change = Math.max(change, Math.abs(step[i]!))
    }
    if (change < 1e-8) break
  }
  return w
}
