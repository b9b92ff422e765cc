import { test, type Page } from '@playwright/test'
import { confirm, expect, expectNoAxeViolations, expectToast, openTab, unique } from '../helpers/e2e-admin-ui.ts'

/** Adds a game through the Games tab's form. */
async function addGame(page: Page, title: string): Promise<void> {
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByRole('button', { name: 'Add Game' }).click()
  await expectToast(page, 'Racing Game Added Successfully!')
  await expect(page.getByRole('button', { name: `Edit ${title}` })).toBeVisible()
}

/** The titles the public API answers (the site's own reader of the games). */
async function publicTitles(page: Page): Promise<string[]> {
  const res = await page.request.get('/api/games')
  expect(res.status()).toBe(200)
  return ((await res.json()) as { title: string }[]).map((g) => g.title)
}

test.describe('revision history', () => {
  // Several saves, each followed by a site rebuild on this shared machine.
  test.describe.configure({ timeout: 120_000 })

  test("restores a game's earlier title from its History", async ({ page }, testInfo) => {
    await openTab(page, testInfo, 'games', 'Racing Games Management')
    const title = unique('History GP')
    await addGame(page, title)

    await page.getByRole('button', { name: `Edit ${title}` }).click()
    await page.getByLabel('Title', { exact: true }).fill(`${title} Renamed`)
    await page.getByRole('button', { name: 'Update Game' }).click()
    await expectToast(page, 'Game Updated Successfully!')
    await expect(page.getByText(`${title} Renamed`, { exact: true })).toBeVisible()

    await page.getByRole('button', { name: `History of ${title} Renamed` }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: `History of ${title} Renamed` })).toBeVisible()
    // The version before the rename: who made it and what it changed; opened, what the change did,
    // old -> new (issue 25), read from the server for this version alone (issue 31).
    const version = dialog.getByRole('listitem').filter({
      hasText: 'Edited title',
      has: page.getByRole('button', { name: /^Restore/ }),
    })
    await expect(version).toContainText('Admin')
    const showChanges = version.getByRole('button', { name: /^Changes made at/ })
    await expect(showChanges).toHaveAttribute('aria-expanded', 'false')
    await showChanges.click()
    await expect(showChanges).toHaveAttribute('aria-expanded', 'true')
    const changes = version.getByRole('region', { name: /^What the change of .+ did$/ })
    await expect(changes).toContainText(`title: “${title}” → “${title} Renamed”`)
    await expect(changes.getByRole('insertion')).toHaveText(/^\s*Renamed$/)
    // A preview of that version before restoring it.
    await version.getByRole('button', { name: /^Preview the version/ }).click()
    const preview = version.getByRole('region', { name: /^The version before the change of/ })
    await expect(preview.getByRole('definition').first()).toHaveText(title)
    await expect(preview).toContainText('category')
    await expectNoAxeViolations(page, 'history dialog with changes and a preview')
    await version.getByRole('button', { name: /^Restore/ }).click()
    await expectToast(page, 'Version Restored')
    // The dialog follows the record: it is the old title's history now.
    await expect(dialog.getByRole('heading', { name: `History of ${title}`, exact: true })).toBeVisible()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()

    await expect(page.getByText(title, { exact: true })).toBeVisible()
    await expect(page.getByText(`${title} Renamed`, { exact: true })).toHaveCount(0)
    await expect.poll(() => publicTitles(page)).toContain(title)
    expect(await publicTitles(page)).not.toContain(`${title} Renamed`)
  })

  test('brings a deleted game back from the Recently deleted list', async ({ page }, testInfo) => {
    await openTab(page, testInfo, 'games', 'Racing Games Management')
    const title = unique('Deleted GP')
    await addGame(page, title)
    // The panel's own list (the public one may be the CDN's copy for a few seconds while purges are paced).
    const id = ((await (await page.request.get('/api/admin/games')).json()) as { id: number; title: string }[]).find(
      (g) => g.title === title,
    )!.id

    await page.getByRole('button', { name: `Delete ${title}` }).click()
    await confirm(page, 'Delete')
    await expectToast(page, 'Game Deleted Successfully!')
    await expect(page.getByRole('button', { name: `Edit ${title}` })).toHaveCount(0)

    const deleted = page.getByRole('region', { name: 'Recently deleted' })
    await deleted.getByRole('button', { name: `Restore ${title}` }).click()
    await expectToast(page, 'Version Restored', `"${title}" is back.`)
    await expect(page.getByRole('button', { name: `Edit ${title}` })).toBeVisible()
    await expect(deleted.getByRole('button', { name: `Restore ${title}` })).toHaveCount(0)

    // Back under its own id, on the public API too.
    const res = await page.request.get(`/api/games/${id}`)
    expect(res.status()).toBe(200)
    expect(((await res.json()) as { title: string }).title).toBe(title)
  })
})
