import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dueSlot, latestSlot, nextSlot, nextTestSlot, slotKey, testSlot, type Schedule } from './schedule.ts'

const mondaySix: Schedule = { frequency: 'weekly', dayOfWeek: 1, hour: 6, minute: 0 }
const dailyQuarter: Schedule = { frequency: 'daily', dayOfWeek: -1, hour: 23, minute: 45 }
const at = (iso: string) => new Date(iso)

describe('schedule slots (UTC)', () => {
  it('weekly Monday 06:00: due from 06:00 for the catch-up window, not before', () => {
    // 2026-11-23 is a Monday.
    expect(dueSlot(mondaySix, at('2026-11-23T05:59:59Z'))).toBeUndefined()
    expect(dueSlot(mondaySix, at('2026-11-23T06:00:00Z'))).toEqual(at('2026-11-23T06:00:00Z'))
    expect(dueSlot(mondaySix, at('2026-11-23T06:09:59Z'))).toEqual(at('2026-11-23T06:00:00Z'))
    expect(dueSlot(mondaySix, at('2026-11-23T06:10:00Z'))).toBeUndefined()
    expect(dueSlot(mondaySix, at('2026-11-24T06:00:00Z'))).toBeUndefined()
    expect(nextSlot(mondaySix, at('2026-11-23T06:00:00Z'))).toEqual(at('2026-11-30T06:00:00Z'))
    expect(nextSlot(mondaySix, at('2026-11-22T12:00:00Z'))).toEqual(at('2026-11-23T06:00:00Z'))
    expect(latestSlot(mondaySix, at('2026-11-22T12:00:00Z'))).toEqual(at('2026-11-16T06:00:00Z'))
  })

  it('daily 23:45: every day, across month ends', () => {
    expect(dueSlot(dailyQuarter, at('2026-11-30T23:45:30Z'))).toEqual(at('2026-11-30T23:45:00Z'))
    expect(nextSlot(dailyQuarter, at('2026-11-30T23:45:00Z'))).toEqual(at('2026-12-01T23:45:00Z'))
    expect(latestSlot(dailyQuarter, at('2026-12-01T00:01:00Z'))).toEqual(at('2026-11-30T23:45:00Z'))
  })

  it('test mode: 2-minute windows', () => {
    expect(testSlot(at('2026-11-23T06:03:59Z'), 2)).toEqual(at('2026-11-23T06:02:00Z'))
    expect(nextTestSlot(at('2026-11-23T06:03:59Z'), 2)).toEqual(at('2026-11-23T06:04:00Z'))
    expect(slotKey('test', at('2026-11-23T06:02:00Z'))).toBe('test:2026-11-23T06:02Z')
  })

  it('latest <= now < next, next - latest is one period, on the right day and time', () => {
    const schedule = fc.record({
      frequency: fc.constantFrom('weekly' as const, 'daily' as const),
      dayOfWeek: fc.integer({ min: 0, max: 6 }),
      hour: fc.integer({ min: 0, max: 23 }),
      minute: fc.constantFrom(0, 15, 30, 45),
    })
    const time = fc.date({ min: at('2000-01-01T00:00:00Z'), max: at('2100-01-01T00:00:00Z'), noInvalidDate: true })
    fc.assert(
      fc.property(schedule, time, (s, now) => {
        const latest = latestSlot(s, now)
        const next = nextSlot(s, now)
        expect(latest.getTime()).toBeLessThanOrEqual(now.getTime())
        expect(next.getTime()).toBeGreaterThan(now.getTime())
        expect(next.getTime() - latest.getTime()).toBe((s.frequency === 'weekly' ? 7 : 1) * 86_400_000)
        for (const d of [latest, next]) {
          expect([d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()]).toEqual([s.hour, s.minute, 0])
          if (s.frequency === 'weekly') expect(d.getUTCDay()).toBe(s.dayOfWeek)
        }
      }),
    )
  })
})
