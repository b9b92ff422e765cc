import { describe, expect, it } from 'vitest'
import { waitText } from './wait-text.ts'

describe('the lockout wait in words', () => {
  it('counts seconds under a minute, with the singular for one', () => {
    expect(waitText(1)).toBe('1 second')
    expect(waitText(59)).toBe('59 seconds')
  })

  it('rounds up to whole minutes from one minute on', () => {
    expect(waitText(60)).toBe('1 minute')
    expect(waitText(61)).toBe('2 minutes')
    expect(waitText(900)).toBe('15 minutes')
  })
})
