import { sql } from 'drizzle-orm'
import fc from 'fast-check'
import { beforeEach, describe, expect, it } from 'vitest'
import { articlePath, slugOfTitle, SLUG_FROM } from '../../../lib/news-address.ts'
import { db } from '../../db/client.ts'
import { createNews } from '../../demo/factories.ts'
import { publishDueNews } from '../../repos/news.repo.ts'
import { adminCookie, send } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { databaseDigest } from '../../../../tests/helpers/digest.ts'

beforeEach(resetDatabase)

/** The database's slug of each title (the function the publishing trigger calls). */
async function databaseSlugs(titles: readonly string[]): Promise<string[]> {
  const rows = await db().execute<{ slug: string }>(
    sql`select news_slug(t) as slug from unnest(${`{${titles.map((t) => `"${t.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]) with ordinality as u(t, n) order by n`,
  )
  return rows.map((r) => r.slug)
}

const body = { title: 'Spa report', author: 'Desk', content: '<p>Rain.</p>' }
const read = async (cookie: string, id: number) =>
  (await send('GET', `/api/admin/news/${id}`, { cookie })).body as { slug: string | null; updatedAt: string }

describe("an article's slug (issue 44, decision 0871)", () => {
  it('is made the same way by the database and by the editor, accents folded, at most 80 characters', async () => {
    const titles = [
      'Verstappen & Norris <tie> at the Nürburgring',
      'Le Mans Ultimate 1.3: what’s new?',
      'Škoda, Citroën, Peugeot – São Paulo, Kraków, Malmö, Ærø, Œuvre, Straße, Þingvellir, İstanbul',
      '24h Spa',
      '   --- ',
      '東京 e-Sports',
      'F1 2026 — 11 teams, 22 drivers, 24 races '.repeat(4),
    ]
    expect(await databaseSlugs(titles)).toEqual(titles.map(slugOfTitle))
    expect(titles.map(slugOfTitle).slice(0, 6)).toEqual([
      'verstappen-norris-tie-at-the-nurburgring',
      'le-mans-ultimate-1-3-what-s-new',
      'skoda-citroen-peugeot-sao-paulo-krakow-malmo-aero-oeuvre-strasse-thingvellir',
      '24h-spa',
      'article',
      'e-sports',
    ])
    expect(slugOfTitle(titles[6]!)).toBe('f1-2026-11-teams-22-drivers-24-races-f1-2026-11-teams-22-drivers-24-races-f1')
    expect(slugOfTitle('x'.repeat(100))).toBe('x'.repeat(80))

    // Any mix of ASCII, the folded letters and other characters: the same slug on both sides.
    const alphabet = [
      ...'aZ09 -_.!?&/',
      'Nordschleife ',
      'x'.repeat(30),
      ...SLUG_FROM,
      'ß',
      'Æ',
      'œ',
      'Þ',
      '東',
      'Ω',
      '€',
      '\u0301',
    ]
    const title = fc.array(fc.constantFrom(...alphabet), { maxLength: 120 }).map((cs) => cs.join(''))
    const samples = fc.sample(title, { numRuns: 300, seed: 44 })
    expect(await databaseSlugs(samples)).toEqual(samples.map(slugOfTitle))
  })

  it('is made from the title when the article is first published, and kept when the title changes', async () => {
    const cookie = await adminCookie()
    const draft = await createNews({ ...body, title: 'Working title', status: 'draft' })
    expect(draft.slug).toBeNull()
    // Renamed while a draft: the address follows the title until the article goes live.
    const renamed = await send('POST', `/api/admin/update-news-title/${draft.id}`, {
      cookie,
      body: { title: 'Rain at Spa: the 6 Hours stopped' },
    })
    expect(renamed.status).toBe(200)
    const published = await send('POST', `/api/admin/news/${draft.id}/publish`, { cookie })
    expect(published.body.slug).toBe('rain-at-spa-the-6-hours-stopped')

    const later = await send('POST', `/api/admin/update-news-title/${draft.id}`, {
      cookie,
      body: { title: 'Spa 6 Hours: restarted after two hours' },
    })
    expect(later.body.slug).toBe('rain-at-spa-the-6-hours-stopped')
    expect(articlePath(later.body)).toBe(`/news/${draft.id}/rain-at-spa-the-6-hours-stopped`)
  })

  it('is given to a scheduled article by the scheduler, from its title then', async () => {
    const scheduled = await createNews({
      ...body,
      title: 'Daytona: the grid',
      status: 'draft',
      publishAt: new Date(Date.now() - 60_000),
    })
    await publishDueNews()
    expect((await read(await adminCookie(), scheduled.id)).slug).toBe('daytona-the-grid')
  })

  it("is the owner's to change in the editor: words made of what was typed, empty for the title's again", async () => {
    const cookie = await adminCookie()
    const article = await createNews({ ...body, title: 'Spa report' })
    expect(article.slug).toBe('spa-report')
    const save = async (slug: string | undefined, title = body.title) =>
      send('PUT', `/api/news/${article.id}`, {
        cookie,
        body: {
          ...body,
          title,
          ...(slug === undefined ? {} : { slug }),
          baseUpdatedAt: (await read(cookie, article.id)).updatedAt,
        },
      })

    expect((await save('  Spa: 6 Hours, Rain! ')).body.slug).toBe('spa-6-hours-rain')
    // An edit that does not send it leaves it as it is.
    expect((await save(undefined, 'Spa, a new title')).body.slug).toBe('spa-6-hours-rain')
    expect((await save('', 'Spa, a new title')).body.slug).toBe('spa-a-new-title')

    const before = await databaseDigest()
    const refused = await save('!!! ---')
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({ message: 'The address needs at least one letter or digit (a-z, 0-9).' })
    expect(await databaseDigest()).toBe(before)
  })
})
