import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { createAccessory, createGame } from '../../demo/factories.ts'
import { adminCookie, send } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { databaseDigest } from '../../../../tests/helpers/digest.ts'
import { db } from '../../db/client.ts'
import { createGoApp } from './go.routes.ts'
import { FLOOD_MAX_PER_MINUTE, NETWORK_MAX_PER_MINUTE, recordEvent } from './record.ts'
import { campaignFigures } from './campaign-figures.ts'
import { foldDay } from './fold.ts'

const go = createGoApp()
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36'

function visit(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return go.request(
    path,
    { method, headers: { 'user-agent': CHROME, ...headers } },
    { context: { ip: '198.51.100.4' } },
  )
}

const clicks = async () =>
  (await db().execute<{ n: number }>(sql`select count(*)::int as n from analytics_events where kind = 'click'`))[0]!.n

beforeEach(async () => resetDatabase())

describe('/go/{kind}/{id}', () => {
  it("redirects to the hardware item's purchase link and the game's website, never kept, counted once per click", async () => {
    const wheel = await createAccessory({ purchaseUrl: 'https://shop.example/wheel?ref=site' })
    const game = await createGame({ websiteUrl: 'https://www.iracing.com' })
    const res = await visit(`/go/hardware/${wheel.id}`)
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('https://shop.example/wheel?ref=site')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    const site = await visit(`/go/game/${game.id}`)
    expect(site.status).toBe(302)
    expect(site.headers.get('location')).toBe('https://www.iracing.com')
    expect(await clicks()).toBe(2)

    const cookie = await adminCookie()
    const items = (await send('GET', '/api/admin/analytics/clicks', { cookie })).body.items
    expect(items).toContainEqual(expect.objectContaining({ kind: 'hardware', id: wheel.id, clicks7: 1, clicks30: 1 }))
    expect(items).toContainEqual(expect.objectContaining({ kind: 'game', id: game.id, clicks7: 1, clicks30: 1 }))
  })

  it('redirects crawlers, prefetches, HEAD, Sec-GPC and the owner too, without counting them', async () => {
    const wheel = await createAccessory({ purchaseUrl: 'https://shop.example/wheel' })
    const { id } = wheel
    const cookie = await adminCookie()
    for (const [headers, method] of [
      [{ 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }, 'GET'],
      [{ 'user-agent': 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)' }, 'GET'],
      [{ 'sec-purpose': 'prefetch' }, 'GET'],
      [{ purpose: 'prefetch' }, 'GET'],
      [{ 'sec-gpc': '1' }, 'GET'],
      [{ cookie }, 'GET'],
      [{}, 'HEAD'],
    ] as const) {
      const res = await visit(`/go/hardware/${id}`, headers, method)
      expect(res.status, JSON.stringify(headers)).toBe(302)
      expect(res.headers.get('location')).toBe('https://shop.example/wheel')
    }
    expect(await clicks()).toBe(0)
  })

  it('is a 404 for an unknown kind or item, an item without an address, and never goes where the request says', async () => {
    const wheel = await createAccessory({ purchaseUrl: 'https://shop.example/wheel' })
    const noSite = await createGame({ websiteUrl: null })
    const blankSite = await createGame({ websiteUrl: '   ' })
    const before = await databaseDigest()
    for (const path of [
      `/go/shop/${wheel.id}`,
      `/go/hardware/${wheel.id + 100}`,
      `/go/hardware/0${wheel.id}`,
      '/go/hardware/abc',
      '/go/hardware/99999999999',
      `/go/game/${noSite.id}`,
      `/go/game/${blankSite.id}`,
      '/go/https://evil.example',
      '/go/',
      `/go/hardware/${wheel.id}/https://evil.example`,
    ]) {
      const res = await visit(path)
      expect(res.status, path).toBe(404)
      expect(res.headers.get('location'), path).toBeNull()
      expect(res.headers.get('cache-control'), path).toBe('no-store')
    }
    const named = await visit(`/go/hardware/${wheel.id}?to=https://evil.example&url=//evil.example`)
    expect(named.headers.get('location')).toBe('https://shop.example/wheel')
    expect(await databaseDigest()).not.toBe(before) // the one real click above was counted
  })

  it(`counts the clicks of one network up to ${NETWORK_MAX_PER_MINUTE} a minute, however many addresses it uses`, async () => {
    const wheel = await createAccessory({ purchaseUrl: 'https://shop.example/wheel' })
    // Three addresses of one /24, each within its own allowance (issue 42: ten gave 300 clicks).
    for (let address = 1; address <= 3; address++) {
      for (let i = 0; i < FLOOD_MAX_PER_MINUTE; i++) {
        const res = await go.request(
          `/go/hardware/${wheel.id}`,
          { headers: { 'user-agent': CHROME } },
          { context: { ip: `192.0.2.${address}` } },
        )
        expect(res.status).toBe(302)
      }
    }
    expect(await clicks()).toBe(NETWORK_MAX_PER_MINUTE)
  })
})

describe("a click's campaign (issue 45: what a digest brought)", () => {
  it('counts a click under the campaign of the page it was made on, before and after the day is folded', async () => {
    const wheel = await createAccessory({ purchaseUrl: 'https://shop.example/wheel' })
    const digestPage =
      'http://localhost:8888/news/4/a-race?utm_source=newsletter&utm_medium=email&utm_campaign=digest-2026-11-30'
    // A reader arrives through the digest: the view carries its tags.
    await recordEvent(
      {
        kind: 'view',
        path: '/',
        campaign: { source: 'newsletter', medium: 'email', campaign: 'digest-2026-11-30' },
        device: 'desktop',
      },
      { ip: '198.51.100.9', userAgent: CHROME },
    )
    expect((await visit(`/go/hardware/${wheel.id}`, { referer: digestPage })).status).toBe(302)
    // Another site's page with the same tags, a page of ours without, and no referrer: no campaign.
    await visit(`/go/hardware/${wheel.id}`, { referer: 'https://elsewhere.example/?utm_campaign=digest-2026-11-30' })
    await visit(`/go/hardware/${wheel.id}`, { referer: 'http://localhost:8888/news' })
    await visit(`/go/hardware/${wheel.id}`)
    expect(await clicks()).toBe(4)

    const live = await campaignFigures(['digest-2026-11-30', 'digest-2026-11-23'])
    expect(live.get('digest-2026-11-30')).toEqual({ visits: 1, clicks: 1 })
    expect(live.get('digest-2026-11-23')).toEqual({ visits: 0, clicks: 0 })
    // The Audience tab's Campaigns table has the click beside the visit.
    const cookie = await adminCookie()
    const campaigns = (await send('GET', '/api/admin/analytics/summary', { cookie })).body.campaigns
    expect(campaigns).toEqual([{ value: 'digest-2026-11-30', views: 1, visitors: 1, clicks: 1 }])

    // Folded into the day's totals, the raw events gone: the same figures.
    const [today] = await db().execute<{ day: string }>(sql`select (now() at time zone 'UTC')::date::text as day`)
    await foldDay(today!.day)
    await db().execute(sql`delete from analytics_events`)
    expect((await campaignFigures(['digest-2026-11-30'])).get('digest-2026-11-30')).toEqual({ visits: 1, clicks: 1 })
    // A range that ends before today has none of it.
    const before = { from: '2020-01-01', to: '2020-01-31' }
    expect((await campaignFigures(['digest-2026-11-30'], before)).get('digest-2026-11-30')).toEqual({
      visits: 0,
      clicks: 0,
    })
  })
})
