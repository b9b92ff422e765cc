import { siteAddress } from '../server/pages/site-address.ts'
import type { APIRoute } from 'astro'
import { pageTags } from '../lib/cache-tags.ts'
import { sitemapXml, type SitemapEntry } from '../lib/feeds.ts'
import { listNewsSitemap } from '../server/repos/news.repo.ts'

/** Rendered on demand and kept at the CDN until the news changes (docs/decisions/0700). */
export const prerender = false

/** Every public page and published article. */
const staticPaths = [
  '/',
  '/games',
  '/accessories',
  '/championships',
  '/lap-times',
  '/calendar',
  '/streaming',
  '/news',
  '/reviews',
]

export const GET: APIRoute = async ({ site, cache }) => {
  cache.set({ tags: [...pageTags['/sitemap.xml']!] })
  const articles = await listNewsSitemap()
  const entries: SitemapEntry[] = [
    ...staticPaths.map((path) => ({ path })),
    ...articles.map((a) => ({ path: `/news/${a.id}`, lastModified: a.updatedAt })),
  ]
  return new Response(sitemapXml(siteAddress(site), entries), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  })
}
