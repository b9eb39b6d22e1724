// Written by `npm run fit:clustering` (bench/stories/fit-clustering.ts): do not edit by hand; refit instead.
// Fitted on: real (811 articles), corpus (201 articles), unit (105 articles), site (40 articles).
import type { MatchModel } from './match-model.ts'

export const MATCH_WEIGHTS: MatchModel = {
  features: ['bias', 'centroidCosine', 'titleCentroidCosine', 'memberCosineMax', 'memberCosineMin', 'jaccardMax', 'entityShare', 'storyEntityCoverage', 'specificFigures', 'ruleMatch', 'conflict', 'hoursNearest', 'hoursFirst', 'crossLanguage', 'crossEntities', 'crossFigures', 'storySize', 'keyTermShare', 'storyKeyTermShare', 'titleNamesMissing', 'samePublisher', 'crossStorySize'],
  weights: [-2.8159, 7.2245, -1.3104, 8.8009, 3.5056, 4.1595, 0.6088, 0.0194, 0.7113, 0.022, -0.1737, -1.4873, 1.1629, -0.3343, 2.4327, 4.2633, -4.6929, 1.8179, 3.1288, -1.1016, -4.7176, 2.8306],
  join: 0.4,
  merge: 0.8,
  related: 0.2,
}
