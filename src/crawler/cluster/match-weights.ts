// Written by `npm run fit:clustering` (bench/stories/fit-clustering.ts): do not edit by hand; refit instead.
// Fitted on: real (811 articles), corpus (201 articles), unit (105 articles).
import type { MatchModel } from './match-model.ts'

export const MATCH_WEIGHTS: MatchModel = {
  features: ['bias', 'centroidCosine', 'titleCentroidCosine', 'memberCosineMax', 'memberCosineMin', 'jaccardMax', 'entityShare', 'storyEntityCoverage', 'specificFigures', 'ruleMatch', 'conflict', 'hoursNearest', 'hoursFirst', 'crossLanguage', 'crossEntities', 'crossFigures', 'storySize', 'keyTermShare', 'storyKeyTermShare'],
  weights: [0.6241, 2.2355, 1.4367, 2.5742, 1.5669, 1.3418, 0.778, 0.6311, 1.6068, 0.8695, -1.0259, -1.4836, 0.4636, -0.2063, 1.2403, 1.3337, -2.9718, 2.0545, 2.7389],
  join: 0.6,
  merge: 0.8,
  related: 0.2,
}
