// Written by `npm run fit:clustering` (bench/stories/fit-clustering.ts): do not edit by hand; refit instead.
// Fitted on: real (811 articles), corpus (201 articles), unit (105 articles).
import type { MatchModel } from './match-model.ts'

export const MATCH_WEIGHTS: MatchModel = {
  features: ['bias', 'centroidCosine', 'titleCentroidCosine', 'memberCosineMax', 'memberCosineMin', 'jaccardMax', 'entityShare', 'storyEntityCoverage', 'specificFigures', 'ruleMatch', 'conflict', 'hoursNearest', 'hoursFirst', 'crossLanguage', 'crossEntities', 'crossFigures', 'storySize'],
  weights: [0.6882, 3.5543, 2.752, 3.7026, 2.5723, 1.7371, 0.9704, 0.7757, 1.6028, 1.1335, -1.0411, -1.4461, 0.4566, -0.4339, 1.2059, 1.2267, -2.6801],
  join: 0.6,
  merge: 0.8,
  related: 0.2,
}
