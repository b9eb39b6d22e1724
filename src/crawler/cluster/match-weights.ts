// Written by `npm run fit:clustering` (bench/stories/fit-clustering.ts): do not edit by hand; refit instead.
// Fitted on: real (811 articles), corpus (201 articles), unit (105 articles), site (40 articles).
import type { MatchModel } from './match-model.ts'

export const MATCH_WEIGHTS: MatchModel = {
  features: ['bias', 'centroidCosine', 'titleCentroidCosine', 'memberCosineMax', 'memberCosineMin', 'jaccardMax', 'entityShare', 'storyEntityCoverage', 'specificFigures', 'ruleMatch', 'conflict', 'hoursNearest', 'hoursFirst', 'crossLanguage', 'crossEntities', 'crossFigures', 'storySize', 'keyTermShare', 'storyKeyTermShare'],
  weights: [-3.3903, 6.89, -1.0609, 7.1582, 4.9036, 4.4422, 1.0977, -0.2356, 0.6642, -0.1319, -0.6479, -1.4401, 1.2479, 0.5846, 2.743, 3.9207, -4.8617, 2.2303, 3.2779],
  join: 0.35,
  merge: 0.8,
  related: 0.175,
}
