/**
 * The System tab shows how changes reach visitors: purges (no deploy, decision 0700) and this
 * month's production deploys and their credits, and sets the deploy budget (decision 0204).
 */
import { test } from '@playwright/test'
import { expect, expectToast, openTab } from '../helpers/e2e-admin-ui.ts'

test('the owner sees deploys and credits this month and sets the monthly deploy budget', async ({ page }, testInfo) => {
  await openTab(page, testInfo, 'system-settings', 'System Settings')
  const publishing = page.getByRole('region', { name: 'Publishing' })
  await expect(publishing.getByText(/^Purges this month: \d+/)).toBeVisible()
  await expect(publishing.getByText(/no deploy is needed/)).toBeVisible()
  const deploys = page.getByRole('region', { name: 'Deploys' })
  // Content needs no deploy; the local site has no build hook: no deploys, no credits.
  await expect(deploys.getByText(/^Deploys this month: 0 \(0 credits\) of \d+$/)).toBeVisible()
  await expect(deploys.getByText(/Content changes need no deploy/)).toBeVisible()
  await expect(deploys.getByRole('button', { name: 'Rebuild Site' })).toHaveCount(0)
  const budget = deploys.getByLabel('Monthly deploy budget')
  const before = await budget.inputValue()
  try {
    await budget.fill('12')
    await deploys.getByRole('button', { name: 'Save Deploy Budget' }).click()
    await expectToast(page, 'Settings Saved')
    await expect(deploys.getByText('Deploys this month: 0 (0 credits) of 12')).toBeVisible()

    await budget.fill('-3')
    await deploys.getByRole('button', { name: 'Save Deploy Budget' }).click()
    await expectToast(page, 'Error', /The monthly deploy budget must be between 0 and 100000\./)
  } finally {
    await budget.fill(before)
    await deploys.getByRole('button', { name: 'Save Deploy Budget' }).click()
    await expect(deploys.getByText(`of ${before}`, { exact: false })).toBeVisible()
  }
})
