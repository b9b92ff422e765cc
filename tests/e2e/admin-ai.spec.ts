import { test } from '@playwright/test'
import { adminLogin, e2eAdminPassword, waitForPublish } from '../helpers/e2e-admin.ts'
import { expect, expectToast, openTab, openNewsGenerator } from '../helpers/e2e-admin-ui.ts'
import { fakeAiWhen, resetFakeAi } from '../helpers/e2e-ai.ts'

/**
 * Issue 10 in the browser: the site under test talks to the fake AI server on 127.0.0.1
 * (scripts/e2e-server.ts --fake-ai-port), which tests steer through its control endpoints.
 */
test.describe('AI in the admin panel', () => {
  test.beforeEach(async ({ request }) => resetFakeAi(request))

  // The tests after these find the content they started with: the drafts left and the standings
  // written here are deleted (the article published here stays, as one more published article).
  let standingsBefore: number[] = []
  test.beforeAll(async ({ playwright }, testInfo) => {
    const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
    const sets = (await (await api.get('/api/championships-standings')).json()) as { id: number }[]
    standingsBefore = sets.map((s) => s.id)
    await api.dispose()
  })
  test.afterAll(async ({ playwright }, testInfo) => {
    const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL })
    await api.post('/api/admin/login', { data: { password: e2eAdminPassword(testInfo) } })
    const news = (await (await api.get('/api/admin/news')).json()) as { id: number; status: string }[]
    for (const draft of news.filter((n) => n.status === 'draft')) await api.delete(`/api/news/${draft.id}`)
    const sets = (await (await api.get('/api/championships-standings')).json()) as { id: number }[]
    for (const set of sets.filter((s) => !standingsBefore.includes(s.id)))
      await api.delete(`/api/championships-standings/${set.id}`)
    await api.dispose()
  })

  test('bulk news for 6 championships with one failing: progress banner, 5 drafts and 1 error; a published draft reaches /news with its sources', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(240_000)
    await adminLogin(request, testInfo)
    // NASCAR's provider call fails for good; IMSA's answers slowly, so the job is seen running.
    await fakeAiWhen(request, 'NASCAR', { kind: 'status', status: 400, message: 'Unknown championship' })
    await fakeAiWhen(request, 'IMSA', { kind: 'slow', ms: 6_000 })
    await openTab(page, testInfo, 'news', 'News Management')
    await openNewsGenerator(page)

    const chosen = ['Formula 1', 'MotoGP', 'NASCAR', 'IndyCar', 'WRC', 'IMSA']
    const bulk = page.getByRole('group', { name: 'Bulk generation' })
    for (const name of chosen) await bulk.getByRole('checkbox', { name }).check()
    await bulk.getByRole('button', { name: 'Generate News for 6 Championships' }).click()

    const banner = page.getByRole('region', { name: 'Background jobs' })
    await expect(banner.getByRole('progressbar', { name: /Progress: \d of 6/ })).toBeVisible()
    await expect(banner).toContainText('Generating news for')
    await expectToast(page, 'Bulk News Generation Complete', 'Generated news for 5 championships. 1 error.')
    await expect(banner).toBeHidden()

    const drafts = page.getByRole('region', { name: /Drafts to Review/ })
    await expect(drafts.getByRole('heading', { name: 'Drafts to Review (5)' })).toBeVisible()
    const first = drafts.getByRole('listitem').filter({ hasText: 'Formula 1' }).first()
    const title = (await first.locator('p').first().innerText()).replace(/\s*\(AI-assisted\)$/, '')

    // The owner's preview shows the page as it will be, sources included; the public site has nothing yet.
    await first.getByRole('button', { name: `Preview ${title}` }).click()
    const preview = page.getByRole('dialog', { name: title })
    await expect(preview.getByRole('heading', { name: 'Sources' })).toBeVisible()
    await expect(preview).toContainText('AI-assisted')
    await preview.getByRole('button', { name: 'Close' }).click()
    const publicList = (await (await request.get('/api/news?limit=500')).json()) as { title: string }[]
    expect(publicList.map((a) => a.title)).not.toContain(title)

    await waitForPublish(request)
    await first.getByRole('button', { name: `Publish ${title}` }).click()
    await expectToast(page, 'Article Published')
    const published = Date.now()
    await expect
      .poll(async () => (await request.get('/news')).text(), { timeout: 60_000, intervals: [1000] })
      .toContain(title)
    expect(Date.now() - published).toBeLessThan(60_000)
    const [article] = (
      (await (await request.get(`/api/news?search=${encodeURIComponent(title)}`)).json()) as { id: number }[]
    ).filter(Boolean)
    const articlePage = await page.goto(`/news/${article!.id}`)
    expect(articlePage?.status()).toBe(200)
    await expect(page.getByRole('heading', { name: 'Sources', level: 2 })).toBeVisible()
    await expect(page.getByText('AI-assisted', { exact: true })).toBeVisible()
  })

  test('standings generator: the name is required, a quick choice generates a table', async ({ page }, testInfo) => {
    await openTab(page, testInfo, 'championships', 'Championship Standings')
    await page.getByRole('button', { name: 'Generate Standings' }).click()
    await expectToast(page, 'Championship Required', 'Please enter a championship name to generate standings')
    await page.getByRole('group', { name: 'Quick choices' }).getByRole('button', { name: 'WEC' }).click()
    await expect(page.getByLabel('Championship name')).toHaveValue('WEC')
    await page.getByRole('button', { name: 'Generate Standings' }).click()
    await expectToast(page, 'Championship Standings Generated')
    await expect(
      page.getByRole('list', { name: 'Championship standings' }).getByRole('heading', { name: /WEC/ }),
    ).toBeVisible()
  })

  test('auto-format is offered for plain text only and turns it into HTML', async ({ page }, testInfo) => {
    await openTab(page, testInfo, 'news', 'News Management')
    await page.getByRole('button', { name: 'New Article' }).click()
    const format = page.getByRole('button', { name: 'Auto-format' })
    await expect(format).toBeDisabled()
    // In the visual editor, paragraphs of bare text are plain text; bold is markup.
    const editor = page.getByRole('textbox', { name: 'Content', exact: true })
    await editor.click()
    await page.keyboard.type('Rain in Spa')
    await expect(format).toBeEnabled()
    await page.keyboard.press('ControlOrMeta+a')
    await page.getByRole('group', { name: 'Formatting' }).getByRole('button', { name: 'Bold' }).click()
    await expect(format).toBeDisabled()

    await page.getByRole('button', { name: 'HTML source' }).click()
    const content = page.getByLabel('Content (HTML)')
    await content.fill('<p>Already HTML</p>')
    await expect(format).toBeDisabled()
    await content.fill('Rain in Spa\n\nThe race was red-flagged after two laps.')
    await format.click()
    await expectToast(page, 'Content Formatted')
    await expect(content).toHaveValue(/<p>/)
    await expect(format).toBeDisabled()
  })

  test('scheduler: run test now records runs; diagnostics run, switch service and auto refresh', async ({
    page,
  }, testInfo) => {
    await openTab(page, testInfo, 'scheduler', /^Scheduler$/)
    await page.getByRole('button', { name: 'Run Test Now' }).click()
    await expectToast(page, 'Test Completed')
    const history = page.getByRole('table', { name: 'Run history' })
    await expect(history.getByRole('row').filter({ hasText: '(test)' }).first()).toBeVisible()

    await page.goto('/admin?tab=openai-diagnostic')
    await expect(page.getByRole('heading', { name: 'AI Services Diagnostic' })).toBeVisible()
    await page.getByRole('button', { name: 'Perplexity (News)' }).click()
    await page.getByRole('button', { name: 'Run Diagnostic' }).click()
    await expect(page.getByText(/Last updated:/)).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Models' })).toBeVisible()
    await page.getByRole('tab', { name: 'Usage & Costs' }).click()
    await expect(page.getByText(/Last 24 hours: \d+ requests/)).toBeVisible()
    await page.getByRole('button', { name: 'OpenAI (Images)' }).click()
    await expect(page.getByRole('tab', { name: 'Models' })).toBeHidden()
    const auto = page.getByRole('button', { name: /Auto Refresh (On|Off)/ })
    const before = await auto.innerText()
    await auto.click()
    await expect(auto).not.toHaveText(before)
  })
})
