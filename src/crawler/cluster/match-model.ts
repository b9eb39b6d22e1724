/**
 * Clustering stage: the fitted decision. P(article reports the story's event) = σ(w · features), features from
 * match-features.ts, weights fitted on labelled pairs by `npm run fit:clustering` (bench/stories/fit-clustering.ts)
 * and written to match-weights.ts; docs/clustering.md says how, and how to refit them on new data.
 */
import fs from 'node:fs'
import { z } from 'zod'
import { FEATURES } from './match-features.ts'
import { MATCH_WEIGHTS } from './match-weights.ts'

export interface MatchModel {
  /** The feature names the weights were fitted for, in order (must equal FEATURES). */
  features: readonly string[]
  weights: readonly number[]
  /** An article joins the best story when its probability reaches this. */
  join: number
  /** A second story is merged with the first only when the article reaches this for it too (a bridge). */
  merge: number
  /** A story the article does not join but reaches this for is a related story. */
  related: number
}

export function checkModel(model: MatchModel): MatchModel {
  if (model.features.length !== FEATURES.length || model.features.some((f, i) => f !== FEATURES[i])) {
    throw new Error(`match model: fitted for [${model.features.join(', ')}], the features are [${FEATURES.join(', ')}]: run npm run fit:clustering`)
  }
  return model
}

let checked: MatchModel | undefined

/** The fitted model in use, checked against the features on first use (not at import: the fit script refits it). */
export function defaultModel(): MatchModel {
  checked ??= checkModel(MATCH_WEIGHTS)
  return checked
}

export function matchProbability(model: MatchModel, features: ArrayLike<number>): number {
  let z = 0
  for (let i = 0; i < features.length; i++) z += model.weights[i]! * features[i]!
  return 1 / (1 + Math.exp(-z))
}

const Probability = z.number().min(0).max(1)
const ModelFile = z.strictObject({
  features: z.array(z.string()),
  weights: z.array(z.number().finite()),
  join: Probability,
  merge: Probability,
  related: Probability,
})

/**
 * A model file written by `npm run fit:clustering -- --out FILE` (NEWSDESK_CLUSTER_MODEL): checked against the
 * features this version computes, so a model fitted for other features is refused at start, never half-applied.
 */
export function loadMatchModel(file: string): MatchModel {
  let parsed: unknown
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch (err) {
    throw new Error(`cluster model ${file}: ${err instanceof Error ? err.message : String(err)}`)
  }
  const model = ModelFile.safeParse(parsed)
  if (!model.success) throw new Error(`cluster model ${file}: ${model.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
  if (model.data.weights.length !== model.data.features.length) throw new Error(`cluster model ${file}: one weight per feature`)
  return checkModel(model.data)
}
