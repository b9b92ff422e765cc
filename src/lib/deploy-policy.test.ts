import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { decideDeploy, deploySpacingMs } from './deploy-policy.ts'

const minute = 60_000
const day = 24 * 60 * minute
const at = (iso: string) => new Date(iso)

describe('decideDeploy', () => {
  it('deploys the first change of the month at once', () => {
    expect(
      decideDeploy({
        now: at('2026-11-01T09:00:00Z'),
        lastDeployAt: null,
        deploysThisMonth: 0,
        monthlyBudget: 20,
        debounceMs: minute,
      }),
    ).toEqual({ action: 'deploy' })
  })

  it('spreads the budget over the rest of the month', () => {
    // 30 days and 20 deploys left: one every 1.5 days.
    const now = at('2026-11-01T00:00:00Z')
    expect(deploySpacingMs({ now, deploysThisMonth: 0, monthlyBudget: 20, debounceMs: minute })).toBe(1.5 * day)
    expect(
      decideDeploy({
        now: at('2026-11-02T00:00:00Z'),
        lastDeployAt: now,
        deploysThisMonth: 1,
        monthlyBudget: 20,
        debounceMs: minute,
      }),
    ).toEqual({ action: 'wait', until: new Date(now.getTime() + (29 * day) / 19) })
  })

  it("holds every change once the month's budget is spent", () => {
    expect(
      decideDeploy({
        now: at('2026-11-20T00:00:00Z'),
        lastDeployAt: at('2026-11-10T00:00:00Z'),
        deploysThisMonth: 20,
        monthlyBudget: 20,
        debounceMs: minute,
      }),
    ).toEqual({ action: 'hold' })
    expect(
      decideDeploy({
        now: at('2026-11-20T00:00:00Z'),
        lastDeployAt: null,
        deploysThisMonth: 0,
        monthlyBudget: 0,
        debounceMs: minute,
      }),
    ).toEqual({ action: 'hold' })
  })

  it('waits no longer than the debounce window after a deploy of last month', () => {
    expect(
      decideDeploy({
        now: at('2026-12-01T00:00:30Z'),
        lastDeployAt: at('2026-11-30T23:59:50Z'),
        deploysThisMonth: 0,
        monthlyBudget: 20,
        debounceMs: minute,
      }),
    ).toEqual({ action: 'wait', until: at('2026-12-01T00:00:50Z') })
  })

  it('never allows more deploys in a month than the budget, whatever the edits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.array(fc.integer({ min: 0, max: 30 * day - 1 }), { maxLength: 400 }),
        (budget, offsets) => {
          const start = at('2026-11-01T00:00:00Z').getTime()
          let last: Date | null = null
          let count = 0
          for (const offset of [...offsets].sort((a, b) => a - b)) {
            const now = new Date(start + offset)
            const decision = decideDeploy({
              now,
              lastDeployAt: last,
              deploysThisMonth: count,
              monthlyBudget: budget,
              debounceMs: minute,
            })
            if (decision.action === 'deploy') {
              last = now
              count += 1
            }
          }
          expect(count).toBeLessThanOrEqual(budget)
        },
      ),
      { numRuns: 300 },
    )
  })
})
