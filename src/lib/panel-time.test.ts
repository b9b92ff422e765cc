import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { longDateTime, shortDate, streamStartTime } from './dates.ts'
import { panelTime } from './panel-time.ts'

const instants = fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.UTC(2100, 0, 1) }).map((ms) => new Date(ms))

describe("the panel's times (one formatter, the site's zone)", () => {
  it("in UTC they are the public pages' texts, over the whole range", () => {
    const utc = panelTime('UTC')
    fc.assert(
      fc.property(instants, (at) => {
        expect(utc.long(at)).toBe(longDateTime(at))
        expect(utc.recent(at)).toBe(streamStartTime(at))
        expect(utc.date(at)).toBe(shortDate(at))
      }),
      { numRuns: 500 },
    )
  })

  it("in another zone every time is on its clock, with its name, and nothing says 'UTC'", () => {
    const berlin = panelTime('Europe/Berlin')
    const at = '2026-11-26T23:27:05.000Z'
    expect(berlin.dateTime(at)).toBe('Nov 27, 2026, 12:27 AM GMT+1')
    expect(berlin.long(at)).toBe('Friday, November 27, 2026 at 12:27 AM GMT+1')
    expect(berlin.recent(at)).toBe('Nov 27, 12:27 AM GMT+1')
    expect(berlin.cell(at)).toBe('Nov 27, 2026, 12:27 AM')
    expect(berlin.date(at)).toBe('Nov 27, 2026')
    expect(berlin.clock(at)).toBe('12:27 AM')
    expect(berlin.clockSeconds(at)).toBe('12:27:05 AM GMT+1')
    expect(berlin.name(at)).toBe('GMT+1')
    // Summer time has its own name.
    expect(berlin.recent('2026-07-01T10:00:00Z')).toBe('Jul 1, 12:00 PM GMT+2')
    fc.assert(
      fc.property(instants, (d) => {
        for (const text of [berlin.dateTime(d), berlin.long(d), berlin.recent(d), berlin.clockSeconds(d)])
          expect(text).not.toContain('UTC')
      }),
      { numRuns: 200 },
    )
  })

  it('writes one format: every text on the 12-hour clock, months by name, never a numeric date (issue 45)', () => {
    const paris = panelTime('Europe/Paris')
    const formats = Object.entries(paris).filter(
      ([key, value]) => typeof value === 'function' && !['name', 'toInput', 'fromInput', 'inText'].includes(key),
    ) as [string, (v: string) => string][]
    fc.assert(
      fc.property(instants, (d) => {
        const iso = d.toISOString()
        for (const [key, format] of formats) {
          const text = format(iso)
          // No 24-hour time ('00:27', '13:05'): a time of day is followed by AM or PM.
          expect(/\b\d{1,2}:\d{2}(?::\d{2})?(?![:\d])(?! [AP]M)/.test(text), `${key}: ${text}`).toBe(false)
          expect(/\d{1,2}\/\d{1,2}\/\d{4}/.test(text), `${key}: ${text}`).toBe(false)
        }
        expect(paris.inText(`Saved ${iso}`)).toBe(`Saved ${paris.dateTime(iso)}`)
      }),
      { numRuns: 300 },
    )
  })

  it("reads and writes the form's datetime-local values on the zone's clock", () => {
    const kathmandu = panelTime('Asia/Kathmandu')
    expect(kathmandu.fromInput('2026-11-24T18:30')).toBe('2026-11-24T12:45:00.000Z')
    expect(kathmandu.toInput('2026-11-24T12:45:00.000Z')).toBe('2026-11-24T18:30')
    expect(kathmandu.toInput(null)).toBe('')
  })

  it("writes the instants of a stored text (the Activity log's, the History's) on the zone's clock", () => {
    const berlin = panelTime('Europe/Berlin')
    expect(berlin.inText('Restored the backup of 2026-11-26T23:27:00.000Z: 633 rows, 2 images')).toBe(
      'Restored the backup of Nov 27, 2026, 12:27 AM GMT+1: 633 rows, 2 images',
    )
    expect(berlin.inText('Restored the version of 2026-07-01T10:00Z')).toBe(
      'Restored the version of Jul 1, 2026, 12:00 PM GMT+2',
    )
    expect(berlin.inText('Renamed "2026 season" to "2027 season"')).toBe('Renamed "2026 season" to "2027 season"')
  })

  it('a value that is no date says so rather than throwing', () => {
    const paris = panelTime('Europe/Paris')
    expect(paris.dateTime('not a date')).toBe('Invalid Date')
    expect(paris.clock('not a date')).toBe('')
  })
})
