import { describe, expect, it } from 'vitest'
import { lapTimeMs } from './lap-time.ts'

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
