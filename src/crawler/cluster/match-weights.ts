// Written by `npm run fit:clustering` (bench/stories/fit-clustering.ts): do not edit by hand; refit instead.
// Fitted on: real (811 articles), corpus (201 articles), unit (105 articles), site (40 articles).
import type { MatchModel } from './match-model.ts'

export const MATCH_WEIGHTS: MatchModel = {
  features: ['bias', 'centroidCosine', 'titleCentroidCosine', 'memberCosineMax', 'memberCosineMin', 'jaccardMax', 'entityShare', 'storyEntityCoverage', 'specificFigures', 'ruleMatch', 'conflict', 'hoursNearest', 'hoursFirst', 'crossLanguage', 'crossEntities', 'crossFigures', 'storySize', 'keyTermShare', 'storyKeyTermShare', 'titleNamesMissing', 'samePublisher'],
  weights: [-2.5849, 6.9321, -1.3559, 9.1319, 3.7217, 3.9782, 0.6247, 0.0024, 0.6661, -0.0446, -0.2082, -1.4638, 1.1171, 0.2425, 3.033, 5.2846, -4.4796, 1.6166, 2.8182, -1.353, -4.6967],
  join: 0.4,
  merge: 0.8,
  related: 0.2,
}
