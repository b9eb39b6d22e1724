/**
 * The corpus as a publisher site on 127.0.0.1, laid out the way real outlets publish: full-text RSS, Atom and JSON
 * feeds whose items end in the outlet's newsletter/feed footer, and teaser feeds whose pages hold the article among
 * a cookie banner, navigation, a share bar, a newsletter box, "read more" links and a copyright footer. Every
 * article is dated relative to the site's start, so the crawl reads a backlog of up to a week at once.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { CorpusArticle, Outlet, StoryCorpus } from './corpus.ts'

/** Feed and page footers per language; each outlet uses one variant (by its position). */
const FOOTERS: Record<string, string[][]> = {
  en: [
    ['Forward it to a colleague: if someone forwarded you this briefing, sign up here to get it every morning.', 'Read more: {other}'],
    ['The post {title} appeared first on {outlet}.'],
    ['Enjoyed this story? Share it with a friend on LinkedIn, X or by email.', 'Subscribe to {outlet} for unlimited access to our journalism.'],
  ],
  es: [
    ['¿Te han reenviado este boletín? Suscríbete gratis y recíbelo cada mañana en tu correo.', 'Lee también: {other}'],
    ['Comparte esta noticia en tus redes sociales.', 'La entrada {title} se publicó primero en {outlet}.'],
  ],
  de: [
    ['Wurde Ihnen dieser Newsletter weitergeleitet? Hier können Sie ihn kostenlos abonnieren.', 'Mehr zum Thema: {other}'],
    ['Teilen Sie diesen Artikel per E-Mail oder auf LinkedIn.', 'Der Beitrag {title} erschien zuerst auf {outlet}.'],
  ],
  fr: [
    ["Cette lettre vous a été transférée ? Inscrivez-vous gratuitement pour la recevoir chaque matin.", 'À lire aussi : {other}'],
    ['Partagez cet article sur les réseaux sociaux.', "L'article {title} est apparu en premier sur {outlet}."],
  ],
}

/**
 * Substrings that only boilerplate contains (lower case): a story whose summary or cards hold one has boilerplate.
 * The page chrome's and every footer's distinctive words, in the four languages.
 */
export const BOILERPLATE_MARKERS = [
  'forward it to a colleague', 'forwarded you', 'sign up here', 'appeared first on', 'share it with a friend',
  'subscribe to', 'unlimited access', 'read more:', 'te han reenviado', 'suscríbete', 'lee también', 'comparte esta',
  'se publicó primero', 'weitergeleitet', 'kostenlos abonnieren', 'mehr zum thema', 'teilen sie diesen',
  'erschien zuerst', 'vous a été transférée', 'inscrivez-vous', 'à lire aussi', 'partagez cet article',
  'apparu en premier', 'we use cookies', 'accept all', 'all rights reserved', 'get the morning newsletter',
  'advertisement', 'más información', 'weiterlesen',
]

export interface CorpusSite {
  url: string
  /** The URL the crawler stores for an article (its canonical URL). */
  articleUrl(a: CorpusArticle): string
  directory: Array<{ name: string, site_url: string, feed_url: string, topic: string, lang: string }>
  stop(): Promise<void>
}

/** Items a feed lists at most (newest first), as real feeds keep their latest 20–50. */
const FEED_ITEMS = 30

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * `visible`: which articles the feeds list now (all by default): a replay shows each article from its publication
 * time on, as the outlet's feed did. Feeds list their 30 newest visible items, as real feeds do.
 */
