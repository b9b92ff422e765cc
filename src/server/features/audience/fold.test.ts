import { sql } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { createAccessory, createNews } from '../../demo/factories.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { testPlatform } from '../../../../tests/helpers/platform.ts'
import { db } from '../../db/client.ts'
import { analyticsDaily, analyticsFolds, analyticsMonthly, analyticsSalts } from '../../db/schema.ts'
import { saveAnalyticsSettings } from './analytics-settings.repo.ts'
import { audienceSummary, clicksPerItem, featuredGear, mostReadArticles } from './audience.repo.ts'
import { listSchedulerRuns } from '../../repos/scheduler-runs.repo.ts'
import { runSchedulerTick } from '../../scheduler/tick.ts'
import { RETAIN_DAYS } from './fold.ts'
import { recordEvent, type CountedEvent } from './record.ts'
import { daySalt } from './salt.ts'
import { SINGLES_KEPT_FROM } from './totals.ts'
import { OTHER_VALUE } from '../../../lib/audience/figures.ts'

const at = (iso: string) => new Date(iso)
const reader = (n: number) => ({ ip: `198.51.100.${n}`, userAgent: `Firefox/135.0 reader ${n}` })
const pageView = (path: string, extra: Partial<Extract<CountedEvent, { kind: 'view' }>> = {}): CountedEvent => ({
  kind: 'view',
  path,
  campaign: {},
  device: 'desktop',
  ...extra,
})
const click = (itemId: number): CountedEvent => ({ kind: 'click', itemKind: 'hardware', itemId, device: 'mobile' })

let platform: ReturnType<typeof testPlatform>
beforeEach(async () => {
  await resetDatabase()
  platform = testPlatform()
})

