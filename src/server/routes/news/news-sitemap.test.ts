import type { APIContext } from 'astro'
import { beforeEach, describe, expect, it } from 'vitest'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { GET as newsSitemap } from '../../../pages/news-sitemap.xml.ts'
import { GET as robots } from '../../../pages/robots.txt.ts'
import { createNews } from '../../demo/factories.ts'

beforeEach(resetDatabase)

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000)

async function render(handler: typeof newsSitemap) {
  const tags: string[] = []
  const res = await handler({
    site: new URL('https://site.test/'),
    cache: { set: (options: false | { tags?: string[] }) => options && tags.push(...(options.tags ?? [])) },
  } as unknown as APIContext)
  return { text: await res.text(), type: res.headers.get('content-type'), tags }
}

describe('the Google News sitemap (issue 44)', () => {
  it("lists the last 48 hours' published articles with their publication time and title, kept until the news changes", async () => {
    const fresh = await createNews({ title: 'Verstappen & Norris <tie>', timestamp: hoursAgo(2) })
    const yesterday = await createNews({ title: 'Le Mans Ultimate 1.3', timestamp: hoursAgo(30) })
    await createNews({ title: 'Three days old', timestamp: hoursAgo(72) })
    await createNews({ title: 'A draft', timestamp: hoursAgo(1), status: 'draft' })

    const { text, type, tags } = await render(newsSitemap)
    expect(type).toBe('application/xml; charset=utf-8')
    expect(tags).toContain('news')
    expect(text).toContain('xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"')
    const urls = [...text.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, url]) => url!)
    expect(urls.map((url) => /<loc>(.*?)<\/loc>/.exec(url)![1])).toEqual([
      `https://site.test/news/${fresh.id}/verstappen-norris-tie`,
      `https://site.test/news/${yesterday.id}/le-mans-ultimate-1-3`,
    ])
    expect(urls[0]).toContain(
      '<news:publication><news:name>SimRacing Hub</news:name><news:language>en</news:language></news:publication>',
    )
    expect(urls[0]).toContain(`<news:publication_date>${fresh.timestamp.toISOString()}</news:publication_date>`)
    expect(urls[0]).toContain('<news:title>Verstappen &amp; Norris &lt;tie&gt;</news:title>')
  })

  it('is named in robots.txt beside the sitemap', async () => {
    const { text } = await render(robots as typeof newsSitemap)
    expect(text).toContain('Sitemap: https://site.test/sitemap.xml\nSitemap: https://site.test/news-sitemap.xml\n')
  })
})
