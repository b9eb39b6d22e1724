/**
 * A bridge, by construction: a model that decides by shared specific figures alone (σ(−6 + 12·f), f the
 * specificFigures feature: log(1 + the figures' weights), and each figure here weighs 2, so one shared figure is
 * f = ln 3 and p = 0.9992, none p = 0.0025), and three reports of a strike at Port Calder. `strike` states 2,340
 * dockers, `cost` $48.5 million, and `bridge` both: the first two never join each other, the third reaches both.
 * For the tests of what assignment and the pipeline do with a bridge (merges, survivors, redirects), whatever the
 * fitted weights are.
 */
import type { ClusterArticle } from '../fingerprint.ts'
import { FEATURES } from '../match-features.ts'
import type { MatchModel } from '../match-model.ts'

export const FIGURES_ONLY: MatchModel = {
  features: [...FEATURES],
  weights: FEATURES.map((f) => (f === 'bias' ? -6 : f === 'specificFigures' ? 12 : 0)),
  join: 0.5,
  merge: 0.8,
  related: 0.2,
}

export const BRIDGE_T0 = Date.UTC(2026, 10, 20, 8)
const H = 3_600_000

export interface BridgeArticle extends ClusterArticle {
  id: string
}

const article = (id: string, hours: number, publisherId: string, title: string, teaserText: string): BridgeArticle => ({
  id, title, teaserText, fullText: null, language: 'en', publishedAt: new Date(BRIDGE_T0 + hours * H).toISOString(), publisherId,
})

export const STRIKE = article('strike', 0, 'gazette', 'Dockers walk out at Port Calder', 'About 2,340 dockers stopped work at Port Calder on Monday over pay.')
export const COST = article('cost', 1, 'ledger', 'Port operator counts the cost of the stoppage', 'Calder Port Holdings said the stoppage would cost it $48.5 million.')
export const BRIDGE = article('bridge', 2, 'wire', 'Strike by 2,340 dockers to cost Calder $48.5 million', 'The walkout by 2,340 dockers will cost the port operator $48.5 million, it said.')
export const BRIDGE_ARTICLES = [STRIKE, COST, BRIDGE] as const
