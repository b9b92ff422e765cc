import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { patience } from '../../../tests/helpers/patience.ts'
import { simulateMonth, typicalMonth } from '../../../scripts/local-platform/deploy-simulation.ts'
import { startFakeBuildHook, type FakeBuildHook } from '../../../tests/fakes/build-hook.ts'
import { adminCookie, send } from '../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../tests/helpers/db.ts'
import { configurePublishing, flushPendingBuild, requestPublish } from './publish.ts'

/**
 * Production deploys cost credits (15 each on Netlify's credit plans; the free plan's 300 a month
 * are a hard limit). Every content batch and scheduler run used to trigger one.
 */
beforeEach(resetDatabase)

describe('a month of typical use', () => {
  it(
    'makes at most 20 deploys (300 credits) with the default budget',
    async () => {
      const month = await simulateMonth(typicalMonth)
      expect(month.writes).toBe(30 * 7)
      expect(month.hookCalls).toBeGreaterThan(0)
      expect(month.hookCalls).toBeLessThanOrEqual(20)
      expect(month.deploys).toBe(month.hookCalls)
      expect(month.credits).toBeLessThanOrEqual(300)
    },
    patience(120_000),
  )
})

describe('the deploy budget', () => {
  let hook: FakeBuildHook
  let restore: () => void
  beforeAll(async () => {
    hook = await startFakeBuildHook()
    restore = configurePublishing({ hookUrl: hook.url, debounceMs: 60_000, purgeToken: undefined })
  })
  afterAll(async () => {
    restore()
    await hook.close()
  })
  beforeEach(() => hook.reset())

  it('shows deploys and credits this month in the panel, and the owner sets the budget', async () => {
    const cookie = await adminCookie()
    await requestPublish(['games'], new Date())
    const status = await send('GET', '/api/admin/publish-status', { cookie })
    expect(status.body.deploys).toMatchObject({
      monthlyDeployBudget: 20,
      creditsPerDeploy: 15,
      deploysThisMonth: 1,
      creditsThisMonth: 15,
    })
    const saved = await send('POST', '/api/admin/deploy-budget', {
      cookie,
      body: { monthlyDeployBudget: 1, creditsPerDeploy: 15 },
    })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ monthlyDeployBudget: 1, deploysThisMonth: 1, next: { action: 'hold' } })
    const refused = await send('POST', '/api/admin/deploy-budget', {
      cookie,
      body: { monthlyDeployBudget: -1, creditsPerDeploy: 15 },
    })
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe('The monthly deploy budget must be between 0 and 100000.')
  })

  it('holds changes once the budget is spent: no more build hook calls this month', async () => {
    const cookie = await adminCookie()
    await send('POST', '/api/admin/deploy-budget', { cookie, body: { monthlyDeployBudget: 1, creditsPerDeploy: 15 } })
    const start = new Date('2026-11-10T10:00:00Z')
    await requestPublish(['games'], start)
    for (let hour = 1; hour <= 48; hour++) {
      const now = new Date(start.getTime() + hour * 3_600_000)
      await requestPublish(['news'], now)
      await flushPendingBuild(now)
    }
    expect(hook.calls()).toBe(1)
    // The next month starts a new budget.
    await flushPendingBuild(new Date('2026-12-01T00:05:00Z'))
    expect(hook.calls()).toBe(2)
  })
})
