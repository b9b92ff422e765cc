/** The machine-readable files of the site: sitemap.xml, robots.txt and the RSS 2.0 news feed. */
import { articlePath, type Addressable } from './news-address.ts'
import { stripXmlIllegal } from './xml-text.ts'

/** Text as XML character data: escaped, and without the characters XML cannot carry at all. */
export function escapeXml(text: string): string {
  return stripXmlIllegal(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

/** An absolute URL on the site from a path. */
export const absoluteUrl = (site: string, path: string): string => new URL(path, `${site.replace(/\/$/, '')}/`).href

export interface SitemapEntry {
  path: string
  lastModified?: Date
}

export function sitemapXml(site: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((e) => {
    const lastmod = e.lastModified ? `<lastmod>${e.lastModified.toISOString()}</lastmod>` : ''
    return `  <url><loc>${escapeXml(absoluteUrl(site, e.path))}</loc>${lastmod}</url>`
  })
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

/** The hours a Google News sitemap looks back (Google: articles of the last two days). */
export const NEWS_SITEMAP_HOURS = 48

export interface NewsSitemapEntry extends Addressable {
  timestamp: Date
}

/**
 * A Google News sitemap (https://www.google.com/schemas/sitemap-news/0.9): each recent article
 * with the publication's name and language, its publication time and its title.
 */
export function newsSitemapXml(site: string, publication: string, entries: readonly NewsSitemapEntry[]): string {
  const urls = entries.map(
    (e) =>
      `  <url><loc>${escapeXml(absoluteUrl(site, articlePath(e)))}</loc><news:news>` +
      `<news:publication><news:name>${escapeXml(publication)}</news:name><news:language>en</news:language></news:publication>` +
      `<news:publication_date>${e.timestamp.toISOString()}</news:publication_date>` +
      `<news:title>${escapeXml(e.title)}</news:title></news:news></url>`,
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">\n${urls.join('\n')}${urls.length ? '\n' : ''}</urlset>\n`
}

export function robotsTxt(site: string): string {
  // The Open Graph cards are images for link previews: social crawlers honour robots.txt.
  return `User-agent: *\nAllow: /\nAllow: /api/og/\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${absoluteUrl(site, '/sitemap.xml')}\nSitemap: ${absoluteUrl(site, '/news-sitemap.xml')}\n`
}

export interface FeedItem extends Addressable {
  excerpt: string
  category: string
  author: string
  timestamp: Date
}

export interface FeedChannel {
  site: string
  title: string
  description: string
}

/** RSS 2.0 of the news, newest first as given. */
export function rssXml(channel: FeedChannel, items: readonly FeedItem[]): string {
  const feedUrl = absoluteUrl(channel.site, '/rss.xml')
  const entries = items.map((item) => {
    // The guid stays the address the item had before slugs (`/news/{id}`, which still leads to the
    // article): a feed reader takes a new guid for a new item, and would show every item again.
    const guid = absoluteUrl(channel.site, `/news/${item.id}`)
    return [
      '    <item>',
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${escapeXml(absoluteUrl(channel.site, articlePath(item)))}</link>`,
      `      <guid isPermaLink="true">${escapeXml(guid)}</guid>`,
      `      <description>${escapeXml(item.excerpt)}</description>`,
      `      <category>${escapeXml(item.category)}</category>`,
      `      <dc:creator>${escapeXml(item.author)}</dc:creator>`,
      `      <pubDate>${item.timestamp.toUTCString()}</pubDate>`,
      '    </item>',
    ].join('\n')
  })
  const lastBuild = items[0]?.timestamp ?? new Date(0)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    <title>${escapeXml(channel.title)}</title>`,
    `    <link>${escapeXml(absoluteUrl(channel.site, '/news'))}</link>`,
    `    <description>${escapeXml(channel.description)}</description>`,
    '    <language>en</language>',
    `    <lastBuildDate>${lastBuild.toUTCString()}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(feedUrl)}" rel="self" type="application/rss+xml" />`,
    ...entries,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
}
