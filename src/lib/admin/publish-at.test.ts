import { describe, expect, it } from 'vitest'
import { fromPublishAtInput, nextMinute, toPublishAtInput } from './publish-at.ts'

describe('Publish at (datetime-local, UTC)', () => {
  it('writes an instant as its UTC minute and reads it back', () => {
    expect(toPublishAtInput('2026-11-24T18:30:45.123Z')).toBe('2026-11-24T18:30')
    expect(fromPublishAtInput('2026-11-24T18:30')).toBe('2026-11-24T18:30:00.000Z')
    expect(fromPublishAtInput(toPublishAtInput('2027-01-01T00:00:00.000Z'))).toBe('2027-01-01T00:00:00.000Z')
  })

  it('reads nothing from an empty, malformed or impossible value', () => {
    expect(toPublishAtInput(null)).toBe('')
    expect(toPublishAtInput('not a date')).toBe('')
    expect(fromPublishAtInput('')).toBeNull()
    expect(fromPublishAtInput('2026-11-24 18:30')).toBeNull()
    expect(fromPublishAtInput('2026-13-40T25:61')).toBeNull()
  })

  it('nextMinute is the start of the following minute', () => {
    expect(nextMinute(new Date('2026-11-24T18:30:45Z')).toISOString()).toBe('2026-11-24T18:31:00.000Z')
  })
})
