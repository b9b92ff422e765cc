import type { APIRoute } from 'astro'
import { sitemapXml, type SitemapEntry } from '../lib/feeds.ts'
import { listNews } from '../server/repos/news.repo.ts'

/** Every public page and article, written at build time. */
const staticPaths = ['/', '/games', '/accessories', '/championships', '/lap-times', '/streaming', '/news', '/reviews']

export const GET: APIRoute = async ({ site }) => {
  const articles = await listNews()
  const entries: SitemapEntry[] = [
    ...staticPaths.map((path) => ({ path })),
    ...articles.map((a) => ({ path: `/news/${a.id}`, lastModified: a.updatedAt })),
  ]
  return new Response(sitemapXml(site?.href ?? 'http://localhost:8888/', entries), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
  })
}
