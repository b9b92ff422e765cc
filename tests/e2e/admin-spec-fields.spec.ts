import { test } from '@playwright/test'
import { adminLogin, waitForPublish } from '../helpers/e2e-admin.ts'
import { expect, expectToast, openTab, unique } from '../helpers/e2e-admin-ui.ts'

/** Issue 17 item 6: the spec's fields the forms lacked, through the served site. */
test.describe('spec fields of the content forms', () => {
  test("a review's platform, date and source URL: 'Read Full Review' on /reviews after publish", async ({
    page,
    request,
  }, testInfo) => {
    await openTab(page, testInfo, 'reviews', 'Reviews Management')
    const title = unique('Test Review')
    const sourceUrl = `https://example.com/reviews/${Date.now()}`
    await page.getByLabel('Title', { exact: true }).fill(title)
    await page.getByLabel('Author', { exact: true }).fill('Tester')
    await page.getByLabel('Rating (0-10)', { exact: true }).fill('8.5')
    await page.getByLabel('Platform', { exact: true }).fill('PC')
    await page.getByLabel('Review date', { exact: true }).fill('2026-03-07')
    await page.getByLabel('Source URL', { exact: true }).fill(sourceUrl)
    await page.getByLabel('Summary', { exact: true }).fill('A thorough look at the physics.')
    await page.getByRole('button', { name: 'Add Review' }).click()
    await expectToast(page, 'Review Added')
    await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('PC')

    await page.getByRole('button', { name: `Edit ${title}` }).click()
    await expect(page.getByLabel('Review date', { exact: true })).toHaveValue('2026-03-07')
    await expect(page.getByLabel('Source URL', { exact: true })).toHaveValue(sourceUrl)
    await page.getByRole('button', { name: 'Cancel' }).click()

    await adminLogin(request, testInfo)
    await waitForPublish(request)
    await page.goto('/reviews')
    const card = page.getByRole('article').filter({ hasText: title })
    const link = card.getByRole('link', { name: /Read Full Review/ })
    await expect(link).toHaveAttribute('href', sourceUrl)
    await expect(link).toHaveAttribute('target', '_blank')
  })

  test('a stream with its start and end times', async ({ page }, testInfo) => {
    await openTab(page, testInfo, 'streams', 'Streams Management')
    const title = unique('Test Timed Stream')
    await page.getByLabel('Stream Title', { exact: true }).fill(title)
    await page.getByLabel('Stream URL', { exact: true }).fill('https://twitch.tv/timed')
    await page.getByLabel('Start time', { exact: true }).fill('2026-12-01T18:00')
    await page.getByLabel('End time', { exact: true }).fill('2026-12-01T17:00')
    await page.getByRole('button', { name: 'Add Stream' }).click()
    await expectToast(page, 'Error', 'The end time must be after the start time.')

    await page.getByLabel('End time', { exact: true }).fill('2026-12-01T20:30')
    await page.getByRole('button', { name: 'Add Stream' }).click()
    await expectToast(page, 'Stream Added')
    await page.getByRole('button', { name: `Edit ${title}` }).click()
    await expect(page.getByLabel('Start time', { exact: true })).toHaveValue('2026-12-01T18:00')
    await expect(page.getByLabel('End time', { exact: true })).toHaveValue('2026-12-01T20:30')
  })

  test("the Steam store variant: the spec's message, then a saved Steam game", async ({ page, request }, testInfo) => {
    await openTab(page, testInfo, 'games', 'Racing Games Management')
    const title = unique('Test Steam Game')
    await page.getByLabel('Title', { exact: true }).fill(title)
    await page.getByLabel('Link type', { exact: true }).selectOption({ label: 'Steam store' })
    await page.getByRole('button', { name: 'Add Game' }).click()
    await expectToast(page, 'Missing Information', 'Please fill in the game title and Steam URL.')

    const steamUrl = 'https://store.steampowered.com/app/805550'
    await page.getByLabel('Steam store URL', { exact: true }).fill(steamUrl)
    await page.getByRole('button', { name: 'Add Game' }).click()
    await expectToast(page, 'Racing Game Added Successfully!')

    await adminLogin(request, testInfo)
    const games = (await (await request.get('/api/games')).json()) as { title: string; steamUrl: string | null }[]
    expect(games.find((g) => g.title === title)).toMatchObject({ steamUrl })
    await page.getByRole('button', { name: `Edit ${title}` }).click()
    await expect(page.getByLabel('Link type', { exact: true })).toHaveValue('steam')
    await expect(page.getByLabel('Steam store URL', { exact: true })).toHaveValue(steamUrl)
  })
})
