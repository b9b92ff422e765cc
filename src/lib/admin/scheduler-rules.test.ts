import { describe, expect, it } from 'vitest'
import { scheduleText, withFrequency } from './scheduler-rules.ts'

const job = { enabled: true, frequency: 'weekly' as const, dayOfWeek: 3, hour: 6, minute: 0 }

describe('scheduler form rules', () => {
  it('gives daily jobs day -1 and weekly jobs a day (Monday by default)', () => {
    const daily = withFrequency(job, 'daily')
    expect(daily.dayOfWeek).toBe(-1)
    expect(withFrequency(daily, 'weekly').dayOfWeek).toBe(1)
    expect(withFrequency(job, 'weekly').dayOfWeek).toBe(3)
  })

  it('describes a schedule as the status panel shows it', () => {
    expect(scheduleText({ ...job, dayOfWeek: 1 })).toBe('Monday, 6:00 AM UTC')
    expect(scheduleText({ ...job, frequency: 'daily', dayOfWeek: -1, hour: 18, minute: 45 })).toBe('Daily, 6:45 PM UTC')
    expect(scheduleText({ ...job, hour: 0, minute: 15 })).toBe('Wednesday, 12:15 AM UTC')
  })
})
