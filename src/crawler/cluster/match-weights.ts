// Written by `npm run fit:clustering` (bench/stories/fit-clustering.ts): do not edit by hand; refit instead.
// Fitted on: real (811 articles), corpus (201 articles), unit (105 articles), site (40 articles).
import type { MatchModel } from './match-model.ts'

export const MATCH_WEIGHTS: MatchModel = {
  features: ['bias', 'centroidCosine', 'titleCentroidCosine', 'memberCosineMax', 'memberCosineMin', 'jaccardMax', 'entityShare', 'storyEntityCoverage', 'specificFigures', 'ruleMatch', 'conflict', 'hoursNearest', 'hoursFirst', 'crossLanguage', 'crossEntities', 'crossFigures', 'storySize', 'keyTermShare', 'storyKeyTermShare', 'titleNamesMissing', 'samePublisher', 'crossStorySize'],
  weights: [-2.5776, 7.0718, -1.3016, 8.645, 3.5585, 3.8418, 0.6781, 0.0547, 0.6768, -0.0149, -0.2044, -1.4896, 1.1627, -0.3572, 2.2612, 4.3193, -4.6896, 1.7052, 2.9577, -1.368, -4.7077, 2.9],
  join: 0.4,
  merge: 0.8,
  related: 0.2,
}