describe('the daily fold', () => {
  it('folds a finished day into the same figures the tab showed live, once, and lists the run', async () => {
    const news = await createNews()
    await recordEvent(
      pageView(`/news/${news.id}`, { referrerHost: 'google.com' }),
      reader(1),
      at('2026-11-24T09:00:00Z'),
    )
    await recordEvent(pageView('/games'), reader(1), at('2026-11-24T09:05:00Z'))
    await recordEvent(
      pageView('/games', { campaign: { source: 'newsletter', campaign: 'spring' } }),
      reader(2),
      at('2026-11-24T23:59:59Z'),
    )
    await recordEvent(pageView('/games'), reader(3), at('2026-11-25T00:00:00Z'))
    const range = { from: '2026-11-24', to: '2026-11-25' }
    const live = await audienceSummary(range)
    expect(live.foldedThrough).toBeNull()
    expect(live.days).toEqual([
      { day: '2026-11-24', views: 3, visitors: 2 },
      { day: '2026-11-25', views: 1, visitors: 1 },
    ])

    // Nothing to fold while the day is not over.
    expect((await runSchedulerTick(platform, at('2026-11-24T23:59:00Z'))).audience).toBeUndefined()
    const report = await runSchedulerTick(platform, at('2026-11-25T00:01:00Z'))
    expect(report.audience).toMatchObject({ folded: ['2026-11-24'], events: 3 })
    const folded = await audienceSummary(range)
    expect(folded.foldedThrough).toBe('2026-11-24')
    expect({ ...folded, foldedThrough: null }).toEqual(live)
    expect(await db().select().from(analyticsDaily)).toContainEqual({
      dimension: 'total',
      day: '2026-11-24',
      value: '',
      views: 3,
      visitors: 2,
    })

    await runSchedulerTick(platform, at('2026-11-25T00:02:00Z'))
    const runs = (await listSchedulerRuns()).filter((r) => r.kind === 'analytics')
    expect(runs).toHaveLength(1)
    expect(runs[0]).toMatchObject({ status: 'completed', slotKey: 'analytics:2026-11-24' })
    expect(runs[0]!.message).toContain('Folded 2026-11-24 (3 events)')
  })

  it('a range over whole months reads their monthly rollup, with the same figures as every day live', async () => {
    const news = await createNews()
    const days = ['2026-09-30', '2026-10-01', '2026-10-05', '2026-10-31', '2026-11-01']
    for (const [i, day] of days.entries()) {
      await recordEvent(pageView(`/news/${news.id}`), reader(i), at(`${day}T10:00:00Z`))
      await recordEvent(pageView('/games', { device: 'mobile' }), reader(i), at(`${day}T11:00:00Z`))
      await recordEvent(pageView('/games', { referrerHost: 'reddit.com' }), reader(i + 10), at(`${day}T12:00:00Z`))
    }
    const range = { from: '2026-09-30', to: '2026-11-01' }
    const live = await audienceSummary(range)
    await runSchedulerTick(platform, at('2026-11-02T00:01:00Z'))
    await runSchedulerTick(platform, at('2026-11-02T00:02:00Z'))
    const folded = await audienceSummary(range)
    expect(folded.foldedThrough).toBe('2026-11-01')
    expect({ ...folded, foldedThrough: null }).toEqual(live)
    expect(folded.pages).toEqual([
      { value: '/games', views: 10, visitors: 10 },
      { value: `/news/${news.id}`, views: 5, visitors: 5 },
    ])
    const october = await db().select().from(analyticsMonthly)
    expect(october.filter((r) => r.month === '2026-10-01' && r.dimension === 'page')).toHaveLength(2)
  })

  it('a reader is a new visitor each UTC day (the salt changes), the same one within a day', async () => {
    for (const time of ['2026-11-24T08:00:00Z', '2026-11-24T20:00:00Z', '2026-11-25T08:00:00Z'])
      await recordEvent(pageView('/news'), reader(1), at(time))
    const figures = await audienceSummary({ from: '2026-11-24', to: '2026-11-25' })
    expect(figures.days.map((d) => d.visitors)).toEqual([1, 1])
    expect(figures.totals).toEqual({ views: 3, visitors: 2 })
  })

  it('catches up the days a stopped scheduler missed; an empty day is folded as nothing', async () => {
    await recordEvent(pageView('/'), reader(1), at('2026-11-20T12:00:00Z'))
    await recordEvent(pageView('/'), reader(1), at('2026-11-23T12:00:00Z'))
    const report = await runSchedulerTick(platform, at('2026-11-25T00:01:00Z'))
    expect(report.audience?.folded).toEqual(['2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24'])
    expect((await db().select().from(analyticsFolds)).map((f) => [f.day, f.events])).toEqual([
      ['2026-11-20', 1],
      ['2026-11-21', 0],
      ['2026-11-22', 0],
      ['2026-11-23', 1],
      ['2026-11-24', 0],
    ])
  })

  it(`deletes raw events after ${RETAIN_DAYS} days (their totals stay) and salts after two days`, async () => {
    await recordEvent(pageView('/'), reader(1), at('2026-08-01T12:00:00Z'))
    await runSchedulerTick(platform, at('2026-08-02T00:01:00Z'))
    await recordEvent(pageView('/news'), reader(1), at('2026-10-30T12:00:00Z'))
    await daySalt('2026-10-29')
    await daySalt('2026-10-30')
    await runSchedulerTick(platform, at('2026-10-31T00:01:00Z'))

    const left = await db().execute<{ path: string }>(sql`select path from analytics_events`)
    expect(left.map((r) => r.path)).toEqual(['/news'])
    expect((await db().select().from(analyticsSalts)).map((s) => s.day).sort()).toEqual(['2026-10-30'])
    // The August day's totals outlive its raw events.
    expect((await audienceSummary({ from: '2026-08-01', to: '2026-08-01' })).totals).toEqual({ views: 1, visitors: 1 })
  })

  it(`keeps a day's totals of single-view sources as one row when it has more than ${SINGLES_KEPT_FROM}, and the day's names for two days`, async () => {
    const junk = SINGLES_KEPT_FROM + 10
    for (let i = 0; i < junk; i++) {
      const address = { ip: `10.0.${i}.1`, userAgent: `Firefox/135.0 junk ${i}` }
      await recordEvent(pageView('/', { referrerHost: `spam${i}.example` }), address, at('2026-11-24T10:00:00Z'))
    }
    for (const n of [1, 2]) {
      await recordEvent(pageView('/', { referrerHost: 'forum.example' }), reader(n), at('2026-11-24T11:00:00Z'))
    }
    // A quiet day keeps a name seen once.
    await recordEvent(pageView('/', { referrerHost: 'blog.example' }), reader(3), at('2026-11-25T11:00:00Z'))
    await runSchedulerTick(platform, at('2026-11-26T00:01:00Z'))

    const sources = await db().execute<{ day: string; value: string; views: number }>(sql`
      select day::text as day, value, views from analytics_daily where dimension = 'source' order by day, value`)
    expect(sources).toEqual([
      { day: '2026-11-24', value: OTHER_VALUE, views: junk },
      { day: '2026-11-24', value: 'forum.example', views: 2 },
      { day: '2026-11-25', value: 'blog.example', views: 1 },
    ])
    // The names counted under their own on 2026-11-24 are gone with the day before yesterday.
    const kept = await db().execute<{ day: string }>(sql`select distinct day::text as day from analytics_day_values`)
    expect(kept.map((r) => r.day)).toEqual(['2026-11-25'])
  })

  it('clicks per item over 7 and 30 days, folded and live together', async () => {
    const wheel = await createAccessory({ name: 'Wheel base', purchaseUrl: 'https://shop.example/wheel' })
    const pedals = await createAccessory({ name: 'Pedals', purchaseUrl: 'https://shop.example/pedals' })
    await recordEvent(click(wheel.id), reader(1), at('2026-11-01T10:00:00Z'))
    await recordEvent(click(wheel.id), reader(2), at('2026-11-24T10:00:00Z'))
    await runSchedulerTick(platform, at('2026-11-25T00:01:00Z'))
    await recordEvent(click(wheel.id), reader(3), at('2026-11-25T10:00:00Z'))
    await recordEvent(click(pedals.id), reader(3), at('2026-11-25T10:01:00Z'))
    const items = await clicksPerItem('2026-11-25')
    expect(items.map((i) => [i.name, i.clicks7, i.clicks30])).toEqual([
      ['Wheel base', 2, 3],
      ['Pedals', 1, 1],
    ])
  })
})

