import { clusterArticle } from '../../src/crawler/cluster/assign-cluster.ts'
import { ClusterIndex } from '../../src/crawler/cluster/cluster-state.ts'
import { loadMatchModel, defaultModel } from '../../src/crawler/cluster/match-model.ts'
import { PUBLISHERS } from '../../test/fixtures/publishers-site/content.ts'
const model = process.argv[2] ? loadMatchModel(process.argv[2]) : defaultModel()
const now = Date.UTC(2026, 10, 20, 12)
const arts = PUBLISHERS.flatMap((p) => p.articles.map((a) => ({ id: `${p.slug}/${a.slug}`, event: a.event ?? null, t: now - a.minutesAgo * 60000,
  article: { title: a.title, teaserText: a.lead, fullText: [a.lead, ...a.body].join('\n\n'), language: p.lang, publishedAt: new Date(now - a.minutesAgo * 60000).toISOString(), publisherId: p.slug } })))
  .sort((x, y) => x.t - y.t)
const index = new ClusterIndex()
const got = new Map<string, string>()
for (const a of arts) { const r = clusterArticle(a.article, a.id, a.id, { index, now, model }); got.set(a.id, r.clusterId) }
const groups = new Map<string, string[]>()
for (const a of arts) { const c = index.get(got.get(a.id)!)?.id ?? got.get(a.id)!; groups.set(c, [...(groups.get(c) ?? []), `${a.id}[${a.event ?? '-'}]`]) }
for (const g of groups.values()) if (g.length > 1 || !g[0]!.endsWith('[-]')) console.log(g.join('  '))
