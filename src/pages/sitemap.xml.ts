import { siteAddress } from '../server/pages/site-address.ts'
import type { APIRoute } from 'astro'
import { pageTags } from '../lib/cache-tags.ts'
import { articlePath } from '../lib/news-address.ts'
import { readerPages } from '../lib/public-pages.ts'
import { sitemapXml, type SitemapEntry } from '../lib/feeds.ts'
import { pageChangeTimes } from '../server/cdn/page-changes.ts'
import { listNewsSitemap } from '../server/repos/news.repo.ts'
import { listPublicStandings } from '../server/features/calendar/index.ts'

/** Rendered on demand and kept at the CDN until the news changes (docs/decisions/0700). */
export const prerender = false

export const GET: APIRoute = async ({ site, cache }) => {
  cache.set({ tags: [...pageTags['/sitemap.xml']!] })
  const [articles, changed, championships] = await Promise.all([
    listNewsSitemap(),
    pageChangeTimes(),
    listPublicStandings(),
  ])
  // An article's lastmod is its own last change (what its page shows); a list page's is when its
  // content last reached visitors: the purge of its tags (src/server/cdn/page-changes.ts).
  const entries: SitemapEntry[] = [
    // Every page readers visit (src/lib/public-pages.ts), then every published article and championship.
    ...readerPages.map((path) => ({ path, lastModified: changed.get(path) })),
    ...articles.map((a) => ({ path: articlePath(a), lastModified: a.updatedAt })),
    // Each championship's own page (docs/decisions/0873), last changed with its table.
    ...championships.map((c) => ({ path: c.path, lastModified: c.lastUpdated })),
  ]
  return new Response(sitemapXml(siteAddress(site), entries), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  })
}
