import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { patience } from '../../../tests/helpers/patience.ts'
import { simulateMonth, typicalMonth } from '../../../test-support/month-of-use.ts'
import { startFakeBuildHook, type FakeBuildHook } from '../../../fakes/build-hook.ts'
import { appWith, type Send } from '../../../tests/helpers/app.ts'
import { adminCookie } from '../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../tests/helpers/db.ts'
import { deployHookFromEnv, requestDeploy, type DeployHook } from './deploy-hook.ts'

/**
 * Production deploys cost credits (15 each on Netlify's credit plans; the free plan's 300 a month
 * are a hard limit). Every content batch and scheduler run used to trigger one; now content purges
 * the CDN (docs/decisions/0700) and deploys are for code and the owner's 'Rebuild Site'.
 */
beforeEach(resetDatabase)

describe('a month of typical use', () => {
  it(
    'makes no deploy for content, and every purge reaches the CDN within seconds, paced within the rate limit',
    async () => {
      const month = await simulateMonth(typicalMonth)
      expect(month.writes).toBe(30 * 7 + 4)
      expect(month.deploys).toBe(0)
      expect(month.deployCredits).toBe(0)
      // One purge per write, the three quick corrections included: the third waits for the rate
      // limit's window instead of being refused (decision 0703).
      expect(month.purges).toBe(month.writes)
      expect(month.refusedPurges).toBe(0)
      expect(month.longestWaitSeconds).toBeLessThan(60)
      // The pages are rendered again after their purges only: compute stays a fraction of one deploy.
      expect(month.renders).toBeGreaterThan(0)
      expect(month.renderCredits).toBeLessThan(15)
    },
    patience(120_000),
  )
})

describe('the deploy budget', () => {
  let hook: FakeBuildHook
  let deploys: DeployHook
  let send: Send
  beforeAll(async () => {
    hook = await startFakeBuildHook()
    deploys = { ...deployHookFromEnv(), hookUrl: hook.url, debounceMs: 60_000 }
    ;({ send } = appWith({ deploys }))
  })
  afterAll(async () => {
    await hook.close()
  })
  beforeEach(() => hook.reset())

  it('shows deploys and credits this month in the panel, and the owner sets the budget', async () => {
    const cookie = await adminCookie()
    await requestDeploy(deploys, new Date())
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

  it('holds rebuilds once the budget is spent: no more build hook calls this month', async () => {
    const cookie = await adminCookie()
    await send('POST', '/api/admin/deploy-budget', { cookie, body: { monthlyDeployBudget: 1, creditsPerDeploy: 15 } })
    const start = new Date('2026-11-10T10:00:00Z')
    expect(await requestDeploy(deploys, start)).toEqual({ action: 'deploy' })
    for (let hour = 1; hour <= 48; hour++) {
      expect(await requestDeploy(deploys, new Date(start.getTime() + hour * 3_600_000))).toEqual({ action: 'hold' })
    }
    expect(hook.calls()).toBe(1)
    // The next month starts a new budget.
    expect(await requestDeploy(deploys, new Date('2026-12-01T00:05:00Z'))).toEqual({ action: 'deploy' })
    expect(hook.calls()).toBe(2)
  })

  it("counts a 'Rebuild Site' whose hook call timed out after delivery: a second click waits instead of calling again", async () => {
    const cookie = await adminCookie()
    // Netlify has the call (and may be building) but answers after our timeout.
    hook.holdAnswers()
    const slowHook = appWith({ deploys: { ...deploys, timeoutMs: 200 } }).send
    const first = await slowHook('POST', '/api/admin/rebuild', { cookie })
    expect(first.status).toBe(200)
    expect(hook.calls()).toBe(1)
    expect(first.body.deploys).toMatchObject({ deploysThisMonth: 1, creditsThisMonth: 15 })

    const second = await slowHook('POST', '/api/admin/rebuild', { cookie })
    expect(second.body.decision.action).toBe('wait')
    expect(hook.calls()).toBe(1)
    const status = await slowHook('GET', '/api/admin/publish-status', { cookie })
    expect(status.body.build.lastError).toBe('Build hook did not answer within 0.2 s: the build may have started.')
  })
})
