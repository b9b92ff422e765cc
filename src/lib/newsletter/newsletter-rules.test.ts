import { describe, expect, it } from 'vitest'
import { csvRows } from './csv.ts'
import { digestPeriod, digestSubject } from './digest-rules.ts'
import { weekOf, weeklyGrowth } from './growth.ts'
import { isOutcome } from './texts.ts'

const at = (iso: string) => new Date(iso)

describe('digest rules', () => {
  it('a weekly digest carries the week before, never what the last digest carried', () => {
    const now = at('2026-11-30T06:00:00Z')
    expect(digestPeriod(null, now, 'weekly')).toEqual({ start: at('2026-11-23T06:00:00Z'), end: now })
    // The last one went out three days ago: only what came since.
    expect(digestPeriod(at('2026-11-27T06:00:00Z'), now, 'weekly').start).toEqual(at('2026-11-27T06:00:00Z'))
    // A month ago: the week, not the month.
    expect(digestPeriod(at('2026-10-30T06:00:00Z'), now, 'weekly').start).toEqual(at('2026-11-23T06:00:00Z'))
    expect(digestPeriod(null, now, 'daily').start).toEqual(at('2026-11-29T06:00:00Z'))
    // A clock that went back never makes an inverted period.
    expect(digestPeriod(at('2026-12-01T00:00:00Z'), now, 'daily').start).toEqual(now)
  })

  it('says the first title and how many more', () => {
    expect(digestSubject(['Verstappen wins'], 'weekly')).toBe('SimRacing Hub weekly: Verstappen wins')
    expect(digestSubject(['A  title\nwith breaks', 'B', 'C'], 'daily')).toBe(
      'SimRacing Hub daily: A title with breaks, and 2 more',
    )
    expect(digestSubject(['x'.repeat(200)], 'weekly')).toHaveLength('SimRacing Hub weekly: '.length + 90)
  })
})

describe('CSV', () => {
  it('quotes every field, doubles quotes and defuses formulas', () => {
    expect(
      csvRows([
        ['email', 'status'],
        ['a"b@example.com', '=HYPERLINK("x")'],
        ['-1', null],
      ]),
    ).toBe('"email","status"\r\n"a""b@example.com","\'=HYPERLINK(""x"")"\r\n"\'-1",""\r\n')
    expect(csvRows([[at('2026-11-27T10:00:00Z'), 3]])).toBe('"2026-11-27T10:00:00.000Z","3"\r\n')
  })
})

describe('growth per week', () => {
  it('weeks start on Monday (UTC)', () => {
    expect(weekOf(at('2026-11-23T00:00:00Z'))).toBe('2026-11-23')
    expect(weekOf(at('2026-11-29T23:59:59Z'))).toBe('2026-11-23')
    expect(weekOf(at('2026-11-30T00:00:00Z'))).toBe('2026-11-30')
  })

  it('lists the last weeks up to this one, zeros where nothing happened', () => {
    const series = weeklyGrowth([{ week: '2026-11-16', confirmed: 3, left: 1 }], at('2026-11-27T12:00:00Z'), 3)
    expect(series).toEqual([
      { week: '2026-11-09', confirmed: 0, left: 0 },
      { week: '2026-11-16', confirmed: 3, left: 1 },
      { week: '2026-11-23', confirmed: 0, left: 0 },
    ])
  })
})

describe('outcomes', () => {
  it('knows its outcomes and nothing else', () => {
    expect(isOutcome('confirmed')).toBe(true)
    expect(isOutcome('toString')).toBe(false)
    expect(isOutcome('<script>')).toBe(false)
    expect(isOutcome(null)).toBe(false)
  })
})
