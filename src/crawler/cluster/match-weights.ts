// Written by `npm run fit:clustering` (bench/stories/fit-clustering.ts): do not edit by hand; refit instead.
// Fitted on: real (811 articles), corpus (201 articles), unit (105 articles), site (40 articles).
import type { MatchModel } from './match-model.ts'

export const MATCH_WEIGHTS: MatchModel = {
  features: ['bias', 'centroidCosine', 'titleCentroidCosine', 'memberCosineMax', 'memberCosineMin', 'jaccardMax', 'entityShare', 'storyEntityCoverage', 'specificFigures', 'ruleMatch', 'conflict', 'hoursNearest', 'hoursFirst', 'crossLanguage', 'crossEntities', 'crossFigures', 'storySize', 'keyTermShare', 'storyKeyTermShare', 'titleNamesMissing', 'samePublisher', 'crossStorySize'],
  weights: [-2.7895, 7.2186, -1.4977, 8.7858, 3.5528, 4.1776, 0.6258, -0.0843, 0.7049, 0.0395, -0.1661, -1.484, 1.1717, -0.3466, 2.4486, 4.2541, -4.7022, 1.7944, 3.1647, -1.1044, -4.69, 2.8235],
  join: 0.4,
  merge: 0.8,
  related: 0.2,
}
