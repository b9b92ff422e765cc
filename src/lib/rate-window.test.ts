import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { JOLPICA_LIMIT, rateDecision } from './rate-window.ts'

const now = new Date('2026-11-24T12:00:00.000Z')
const ago = (ms: number) => new Date(now.getTime() - ms)

describe('rateDecision (Jolpica-F1: 4 a second, 500 an hour)', () => {
  it('lets a call through under both limits', () => {
    expect(rateDecision([ago(100), ago(200), ago(300)], now, JOLPICA_LIMIT)).toEqual({ kind: 'now' })
  })

  it('waits until the burst of 4 within a second has passed', () => {
    expect(rateDecision([ago(100), ago(200), ago(300), ago(900)], now, JOLPICA_LIMIT)).toEqual({
      kind: 'wait',
      ms: 100,
    })
  })

  it('refuses the 501st call of the hour until the oldest is an hour old', () => {
    const calls = Array.from({ length: 500 }, (_, i) => ago(2_000 + i * 7_000))
    const decision = rateDecision(calls, now, JOLPICA_LIMIT)
    expect(decision).toEqual({ kind: 'refused', until: new Date(Math.min(...calls.map(Number)) + 3_600_000) })
  })

  it('never lets more than the limits through, however the calls are spread', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 3_700_000 }), { maxLength: 600 }), (offsets) => {
        const calls = offsets.map(ago)
        const decision = rateDecision(calls, now, JOLPICA_LIMIT)
        const lastHour = offsets.filter((o) => o < 3_600_000).length
        const lastSecond = offsets.filter((o) => o < 1_000).length
        if (decision.kind === 'now') {
          expect(lastHour).toBeLessThan(500)
          expect(lastSecond).toBeLessThan(4)
        } else if (decision.kind === 'wait') {
          expect(decision.ms).toBeGreaterThan(0)
          expect(decision.ms).toBeLessThanOrEqual(1_000)
          // After the wait, the call fits.
          expect(rateDecision(calls, new Date(now.getTime() + decision.ms), JOLPICA_LIMIT).kind).not.toBe('wait')
        } else {
          expect(lastHour).toBeGreaterThanOrEqual(500)
          expect(rateDecision(calls, decision.until, JOLPICA_LIMIT).kind).not.toBe('refused')
        }
      }),
    )
  })
})
