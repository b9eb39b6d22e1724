// Written by `npm run fit:clustering` (bench/stories/fit-clustering.ts): do not edit by hand; refit instead.
// Fitted on: real (811 articles), corpus (201 articles), unit (105 articles), site (40 articles).
import type { MatchModel } from './match-model.ts'

export const MATCH_WEIGHTS: MatchModel = {
  features: ['bias', 'centroidCosine', 'titleCentroidCosine', 'memberCosineMax', 'memberCosineMin', 'jaccardMax', 'entityShare', 'storyEntityCoverage', 'specificFigures', 'ruleMatch', 'conflict', 'hoursNearest', 'hoursFirst', 'crossLanguage', 'crossEntities', 'crossFigures', 'storySize', 'keyTermShare', 'storyKeyTermShare', 'titleNamesMissing', 'samePublisher', 'crossStorySize'],
  weights: [-2.4906, 7.008, -1.3714, 8.5636, 3.5483, 3.7413, 0.6668, -0.0596, 0.71, -0.0134, -0.0956, -1.4589, 1.1537, -0.4814, 2.3799, 4.2925, -4.7558, 1.6653, 3.0252, -1.3263, -4.7458, 2.9112],
  join: 0.4,
  merge: 0.8,
  related: 0.2,
}
