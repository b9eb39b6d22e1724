// Written by `npm run fit:clustering` (bench/stories/fit-clustering.ts): do not edit by hand; refit instead.
// Fitted on: real (811 articles), corpus (201 articles), unit (105 articles), site (40 articles).
import type { MatchModel } from './match-model.ts'

export const MATCH_WEIGHTS: MatchModel = {
  features: ['bias', 'centroidCosine', 'titleCentroidCosine', 'memberCosineMax', 'memberCosineMin', 'jaccardMax', 'entityShare', 'storyEntityCoverage', 'specificFigures', 'ruleMatch', 'conflict', 'hoursNearest', 'hoursFirst', 'crossLanguage', 'crossEntities', 'crossFigures', 'storySize', 'keyTermShare', 'storyKeyTermShare', 'titleNamesMissing', 'samePublisher', 'crossStorySize'],
  weights: [-2.8292, 7.229, -1.3438, 8.8107, 3.5341, 4.0999, 0.6277, -0.0042, 0.7156, 0.0247, -0.1653, -1.4772, 1.1602, -0.336, 2.439, 4.2515, -4.6779, 1.8129, 3.1273, -1.0838, -4.711, 2.8164],
  join: 0.4,
  merge: 0.8,
  related: 0.2,
}
