// Written by `npm run fit:clustering` (bench/stories/fit-clustering.ts): do not edit by hand; refit instead.
// Fitted on: real (811 articles), corpus (201 articles), unit (105 articles), site (40 articles).
import type { MatchModel } from './match-model.ts'

export const MATCH_WEIGHTS: MatchModel = {
  features: ['bias', 'centroidCosine', 'titleCentroidCosine', 'memberCosineMax', 'memberCosineMin', 'jaccardMax', 'entityShare', 'storyEntityCoverage', 'specificFigures', 'ruleMatch', 'conflict', 'hoursNearest', 'hoursFirst', 'crossLanguage', 'crossEntities', 'crossFigures', 'storySize', 'keyTermShare', 'storyKeyTermShare', 'titleNamesMissing', 'samePublisher', 'crossStorySize'],
  weights: [-2.9255, 7.2759, -1.4313, 8.8373, 3.6356, 4.0883, 0.6424, 0.1832, 0.7097, 0.0168, -0.1293, -1.4721, 1.1476, -0.3078, 2.4097, 4.2979, -4.7014, 1.8305, 3.1653, -1.1017, -4.7711, 2.8529],
  join: 0.4,
  merge: 0.8,
  related: 0.2,
}