export async function startCorpusSite(corpus: StoryCorpus, startedAt = Date.now(), visible: (a: CorpusArticle) => boolean = () => true): Promise<CorpusSite> {
  const byOutlet = new Map<string, CorpusArticle[]>()
  for (const a of corpus.articles) byOutlet.set(a.outlet, [...(byOutlet.get(a.outlet) ?? []), a])
  const outlets = new Map(corpus.outlets.map((o) => [o.slug, o]))
  let base = ''
  const articleUrl = (a: CorpusArticle) => `${base}/${a.outlet}/${encodeURIComponent(a.id)}.html`
  const published = (a: CorpusArticle) => new Date(startedAt - a.hoursAgo * 3_600_000)

  const footer = (o: Outlet, a: CorpusArticle): string[] => {
    const variants = FOOTERS[o.lang] ?? FOOTERS.en!
    const variant = variants[corpus.outlets.indexOf(o) % variants.length]!
    const other = (byOutlet.get(o.slug) ?? []).find((x) => x !== a)
    return variant.map((line) => line.replace('{title}', a.title).replace('{outlet}', o.name).replace('{other}', other?.title ?? o.name))
  }
  const fullHtml = (o: Outlet, a: CorpusArticle) =>
    [...a.paragraphs, ...footer(o, a)].map((p) => `<p>${esc(p)}</p>`).join('\n')
  const teaser = (a: CorpusArticle) => {
    const first = a.paragraphs[0] ?? ''
    return first.length <= 180 ? first : `${first.slice(0, first.lastIndexOf(' ', 170))} […]`
  }

  const rss = (o: Outlet, items: CorpusArticle[], full: boolean) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel><title>${esc(o.name)}</title><link>${base}/${o.slug}/</link><description>${esc(o.name)}</description><language>${o.lang}</language>
${items.map((a) => `<item><title>${esc(a.title)}</title><link>${articleUrl(a)}?utm_source=rss</link><guid isPermaLink="false">${esc(`${o.slug}-${a.id}`)}</guid>
<pubDate>${published(a).toUTCString()}</pubDate>
<description>${esc(teaser(a))}</description>${full ? `\n<content:encoded><![CDATA[${fullHtml(o, a)}]]></content:encoded>` : ''}</item>`).join('\n')}
</channel></rss>`
  const atom = (o: Outlet, items: CorpusArticle[]) => `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${o.lang}"><title>${esc(o.name)}</title><id>${base}/${o.slug}/</id>
<updated>${new Date(startedAt).toISOString()}</updated><link href="${base}/${o.slug}/"/>
${items.map((a) => `<entry><title>${esc(a.title)}</title><id>${esc(`tag:${o.slug},2026:${a.id}`)}</id><link href="${articleUrl(a)}"/>
<published>${published(a).toISOString()}</published><updated>${published(a).toISOString()}</updated>
<summary>${esc(teaser(a))}</summary><content type="html">${esc(fullHtml(o, a))}</content></entry>`).join('\n')}
</feed>`
  const json = (o: Outlet, items: CorpusArticle[]) => JSON.stringify({
    version: 'https://jsonfeed.org/version/1.1', title: o.name, home_page_url: `${base}/${o.slug}/`, language: o.lang,
    items: items.map((a) => ({ id: `${o.slug}-${a.id}`, url: articleUrl(a), title: a.title, date_published: published(a).toISOString(), summary: teaser(a), content_html: fullHtml(o, a) })),
  })
  const page = (o: Outlet, a: CorpusArticle) => {
    const related = (byOutlet.get(o.slug) ?? []).filter((x) => x !== a).slice(0, 4)
    const chrome = FOOTERS[o.lang] ?? FOOTERS.en!
    return `<!DOCTYPE html>
<html lang="${o.lang}"><head><meta charset="utf-8"><title>${esc(a.title)} | ${esc(o.name)}</title>
<meta property="og:title" content="${esc(a.title)}"><meta property="og:type" content="article">
<meta property="article:published_time" content="${published(a).toISOString()}"><link rel="canonical" href="${articleUrl(a)}">
</head><body>
<div class="cookie-consent">We use cookies to improve your experience. <button>Accept all</button></div>
<header><a href="/${o.slug}/">${esc(o.name)}</a><nav><a href="/${o.slug}/markets">Markets</a> <a href="/${o.slug}/companies">Companies</a> <a href="/${o.slug}/subscribe">Subscribe</a></nav></header>
<main><article><h1>${esc(a.title)}</h1><time datetime="${published(a).toISOString()}"></time>
<div class="share-bar"><a href="#">Share</a> <a href="#">Tweet</a> <a href="#">Email</a></div>
<div class="article-body">
${a.paragraphs.map((p, i) => `<p>${esc(p)}</p>${i === 0 ? '\n<div class="ad"><span>Advertisement</span></div>' : ''}`).join('\n')}
</div>
<aside class="newsletter"><h3>Get the morning newsletter</h3><p>${esc(chrome[0]![0]!)}</p><form><input type="email"><button>OK</button></form></aside>
</article>
<section class="related"><h2>Read more</h2><ul>${related.map((r) => `<li><a href="${articleUrl(r)}">${esc(r.title)}</a></li>`).join('')}</ul></section></main>
<footer><p>© 2026 ${esc(o.name)}. All rights reserved.</p></footer>
</body></html>`
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type })
      res.end(body)
    }
    if (url.pathname === '/robots.txt') return send(200, 'text/plain', 'User-agent: *\nAllow: /\n')
    const m = /^\/([a-z0-9-]+)\/(feed|([^/]+)\.html)$/.exec(url.pathname)
    const o = m ? outlets.get(m[1]!) : undefined
    if (!m || !o) return send(404, 'text/plain', 'not found')
    const items = byOutlet.get(o.slug) ?? []
    if (m[2] === 'feed') {
      const listed = items.filter(visible).sort((x, y) => x.hoursAgo - y.hoursAgo).slice(0, FEED_ITEMS)
      return sendFeed(o, listed)
    }
    const a = items.find((x) => encodeURIComponent(x.id) === m[3])
    if (!a) return send(404, 'text/plain', 'not found')
    return send(200, 'text/html; charset=utf-8', page(o, a))

    function sendFeed(o: Outlet, items: CorpusArticle[]) {
      if (o.layout === 'rss-full') return send(200, 'application/rss+xml; charset=utf-8', rss(o, items, true))
      if (o.layout === 'rss-teaser') return send(200, 'application/rss+xml; charset=utf-8', rss(o, items, false))
      if (o.layout === 'atom-full') return send(200, 'application/atom+xml; charset=utf-8', atom(o, items))
      return send(200, 'application/feed+json; charset=utf-8', json(o, items))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url: base,
    articleUrl,
    directory: corpus.outlets.map((o) => ({ name: o.name, site_url: `${base}/${o.slug}/`, feed_url: `${base}/${o.slug}/feed`, topic: o.topic, lang: o.lang })),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
