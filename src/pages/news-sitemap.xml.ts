import { siteAddress } from '../server/pages/site-address.ts'
import type { APIRoute } from 'astro'
import { pageTags } from '../lib/cache-tags.ts'
import { NEWS_SITEMAP_HOURS, newsSitemapXml } from '../lib/feeds.ts'
import { SITE_NAME } from '../lib/structured-data.ts'
import { listNewsPublishedSince } from '../server/repos/news.repo.ts'

/**
 * Rendered on demand and kept at the CDN until the news changes (docs/decisions/0700): between two
 * writes an article past its 48 hours stays listed, which Google allows (it reads the last two days'
 * articles of a news sitemap and ignores older ones).
 */
export const prerender = false

/** The Google News sitemap: every article published in the last 48 hours (issue 44). */
export const GET: APIRoute = async ({ site, cache }) => {
  cache.set({ tags: [...pageTags['/news-sitemap.xml']!] })
  const since = new Date(Date.now() - NEWS_SITEMAP_HOURS * 3_600_000)
  const xml = newsSitemapXml(siteAddress(site), SITE_NAME, await listNewsPublishedSince(since))
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } })
}
