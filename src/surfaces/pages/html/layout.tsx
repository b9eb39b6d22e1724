import type { Child } from 'hono/jsx'
import { LANGUAGES, type Language } from '../../../domain/languages.ts'
import type { Category } from '../../../query/views.ts'
import { documentPath, languageName, pageHref, topicPath } from '../links.ts'
import type { PageContext } from '../models.ts'
import type { UiStrings } from '../ui-strings.ts'
import { FEED_FORMATS, FEED_FORMAT_NAMES, FEED_MEDIA_TYPES, feedHref, feedTargetsForPage } from '../../feeds/feed-urls.ts'

export const dirOf = (lang: Language) => (lang === 'ar' ? 'rtl' : 'ltr')

export interface LayoutProps {
  ctx: PageContext
  t: UiStrings
  title: string
  description: string
  topics: Category[]
  /** Extra query parameters of this page that its language and format links must keep (the search query). */
  keep?: Record<string, string>
  stylesheet: string
  /** Search results: useful to readers, but not pages for search engines to index. */
  noindex?: boolean
  /** A list page's neighbours (`<link rel="prev">` and `rel="next"`), as page addresses. */
  pageLinks?: { prev?: string; next?: string }
  children: Child
}

/** The frame of every page: landmarks, one search form, topic navigation, language switcher and footer. */
export function Layout({ ctx, t, title, description, topics, keep = {}, stylesheet, noindex = false, pageLinks, children }: LayoutProps) {
  const here = (lang: Language, format: 'html' | 'markdown' = 'html') => pageHref(ctx.path, lang, format, keep)
  const link = (path: string) => pageHref(path, ctx.lang)
  return (
    <html lang={ctx.lang} dir={dirOf(ctx.lang)}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <title>{`${title} · Newsdesk`}</title>
        <meta name="description" content={description} />
        {noindex ? <meta name="robots" content="noindex, follow" /> : null}
        <link rel="stylesheet" href={stylesheet} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="canonical" href={`${ctx.siteUrl}${here(ctx.lang)}`} />
        <link rel="alternate" type="text/markdown" href={`${ctx.siteUrl}${here(ctx.lang, 'markdown')}`} />
        {LANGUAGES.map((lang) => <link rel="alternate" hreflang={lang} href={`${ctx.siteUrl}${here(lang)}`} />)}
        {/* Feed autodiscovery: the page's own feed first, then the home edition's. */}
        {feedTargetsForPage(ctx.path, keep.q).flatMap((target) => FEED_FORMATS.map((format) => (
          <link rel="alternate" type={FEED_MEDIA_TYPES[format]} title={`${target.kind === 'latest' ? t.latestStories : title} (${FEED_FORMAT_NAMES[format]})`} href={`${ctx.siteUrl}${feedHref(target, format, ctx.lang)}`} />
        )))}
        {pageLinks?.prev !== undefined ? <link rel="prev" href={`${ctx.siteUrl}${pageLinks.prev}`} /> : null}
        {pageLinks?.next !== undefined ? <link rel="next" href={`${ctx.siteUrl}${pageLinks.next}`} /> : null}
        <link rel="api-catalog" href="/.well-known/api-catalog" />
      </head>
      <body>
        <a class="skip-link" href="#main">{t.skipToContent}</a>
        <header class="site-header">
          <div class="wrap header-row">
            <a class="brand" href={link('/')}>Newsdesk</a>
            <form class="search" role="search" action="/search" method="get">
              <label class="visually-hidden" for="search-q">{t.search}</label>
              <input id="search-q" name="q" type="search" minlength={2} maxlength={256} required placeholder={t.searchPlaceholder} value={keep.q ?? ''} />
              {ctx.lang !== 'en' ? <input type="hidden" name="lang" value={ctx.lang} /> : null}
              <button type="submit">{t.search}</button>
            </form>
          </div>
          <nav class="wrap topics-nav" aria-label={t.mainNavigation}>
            <ul>
              {topics.map((c) => (
                <li><a href={link(topicPath(c.slug))} aria-current={ctx.path === topicPath(c.slug) ? 'page' : undefined}>{c.name}</a></li>
              ))}
            </ul>
          </nav>
        </header>
        <main id="main" class="wrap" tabindex={-1}>{children}</main>
        <footer class="site-footer">
          <div class="wrap">
            <nav aria-label={t.language}>
              <ul class="languages">
                {LANGUAGES.map((lang) => (
                  <li>
                    <a href={here(lang)} hreflang={lang} lang={lang} aria-current={lang === ctx.lang ? 'true' : undefined}>{languageName(lang, { capitalized: true })}</a>
                  </li>
                ))}
              </ul>
            </nav>
            <p>{t.footerCitation}</p>
            <p>{t.footerAnonymous}</p>
            <ul class="footer-links">
              <li><a href={link('/sources')}>{t.allPublishers}</a></li>
              <li><a href={link(documentPath('pricing'))}>{t.pricing}</a></li>
              <li><a href={link(documentPath('terms'))}>{t.terms}</a></li>
              <li><a href={link(documentPath('privacy'))}>{t.privacy}</a></li>
              <li><a href={link(documentPath('refund'))}>{t.refund}</a></li>
              <li><a href="/llms.txt">{t.forAgents}</a></li>
              <li><a href="/openapi.json">{t.apiDocs}</a></li>
              <li><a href={here(ctx.lang, 'markdown')} type="text/markdown">{t.markdownVersion}</a></li>
            </ul>
          </div>
        </footer>
      </body>
    </html>
  )
}
