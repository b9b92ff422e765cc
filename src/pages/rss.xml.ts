import { siteAddress } from '../server/pages/site-address.ts'
import type { APIRoute } from 'astro'
import { pageTags } from '../lib/cache-tags.ts'
import { rssXml } from '../lib/feeds.ts'
import { SITE_NAME } from '../lib/structured-data.ts'
import { listLatestNews } from '../server/repos/news.repo.ts'
import { getSeoSettings } from '../server/repos/seo.repo.ts'

/** Rendered on demand and kept at the CDN until the news changes (docs/decisions/0700). */
export const prerender = false

/** RSS 2.0 of the news, newest first (the 50 latest). */
export const GET: APIRoute = async ({ site, cache }) => {
  cache.set({ tags: [...pageTags['/rss.xml']!, 'seo'] })
  const [seo, items] = await Promise.all([getSeoSettings('news'), listLatestNews(50)])
  const xml = rssXml({ site: siteAddress(site), title: `${SITE_NAME} News`, description: seo.description }, items)
  return new Response(xml, { headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' } })
}
