import { test, type Browser, type Page, type TestInfo } from '@playwright/test'
import { base32Decode, hotp, totpStep } from '../../src/server/auth/totp.ts'
import { e2eAdminPassword } from '../helpers/e2e-admin.ts'
import { expect, expectToast, openTab } from '../helpers/e2e-admin-ui.ts'
import { noSession } from '../helpers/e2e-session.ts'

// The gate's own test: it starts without the run's saved session and logs in through the form.
test.use({ storageState: noSession })

/**
 * Two-factor login end to end (docs/decisions/0206): set up in the System tab, then the gate asks
 * for a code after the password. The codes are computed here with the site's own TOTP module, as an
 * authenticator app would; the step after the current one is used for logins (accepted for clock
 * drift), so no test waits for the clock.
 */
const codeFor = (secret: string, steps = 0) => hotp(base32Decode(secret), totpStep(Date.now()) + steps)

/** A fresh browser (no cookies) at the gate, past the password: answers the page at the code step. */
async function pastThePassword(browser: Browser, testInfo: TestInfo): Promise<Page> {
  const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, storageState: noSession })
  const page = await context.newPage()
  await page.goto('/admin')
  await page.getByLabel('Admin password', { exact: true }).fill(e2eAdminPassword(testInfo))
  await page.getByRole('button', { name: 'Access Admin Panel' }).click()
  await expect(page.getByLabel('Authentication code', { exact: true })).toBeFocused()
  await expect(page.getByText('Use a recovery code in the same field if you have lost your phone.')).toBeVisible()
  // The password alone opened nothing.
  await expect(page.getByRole('heading', { name: 'Racing Games Management' })).toHaveCount(0)
  expect((await page.request.get('/api/admin/session')).status()).toBe(401)
  return page
}

async function verify(page: Page, code: string) {
  await page.getByLabel('Authentication code', { exact: true }).fill(code)
  await page.getByRole('button', { name: 'Verify' }).click()
}

test('two-factor login: set up in the System tab, the gate asks for the code, a recovery code works once', async ({
  page,
  browser,
}, testInfo) => {
  // Four logins, each a deliberately slow password hash, on a shared machine.
  test.setTimeout(240_000)
  const password = e2eAdminPassword(testInfo)
  await openTab(page, testInfo, 'system-settings', 'System Settings')
  const section = page.getByRole('region', { name: 'Two-Factor Login' })
  try {
    await expect(section).toContainText('Two-factor login: Off')
    await section.getByRole('button', { name: 'Set Up Two-Factor Login' }).click()
    await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible()
    const secret = await section.getByLabel('Secret key').inputValue()
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    await section.getByLabel('Authentication code', { exact: true }).fill(codeFor(secret))
    await section.getByRole('button', { name: 'Turn On Two-Factor Login' }).click()
    await expectToast(page, 'Two-Factor Login On', 'Save your recovery codes now')
    await expect(section).toContainText('Two-factor login: On')
    const recoveryCodes = await section
      .getByRole('list', { name: 'Recovery codes' })
      .getByRole('listitem')
      .allTextContents()
    expect(recoveryCodes).toHaveLength(10)
    await section.getByRole('button', { name: 'I Have Saved Them' }).click()
    await expect(section.getByRole('list', { name: 'Recovery codes' })).toHaveCount(0)

    // Another browser: the password, then a wrong code, then the right one.
    const phone = await pastThePassword(browser, testInfo)
    await verify(phone, '000000')
    await expectToast(phone, 'Access Denied', 'Invalid authentication code')
    await verify(phone, codeFor(secret, 1))
    await expectToast(phone, 'Welcome, Admin!')
    await expect(phone.getByRole('heading', { name: 'Racing Games Management' })).toBeVisible()
    await phone.context().close()

    // A recovery code opens the panel once.
    const lost = await pastThePassword(browser, testInfo)
    await verify(lost, recoveryCodes[0]!)
    await expectToast(lost, 'Welcome, Admin!', 'Recovery code used: 9 left.')
    await expect(lost.getByRole('heading', { name: 'Racing Games Management' })).toBeVisible()
    await lost.context().close()

    const again = await pastThePassword(browser, testInfo)
    await verify(again, recoveryCodes[0]!)
    await expectToast(again, 'Access Denied', 'Invalid authentication code')
    await expect(again.getByRole('heading', { name: 'Racing Games Management' })).toHaveCount(0)
    await again.context().close()

    // Turned off in the System tab with the password: the password alone opens the panel again.
    await page.reload()
    await expect(section).toContainText('Recovery codes left: 9.')
    await section.getByLabel('Current password').fill(password)
    await section.getByRole('button', { name: 'Turn Off Two-Factor Login' }).click()
    await expectToast(page, 'Two-Factor Login Off')
    await expect(section).toContainText('Two-factor login: Off')
    const plain = await page.request.post('/api/admin/login', { data: { password } })
    expect((await plain.json()).authenticated).toBe(true)
  } finally {
    // Every other end-to-end test logs in with the password alone: never leave two-factor login on.
    const off = await page.request.post('/api/admin/two-factor/disable', { data: { password } })
    expect([200, 409], await off.text()).toContain(off.status())
  }
})
