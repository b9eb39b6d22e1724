// Written by `npm run fit:clustering` (bench/stories/fit-clustering.ts): do not edit by hand; refit instead.
// Fitted on: real (811 articles), corpus (201 articles), unit (105 articles), site (40 articles).
import type { MatchModel } from './match-model.ts'

export const MATCH_WEIGHTS: MatchModel = {
  features: ['bias', 'centroidCosine', 'titleCentroidCosine', 'memberCosineMax', 'memberCosineMin', 'jaccardMax', 'entityShare', 'storyEntityCoverage', 'specificFigures', 'ruleMatch', 'conflict', 'hoursNearest', 'hoursFirst', 'crossLanguage', 'crossEntities', 'crossFigures', 'storySize', 'keyTermShare', 'storyKeyTermShare', 'titleNamesMissing', 'samePublisher', 'crossStorySize'],
  weights: [-2.5834, 7.0951, -1.2562, 8.6656, 3.5899, 3.9134, 0.6839, 0.0551, 0.6881, -0.0747, -0.2194, -1.49, 1.1626, -0.3555, 2.268, 4.3454, -4.6922, 1.6972, 2.9532, -1.3661, -4.7172, 2.903],
  join: 0.4,
  merge: 0.8,
  related: 0.2,
}
