import { openSqliteStore } from './src/storage/sqlite/sqlite-store.ts'
import { parseSearchTerms } from './src/domain/search-terms.ts'
const store = openSqliteStore('/tmp/newsdesk-bench-100000.db')
for (const [q, lang] of [['quetzalcoatl','en'],['halvorsen','en'],['inflation','en'],['inflation market','en'],['market growth deal','en'],['rev','en'],['halvorsen inflation','en'],['team launch','es'],['market','en']] as const) {
  const terms = parseSearchTerms(q)
  for (let i = 0; i < 5; i++) await store.searchStories({ terms, limit: 20, lang })
  const t = performance.now(); const N = 30
  for (let i = 0; i < N; i++) await store.searchStories({ terms, limit: 20, lang })
  console.log(q, lang, ((performance.now() - t) / N).toFixed(2), 'ms')
}
