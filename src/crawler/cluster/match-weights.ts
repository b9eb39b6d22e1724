// Written by `npm run fit:clustering` (bench/stories/fit-clustering.ts): do not edit by hand; refit instead.
// Fitted on: real (811 articles), corpus (201 articles), unit (105 articles), site (40 articles).
import type { MatchModel } from './match-model.ts'

export const MATCH_WEIGHTS: MatchModel = {
  features: ['bias', 'centroidCosine', 'titleCentroidCosine', 'memberCosineMax', 'memberCosineMin', 'jaccardMax', 'entityShare', 'storyEntityCoverage', 'specificFigures', 'ruleMatch', 'conflict', 'hoursNearest', 'hoursFirst', 'crossLanguage', 'crossEntities', 'crossFigures', 'storySize', 'keyTermShare', 'storyKeyTermShare', 'titleNamesMissing', 'samePublisher', 'crossStorySize'],
  weights: [-2.9554, 7.0134, -1.3968, 8.573, 3.7256, 4.0174, 0.6811, 0.2343, 0.7359, -0.0623, -0.1843, -1.4561, 1.1486, -0.3202, 2.4223, 4.2928, -4.7225, 1.8985, 3.257, -1.0581, -4.7671, 2.9101],
  join: 0.4,
  merge: 0.8,
  related: 0.2,
}