describe('what the public pages show from the figures', () => {
  it('orders the home gear by the last 30 folded days of clicks when the owner asks, and purges it when the order changes', async () => {
    const first = await createAccessory({ name: 'First', featured: true, createdAt: at('2026-11-02T00:00:00Z') })
    const second = await createAccessory({ name: 'Second', featured: true, createdAt: at('2026-11-01T00:00:00Z') })
    expect((await featuredGear()).map((a) => a.name)).toEqual(['First', 'Second'])
    await saveAnalyticsSettings({ gearByClicks: true })
    // The setting's own purge goes first: what follows is the fold's.
    await platform.purger.flush()
    platform.purged.length = 0
    await recordEvent(click(second.id), reader(1), at('2026-11-24T10:00:00Z'))
    // Today's clicks wait for the fold: the order changes once a day.
    expect((await featuredGear()).map((a) => a.name)).toEqual(['First', 'Second'])
    await runSchedulerTick(platform, at('2026-11-25T00:01:00Z'))
    expect((await featuredGear()).map((a) => a.id)).toEqual([second.id, first.id])
    expect(platform.purged).toContainEqual(['accessories'])
  })

  it("lists 'Most read this week' from the folded days, and purges the article pages when it changes", async () => {
    const a = await createNews({ title: 'A' })
    const b = await createNews({ title: 'B' })
    await saveAnalyticsSettings({ mostRead: true })
    await platform.purger.flush()
    platform.purged.length = 0
    for (const n of [1, 2]) await recordEvent(pageView(`/news/${b.id}`), reader(n), at('2026-11-24T10:00:00Z'))
    await recordEvent(pageView(`/news/${a.id}`), reader(3), at('2026-11-24T10:00:00Z'))
    expect(await mostReadArticles()).toEqual([])
    await runSchedulerTick(platform, at('2026-11-25T00:01:00Z'))
    expect(await mostReadArticles()).toEqual([
      { id: b.id, title: 'B', slug: 'b', views: 2 },
      { id: a.id, title: 'A', slug: 'a', views: 1 },
    ])
    expect(platform.purged).toContainEqual(['audience'])
  })
})
