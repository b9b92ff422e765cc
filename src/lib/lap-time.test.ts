import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatLapMs, lapTimeMs } from './lap-time.ts'

describe('lapTimeMs', () => {
  it('reads minutes and seconds', () => expect(lapTimeMs('1:32.456')).toBe(92_456))
  it('reads seconds alone', () => expect(lapTimeMs('59.9')).toBe(59_900))
  it('reads hours for endurance stints', () => expect(lapTimeMs('1:02:03.5')).toBe(3_723_500))
  it('refuses what is not a lap time', () => {
    expect(lapTimeMs('DNF')).toBeNull()
    expect(lapTimeMs('1:75.000')).toBeNull()
    expect(lapTimeMs('')).toBeNull()
  })
})

describe('formatLapMs', () => {
  it('writes m:ss.mmm', () => {
    expect(formatLapMs(107_862)).toBe('1:47.862')
    expect(formatLapMs(59_005)).toBe('0:59.005')
    expect(formatLapMs(205_117)).toBe('3:25.117')
    expect(formatLapMs(3_723_500)).toBe('1:02:03.500')
  })

  it('is read back by lapTimeMs to the same milliseconds, over every time below ten hours', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 36_000_000 - 1 }), (ms) => {
        const text = formatLapMs(ms)
        expect(text).toMatch(/^(\d+:\d{2}:|\d+:)\d{2}\.\d{3}$/)
        expect(lapTimeMs(text)).toBe(ms)
      }),
    )
  })
})
