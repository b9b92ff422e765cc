import { describe, expect, it } from 'vitest'
import { absoluteUrl, escapeXml, robotsTxt, rssXml, sitemapXml } from './feeds.ts'

const site = 'https://sim.example'

describe('escapeXml', () => {
  it('escapes the five XML characters', () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;',
    )
  })
})

describe('absoluteUrl', () => {
  it('joins the site and a path', () => {
    expect(absoluteUrl('https://sim.example/', '/news/1')).toBe('https://sim.example/news/1')
    expect(absoluteUrl(site, '/')).toBe('https://sim.example/')
  })
})

describe('sitemapXml', () => {
  it('lists absolute URLs with their dates', () => {
    const xml = sitemapXml(site, [{ path: '/' }, { path: '/news/3', lastModified: new Date('2026-11-01T00:00:00Z') }])
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(xml).toContain('<url><loc>https://sim.example/</loc></url>')
    expect(xml).toContain('<url><loc>https://sim.example/news/3</loc><lastmod>2026-11-01T00:00:00.000Z</lastmod></url>')
  })
})

describe('robotsTxt', () => {
  it('points to the sitemap and keeps crawlers out of the admin and the API', () => {
    const txt = robotsTxt(site)
    expect(txt).toContain('Sitemap: https://sim.example/sitemap.xml')
    expect(txt).toContain('Disallow: /admin')
  })

  it('lets crawlers fetch the Open Graph cards and nothing else of the API (longest rule wins, RFC 9309)', () => {
    const rules = robotsTxt(site)
      .split('\n')
      .map((line) => /^(Allow|Disallow): (.+)$/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map(([, kind, path]) => ({ allow: kind === 'Allow', path: path! }))
    const allowed = (path: string) => {
      const matching = rules.filter((r) => path.startsWith(r.path)).sort((a, b) => b.path.length - a.path.length)
      return matching[0]?.allow ?? true
    }
    expect(allowed('/api/og/news/2')).toBe(true)
    expect(allowed('/api/og/page/home')).toBe(true)
    expect(allowed('/api/news')).toBe(false)
    expect(allowed('/admin')).toBe(false)
    expect(allowed('/news/2')).toBe(true)
  })
})

describe('rssXml', () => {
  it('is RSS 2.0 with one escaped item per article, linked at its address with words', () => {
    const xml = rssXml({ site, title: 'News', description: 'All of it' }, [
      {
        id: 7,
        slug: 'spa-and-monza',
        title: 'Spa & Monza <live>',
        excerpt: 'x',
        category: 'F1 News',
        author: 'Ann',
        timestamp: new Date('2026-11-02T10:00:00Z'),
      },
    ])
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/)
    expect(xml).toContain('<title>Spa &amp; Monza &lt;live&gt;</title>')
    expect(xml).toContain('<link>https://sim.example/news/7/spa-and-monza</link>')
    // The guid is the address the item had before slugs: a feed reader would show it again as new.
    expect(xml).toContain('<guid isPermaLink="true">https://sim.example/news/7</guid>')
    expect(xml).toContain('<pubDate>Mon, 02 Nov 2026 10:00:00 GMT</pubDate>')
    expect(xml).toContain('<atom:link href="https://sim.example/rss.xml" rel="self" type="application/rss+xml" />')
  })

  it('leaves out characters XML cannot carry, which make the whole feed unreadable', () => {
    const xml = rssXml({ site, title: 'News', description: 'All' }, [
      {
        id: 8,
        title: 'Pole\u0001 position\u001f',
        excerpt: 'Wet\u000b track',
        category: 'F1\uFFFF',
        author: 'Ann\u0008',
        timestamp: new Date('2026-11-02T10:00:00Z'),
      },
    ])
    expect(xml).toContain('<title>Pole position</title>')
    expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/)
  })
})
