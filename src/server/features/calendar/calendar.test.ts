import type { APIContext } from 'astro'
import ical, { type VEvent } from 'node-ical'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createResultsChampionship, createStandings } from '../../demo/factories.ts'
import type { FakeRace } from '../../../../fakes/jolpica-server.ts'
import { appWith, type Send } from '../../../../tests/helpers/app.ts'
import { adminCookie } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { databaseDigest } from '../../../../tests/helpers/digest.ts'
import { startJolpicaHarness, type JolpicaHarness } from '../../../../tests/helpers/jolpica.ts'
import type { TestPlatform } from '../../../../tests/helpers/platform.ts'
import { accResultFile } from '../../demo/result-files.ts'
import { accSpaRace } from '../../../../tests/fixtures/race-sessions.ts'
import { GET as allFeed } from '../../../pages/calendar.ics.ts'
import { GET as championshipFeed } from '../../../pages/calendar/[championship].ics.ts'
import { runCalendarTick } from './sync.ts'
import { importResultFile } from '../../results/import.ts'

/**
 * The race calendar (docs/decisions/0425): the owner's events, Formula 1's schedule read from
 * Jolpica-F1 (the fake here) page by page, the iCalendar feeds (the pages' own handlers, parsed with
 * node-ical) whose UIDs stay when a session moves, the cards' next race, and the purges.
 */
let jolpica: JolpicaHarness
let send: Send
let platform: TestPlatform
let cookie: string
beforeAll(async () => {
  jolpica = await startJolpicaHarness()
  ;({ send, platform } = appWith(jolpica.platform))
})
afterAll(async () => jolpica.close())
beforeEach(async () => {
  await resetDatabase()
  jolpica.fake.reset()
  platform.purged.length = 0
  cookie = await adminCookie()
})

const day = 86_400_000
const soon = (days: number, hour = 14) => new Date(Math.floor(Date.now() / day) * day + days * day + hour * 3_600_000)
const utcInput = (d: Date) => d.toISOString().slice(0, 16)

/** A Formula 1 season of three weekends ahead, as Jolpica writes them. */
const f1Season = (moveRaceOfRound2 = 0): FakeRace[] =>
  [1, 2, 3].map((round) => {
    const race = soon(round * 14 + (round === 2 ? moveRaceOfRound2 : 0), 13)
    return {
      round,
      raceName: ['Australian', 'Chinese', 'Japanese'][round - 1] + ' Grand Prix',
      circuitName: ['Albert Park Grand Prix Circuit', 'Shanghai International Circuit', 'Suzuka Circuit'][round - 1]!,
      race,
      sessions: { FirstPractice: new Date(race.getTime() - 2 * day), Qualifying: new Date(race.getTime() - day) },
    }
  })

/** A page handler called as Astro calls it: its body and status. */
async function feed(handler: typeof allFeed, championship?: string) {
  const tags: string[][] = []
  const res = await handler({
    site: new URL('https://site.test/'),
    params: { championship },
    cache: { set: (options: false | { tags?: string[] }) => options && tags.push(options.tags ?? []) },
  } as unknown as APIContext)
  return {
    status: res.status,
    location: res.headers.get('location'),
    text: await res.text(),
    tags: tags.flat(),
    type: res.headers.get('content-type'),
  }
}

const vevents = (text: string) =>
  Object.values(ical.sync.parseICS(text))
    .filter((c): c is VEvent => c?.type === 'VEVENT')
    .sort((a, b) => a.start.getTime() - b.start.getTime())

const gtEvent = (championshipId: number, extra: Record<string, unknown> = {}) => ({
  championshipId,
  name: 'Monza 3 Hours',
  track: 'Monza',
  round: 1,
  sessions: [
    { name: 'Qualifying', startsAt: utcInput(soon(3, 18)), durationMinutes: 30 },
    { name: 'Race', startsAt: utcInput(soon(3, 19)), durationMinutes: 180 },
  ],
  ...extra,
})

