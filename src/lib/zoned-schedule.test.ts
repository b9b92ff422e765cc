import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dueSlot, latestSlot, nextSlot, type Schedule } from './schedule.ts'
import { toZonedInput } from './time-zone.ts'
import { dueZonedSlot, latestZonedSlot, nextZonedSlot } from './zoned-schedule.ts'

const zones = ['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kathmandu', 'Australia/Lord_Howe', 'Pacific/Chatham']
const at = (iso: string) => new Date(iso)

const schedule = fc.record({
  frequency: fc.constantFrom('weekly' as const, 'daily' as const),
  dayOfWeek: fc.integer({ min: 0, max: 6 }),
  hour: fc.integer({ min: 0, max: 23 }),
  // Spec 001's jobs on the quarter hour; the newsletter's digest at any minute (issue 45).
  minute: fc.integer({ min: 0, max: 59 }),
})
const instant = fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }).map((ms) => new Date(ms))

describe('a schedule on a time zone clock', () => {
  it('is the UTC schedule when the zone is UTC', () => {
    fc.assert(
      fc.property(schedule, instant, (s, now) => {
        expect(latestZonedSlot(s, now, 'UTC')).toEqual(latestSlot(s, now))
        expect(nextZonedSlot(s, now, 'UTC')).toEqual(nextSlot(s, now))
        expect(dueZonedSlot(s, now, 'UTC')).toEqual(dueSlot(s, now))
      }),
    )
  })

  it('fires at the hour the zone shows, on the right weekday, with latest <= now < next', () => {
    fc.assert(
      fc.property(schedule, instant, fc.constantFrom(...zones), (s: Schedule, now, zone) => {
        const latest = latestZonedSlot(s, now, zone)
        const next = nextZonedSlot(s, now, zone)
        expect(latest.getTime()).toBeLessThanOrEqual(now.getTime())
        expect(next.getTime()).toBeGreaterThan(now.getTime())
        // One period apart, give or take a daylight-saving shift (Lord Howe's is half an hour).
        const period = (s.frequency === 'weekly' ? 7 : 1) * 86_400_000
        expect(Math.abs(next.getTime() - latest.getTime() - period)).toBeLessThanOrEqual(3_600_000)
        for (const slot of [latest, next]) {
          const wall = toZonedInput(slot, zone)
          const wanted = `${String(s.hour).padStart(2, '0')}:${String(s.minute).padStart(2, '0')}`
          // A time the clocks skip that day fires when they land after it, within the hour.
          if (wall.slice(11) !== wanted) {
            const shown = Number(wall.slice(11, 13)) * 60 + Number(wall.slice(14))
            expect(shown - (s.hour * 60 + s.minute)).toBeGreaterThan(0)
            expect(shown - (s.hour * 60 + s.minute)).toBeLessThanOrEqual(60)
          }
          if (s.frequency === 'weekly') expect(new Date(`${wall.slice(0, 10)}T00:00:00Z`).getUTCDay()).toBe(s.dayOfWeek)
        }
      }),
      { numRuns: 300 },
    )
  })

  it('Monday 06:00 in Paris is 05:00 UTC in winter and 04:00 UTC in summer', () => {
    const mondaySix: Schedule = { frequency: 'weekly', dayOfWeek: 1, hour: 6, minute: 0 }
    expect(dueZonedSlot(mondaySix, at('2026-11-23T05:00:00Z'), 'Europe/Paris')).toEqual(at('2026-11-23T05:00:00Z'))
    expect(dueZonedSlot(mondaySix, at('2026-11-23T06:00:00Z'), 'Europe/Paris')).toBeUndefined()
    expect(nextZonedSlot(mondaySix, at('2026-11-23T05:00:00Z'), 'Europe/Paris')).toEqual(at('2026-11-30T05:00:00Z'))
    expect(nextZonedSlot(mondaySix, at('2026-06-20T00:00:00Z'), 'Europe/Paris')).toEqual(at('2026-06-22T04:00:00Z'))
  })

  it('daily 02:30 in Paris on the night clocks go forward fires at 03:30 local, once', () => {
    const daily: Schedule = { frequency: 'daily', dayOfWeek: -1, hour: 2, minute: 30 }
    // 2026-03-29: 02:00 becomes 03:00 in Paris (01:00 UTC).
    expect(nextZonedSlot(daily, at('2026-03-28T12:00:00Z'), 'Europe/Paris')).toEqual(at('2026-03-29T01:30:00Z'))
    expect(nextZonedSlot(daily, at('2026-03-29T01:30:00Z'), 'Europe/Paris')).toEqual(at('2026-03-30T00:30:00Z'))
  })
})
