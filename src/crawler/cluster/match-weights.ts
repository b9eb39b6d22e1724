// Written by `npm run fit:clustering` (bench/stories/fit-clustering.ts): do not edit by hand; refit instead.
// Fitted on: real (811 articles), corpus (201 articles), unit (105 articles).
import type { MatchModel } from './match-model.ts'

export const MATCH_WEIGHTS: MatchModel = {
  features: ['bias', 'centroidCosine', 'titleCentroidCosine', 'memberCosineMax', 'memberCosineMin', 'jaccardMax', 'entityShare', 'storyEntityCoverage', 'specificFigures', 'ruleMatch', 'conflict', 'hoursNearest', 'hoursFirst', 'crossLanguage', 'crossEntities', 'crossFigures', 'storySize', 'keyTermShare', 'storyKeyTermShare'],
  weights: [-0.1674, 1.903, 1.0412, 2.181, 1.3115, 1.1688, 0.8088, 0.7247, 1.8013, 0.891, -0.2557, -1.4875, 0.4261, 0.158, 1.2307, 1.353, -3.1397, 2.5383, 3.7321],
  join: 0.5,
  merge: 0.8,
  related: 0.2,
}