describe('the race calendar', () => {
  it('reads Formula 1 from Jolpica over two pages, shows it with the owner events in the feeds, and keeps each UID when a session moves', async () => {
    jolpica.fake.setSchedule('f1', 'current', f1Season(), '2026')
    jolpica.fake.setPageLimit(2)
    const read = await send('POST', '/api/admin/calendar/f1/refresh', { cookie })
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ seasons: ['2026'], races: 3, changed: true })
    expect(jolpica.fake.requests).toEqual([
      '/ergast/f1/current/races/?limit=100',
      '/ergast/f1/current/races/?limit=100&offset=2',
    ])
    expect(platform.purged.at(-1)).toEqual(['calendar'])

    const cup = await createResultsChampionship({ championshipName: 'Sim GT Cup' })
    // A result puts the cup on the site, and so on the calendar (docs/decisions/0517).
    await importResultFile({ bytes: accResultFile(accSpaRace), fileName: 'spa.json', championshipId: cup, round: 1 })
    const created = await send('POST', '/api/admin/calendar/events', { cookie, body: gtEvent(cup) })
    expect(created.status).toBe(201)
    expect(created.body.sessions.map((s: { uid: string }) => s.uid)).toEqual([
      expect.stringMatching(/@simracing-hub$/),
      expect.stringMatching(/@simracing-hub$/),
    ])

    const all = await feed(allFeed)
    expect(all.status).toBe(200)
    expect(all.type).toBe('text/calendar; charset=utf-8')
    expect(all.tags).toEqual(['calendar', 'standings'])
    const events = vevents(all.text)
    // Three F1 weekends of three sessions each, and the owner's two.
    expect(events).toHaveLength(11)
    expect(events.map((e) => e.summary)).toContain('Sim GT Cup: Round 1: Monza 3 Hours – Race')
    expect(events.map((e) => e.summary)).toContain('Formula 1: Round 2: Chinese Grand Prix – Qualifying')
    const race = events.find((e) => e.summary === 'Sim GT Cup: Round 1: Monza 3 Hours – Race')!
    expect(race.start.toISOString()).toBe(soon(3, 19).toISOString())
    expect(race.end!.getTime() - race.start.getTime()).toBe(180 * 60_000)
    const uids = new Map(events.map((e) => [e.summary, e.uid]))

    // The owner moves the race an hour later and renames the qualifying: same UIDs, a higher SEQUENCE.
    const [qualifying, raceSession] = created.body.sessions as { id: number }[]
    const moved = await send('PUT', `/api/admin/calendar/events/${created.body.id}`, {
      cookie,
      body: gtEvent(cup, {
        sessions: [
          { id: qualifying!.id, name: 'Qualifying', startsAt: utcInput(soon(3, 18)), durationMinutes: 30 },
          { id: raceSession!.id, name: 'Race', startsAt: utcInput(soon(3, 20)), durationMinutes: 180 },
        ],
      }),
    })
    expect(moved.status).toBe(200)
    // Jolpica moves the Chinese Grand Prix by a day; read again, it keeps its UIDs too.
    jolpica.fake.setSchedule('f1', 'current', f1Season(1), '2026')
    expect((await send('POST', '/api/admin/calendar/f1/refresh', { cookie })).status).toBe(200)

    const after = vevents((await feed(allFeed)).text)
    expect(new Map(after.map((e) => [e.summary, e.uid]))).toEqual(uids)
    const raceAfter = after.find((e) => e.uid === race.uid)!
    expect(raceAfter.start.toISOString()).toBe(soon(3, 20).toISOString())
    expect(Number(raceAfter.sequence)).toBe(1)
    const chinese = after.find((e) => e.summary === 'Formula 1: Round 2: Chinese Grand Prix – Race')!
    expect(chinese.uid).toBe('f1-2026-r2-race@simracing-hub')
    expect(chinese.start.toISOString()).toBe(soon(29, 13).toISOString())
    expect(Number(chinese.sequence)).toBe(1)
  })

  it("gives each championship its own feed: its events, and Formula 1's for Formula 1; another spelling is a 301, no championship a 404", async () => {
    jolpica.fake.setSchedule('f1', 'current', f1Season(), '2026')
    await send('POST', '/api/admin/calendar/f1/refresh', { cookie })
    const cup = await createResultsChampionship({ championshipName: 'Sim GT Cup' })
    const f1 = await createStandings({ championshipName: 'Formula 1 World Championship' }, 3)
    await send('POST', '/api/admin/calendar/events', { cookie, body: gtEvent(cup) })

    // Before its first result the cup is off the site (docs/decisions/0517), and off the calendar:
    // no feed of its own, not named in the feed of all races (issue 42).
    expect(await feed(championshipFeed, `${cup}-sim-gt-cup`)).toMatchObject({ status: 404, tags: [] })
    expect((await feed(allFeed)).text).not.toContain('Sim GT Cup')
    await importResultFile({ bytes: accResultFile(accSpaRace), fileName: 'spa.json', championshipId: cup, round: 1 })

    const gt = await feed(championshipFeed, `${cup}-sim-gt-cup`)
    expect(vevents(gt.text).map((e) => e.summary)).toEqual([
      'Sim GT Cup: Round 1: Monza 3 Hours – Qualifying',
      'Sim GT Cup: Round 1: Monza 3 Hours – Race',
    ])
    const formula1 = vevents((await feed(championshipFeed, `${f1}-formula-1-world-championship`)).text)
    expect(formula1).toHaveLength(9)
    expect(formula1.every((e) => String(e.summary).startsWith('Formula 1: '))).toBe(true)

    expect(await feed(championshipFeed, `${cup}-gt-cup`)).toMatchObject({
      status: 301,
      location: `/calendar/${cup}-sim-gt-cup.ics`,
      tags: [],
    })
    expect(await feed(championshipFeed, '99999-nothing')).toMatchObject({ status: 404, tags: [] })
    expect(await feed(championshipFeed, 'x')).toMatchObject({ status: 404 })

    // The public standings carry each championship's next race: Formula 1's first practice, the cup's qualifying.
    const sets = (await send('GET', '/api/championships-standings')).body as {
      id: number
      nextEvent: { name: string; sessionName: string; startsAt: string } | null
      calendarPath: string
    }[]
    expect(sets.find((s) => s.id === f1)).toMatchObject({
      nextEvent: { name: 'Australian Grand Prix', sessionName: 'Practice 1', startsAt: soon(12, 13).toISOString() },
      calendarPath: `/calendar#${f1}-formula-1-world-championship`,
    })
    expect(sets.find((s) => s.id === cup)).toMatchObject({
      nextEvent: { name: 'Monza 3 Hours', sessionName: 'Qualifying', startsAt: soon(3, 18).toISOString() },
    })
  })

  it('writes a name with a line break in it as text of one calendar, never as lines of its own (issue 42)', async () => {
    const evil = 'GT Cup\r\nEND:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:Injected'
    const cup = await createResultsChampionship({ championshipName: evil })
    await importResultFile({ bytes: accResultFile(accSpaRace), fileName: 'spa.json', championshipId: cup, round: 1 })
    await send('POST', '/api/admin/calendar/events', {
      cookie,
      body: gtEvent(cup, { name: 'Race\r\nX-INJECTED:1', track: 'Monza\nBEGIN:VALARM' }),
    })
    for (const text of [
      (await feed(allFeed)).text,
      (await feed(championshipFeed, `${cup}-gt-cup-end-vcalendar-begin-vevent-summary-injected`)).text,
    ]) {
      const lines = text.split('\r\n')
      expect(lines.filter((l) => l === 'END:VCALENDAR')).toEqual(['END:VCALENDAR'])
      expect(lines.filter((l) => /^(BEGIN:VEVENT|SUMMARY:Injected|X-INJECTED|BEGIN:VALARM)/.test(l))).toHaveLength(
        lines.filter((l) => l === 'BEGIN:VEVENT').length,
      )
      expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true)
      const parsed = Object.values(ical.sync.parseICS(text)).filter(
        (c) => c?.type === 'VCALENDAR' || c?.type === 'VEVENT',
      )
      expect(parsed.filter((c) => c?.type === 'VEVENT')).toHaveLength(2)
    }
  })

  it('refuses a session starting outside the years 2000 to 2100 (its end would have a five-digit year)', async () => {
    const cup = await createResultsChampionship()
    const before = await databaseDigest()
    for (const startsAt of ['9999-12-31T23:00', '1999-12-31T12:00', '2101-01-01T00:00']) {
      const res = await send('POST', '/api/admin/calendar/events', {
        cookie,
        body: gtEvent(cup, { sessions: [{ name: 'Race', startsAt, durationMinutes: 10_080 }] }),
      })
      expect([startsAt, res.status, res.body.message]).toEqual([
        startsAt,
        400,
        'The session start must be between the years 2000 and 2100.',
      ])
    }
    expect(await databaseDigest()).toBe(before)
  })

  it('links an imported round from its calendar event', async () => {
    const cup = await createResultsChampionship({ championshipName: 'GT Sprint Cup' })
    await send('POST', '/api/admin/calendar/events', { cookie, body: gtEvent(cup, { name: 'Spa Sprint', round: 1 }) })
    await importResultFile({ bytes: accResultFile(accSpaRace), fileName: 'spa.json', championshipId: cup, round: 1 })
    const { events } = (await send('GET', '/api/admin/calendar', { cookie })).body
    expect(events[0]).toMatchObject({
      name: 'Spa Sprint',
      result: { winner: 'Kevin Estre / Laurens Vanthoor', cars: 3 },
    })
    expect(vevents((await feed(allFeed)).text)[0]!.description).toContain(
      'Results: won by Kevin Estre / Laurens Vanthoor',
    )
  })

  it('refuses an event without a name, without sessions, with a start that is no date, or for no championship, changing nothing', async () => {
    const cup = await createResultsChampionship()
    const before = await databaseDigest()
    const refusals: [Record<string, unknown>, number, string][] = [
      [gtEvent(cup, { name: ' ' }), 400, 'Please enter the event name.'],
      [gtEvent(cup, { sessions: [] }), 400, 'Please add at least one session with its start.'],
      [
        gtEvent(cup, { sessions: [{ name: 'Race', startsAt: '2027-02-29T14:00' }] }),
        400,
        'The session start must be a day that exists: February 2027 has 28 days.',
      ],
      [
        gtEvent(cup, { sessions: [{ name: '', startsAt: '2027-02-20T14:00' }] }),
        400,
        'Please name every session (Practice, Qualifying, Race...).',
      ],
      [gtEvent(9999), 404, 'Championship not found'],
    ]
    for (const [body, status, message] of refusals) {
      const res = await send('POST', '/api/admin/calendar/events', { cookie, body })
      expect([res.status, res.body.message]).toEqual([status, message])
    }
    expect(await databaseDigest()).toBe(before)
    expect((await send('PUT', '/api/admin/calendar/events/999', { cookie, body: gtEvent(cup) })).status).toBe(404)
    expect((await send('POST', '/api/admin/calendar/events', { body: gtEvent(cup) })).status).toBe(401)
  })

  it('the tick reads Formula 1 when due, and purges the calendar pages when a session starts', async () => {
    jolpica.fake.setSchedule('f1', 'current', f1Season(), '2026')
    const now = new Date()
    expect(await runCalendarTick(platform, now)).toBe(true)
    expect(jolpica.fake.requests).toHaveLength(1)
    // Read twice a day: not again a minute later, and nothing started meanwhile.
    expect(await runCalendarTick(platform, new Date(now.getTime() + 60_000))).toBe(false)
    expect(jolpica.fake.requests).toHaveLength(1)
    const firstPractice = soon(12, 13)
    await platform.purger.flush()
    platform.purged.length = 0
    expect(await runCalendarTick(platform, new Date(firstPractice.getTime() - 30_000))).toBe(false)
    expect(await runCalendarTick(platform, new Date(firstPractice.getTime() + 30_000))).toBe(true)
    // Owed by the calendar's work, sent by the tick after it (src/server/cdn/outbox.ts).
    await platform.purger.flush()
    expect(platform.purged).toEqual([['calendar']])
    // Jolpica away: the failure is kept in words for the tab, and tried again an hour later only.
    jolpica.fake.queue({ kind: 'status', status: 503 })
    const later = new Date(firstPractice.getTime() + 13 * 3_600_000)
    await runCalendarTick(platform, later)
    const { f1 } = (await send('GET', '/api/admin/calendar', { cookie })).body
    expect(f1).toMatchObject({ error: expect.stringContaining('Jolpica-F1 answered HTTP 503'), events: 3 })
  })
})
