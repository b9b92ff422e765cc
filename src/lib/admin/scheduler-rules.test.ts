import { describe, expect, it } from 'vitest'
import { addChampionship, scheduleText, withFrequency } from './scheduler-rules.ts'

const job = { enabled: true, frequency: 'weekly' as const, dayOfWeek: 3, hour: 6, minute: 0 }

describe('scheduler form rules', () => {
  it('gives daily jobs day -1 and weekly jobs a day (Monday by default)', () => {
    const daily = withFrequency(job, 'daily')
    expect(daily.dayOfWeek).toBe(-1)
    expect(withFrequency(daily, 'weekly').dayOfWeek).toBe(1)
    expect(withFrequency(job, 'weekly').dayOfWeek).toBe(3)
  })

  it('describes a schedule as the status panel shows it', () => {
    expect(scheduleText({ ...job, dayOfWeek: 1 }, 'UTC')).toBe('Monday, 6:00 AM UTC')
    expect(scheduleText({ ...job, frequency: 'daily', dayOfWeek: -1, hour: 18, minute: 45 }, 'UTC')).toBe(
      'Daily, 6:45 PM UTC',
    )
    expect(scheduleText({ ...job, hour: 0, minute: 15 }, 'UTC')).toBe('Wednesday, 12:15 AM UTC')
  })
})

describe('the scheduler championships list', () => {
  it('adds a trimmed name once and says why not otherwise', () => {
    expect(addChampionship(['Formula 1'], '  MotoGP ')).toEqual({ list: ['Formula 1', 'MotoGP'] })
    expect(addChampionship(['Formula 1'], 'formula 1')).toEqual({ problem: 'formula 1 is already in the list.' })
    expect(addChampionship([], '   ')).toEqual({ problem: 'Please enter a championship name.' })
  })
})
