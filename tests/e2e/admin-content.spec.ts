import { test } from '@playwright/test'
import { adminLogin } from '../helpers/e2e-admin.ts'
import { confirm, expect, expectToast, openTab, unique } from '../helpers/e2e-admin-ui.ts'

test.describe('content tabs', () => {
  test('hardware: required fields, forced rating and price, 100-character previews, edit and delete', async ({
    page,
    request,
  }, testInfo) => {
    await openTab(page, testInfo, 'accessories', 'Hardware Management')
    const name = unique('Test Wheelbase')
    await page.getByLabel('Name (company)', { exact: true }).fill(name)
    await page.getByRole('button', { name: 'Add Hardware' }).click()
    await expectToast(page, 'Missing Information', 'Please fill in the accessory name and purchase URL.')

    await page.getByLabel('Purchase URL', { exact: true }).fill('https://example.com/wheelbase')
    await page.getByLabel('Description', { exact: true }).fill('D'.repeat(140))
    await page.getByRole('button', { name: 'Add Hardware' }).click()
    await expectToast(page, 'Hardware Added')
    // The tab's own list: a deleted item shows in 'Recently deleted' below it.
    const item = page
      .getByRole('region', { name: /^Your Hardware/ })
      .getByRole('listitem')
      .filter({ hasText: name })
    await expect(item).toContainText(`${'D'.repeat(100)}...`)
    await expect(item).not.toContainText('D'.repeat(101))
    await expect(item).toContainText('Contact Manufacturer')

    await adminLogin(request, testInfo)
    const saved = ((await (await request.get('/api/accessories')).json()) as { name: string; rating: string }[]).find(
      (a) => a.name === name,
    )
    expect(saved).toMatchObject({ rating: '4.5', price: 'Contact Manufacturer' })

    await page.getByRole('button', { name: `Edit ${name}` }).click()
    await expect(page.getByRole('heading', { name: 'Edit Hardware' })).toBeVisible()
    await page.getByLabel('Brand', { exact: true }).fill('Simucube')
    await page.getByRole('button', { name: 'Update Hardware' }).click()
    await expectToast(page, 'Hardware Updated')
    await expect(item).toContainText('Simucube')
    await page.getByRole('button', { name: `Delete ${name}` }).click()
    await confirm(page, 'Delete')
    await expectToast(page, 'Hardware Deleted')
    await expect(item).toHaveCount(0)
  })

  test('streams: LIVE with viewers or OFFLINE, tags comma-separated', async ({ page }, testInfo) => {
    await openTab(page, testInfo, 'streams', 'Streams Management')
    await expect(page.getByLabel('Category', { exact: true })).toHaveValue('Racing')
    await expect(page.getByLabel('Viewer count', { exact: true })).toHaveValue('0')
    const title = unique('Test Stream')
    await page.getByLabel('Stream Title', { exact: true }).fill(title)
    await page.getByRole('button', { name: 'Add Stream' }).click()
    await expectToast(page, 'Error', 'Please fill in the Stream Title and Stream URL fields')
    await page.getByLabel('Stream URL', { exact: true }).fill('https://twitch.tv/test')
    await page.getByLabel('Tags', { exact: true }).fill('GT3, Endurance')
    await page.getByRole('button', { name: 'Add Stream' }).click()
    await expectToast(page, 'Stream Added')
    const item = page.getByRole('listitem').filter({ hasText: title })
    await expect(item).toContainText('OFFLINE')
    await expect(item).toContainText('Tags: GT3, Endurance')

    await page.getByRole('button', { name: `Edit ${title}` }).click()
    await page.getByRole('switch', { name: 'Live now' }).click()
    await page.getByLabel('Viewer count', { exact: true }).fill('1234')
    await page.getByRole('button', { name: 'Update Stream' }).click()
    await expectToast(page, 'Stream Updated')
    await expect(item).toContainText('LIVE · 1,234 viewers')
    await page.getByRole('button', { name: `Delete ${title}` }).click()
    await confirm(page, 'Delete')
    await expectToast(page, 'Stream Deleted')
  })

  test('the form buttons stay where they are when the image library arrives', async ({ page }, testInfo) => {
    // The library's answer is held so that the form is seen before it and after it.
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/images', async (route) => {
      const answer = await route.fetch()
      await released
      await route.fulfill({ response: answer })
    })
    await openTab(page, testInfo, 'accessories', 'Hardware Management')
    await expect(page.getByText('Loading images...')).toBeVisible()
    // Measured from the top of the form that holds the library, in one read of the page: what the
    // panel shows above the form (the header's publishing state, a notice) may change meanwhile, and
    // two separate reads (the button's box, then the form's) taken across such a change differed.
    const form = page.getByRole('region', { name: 'Add New Hardware' })
    const add = form.getByRole('button', { name: 'Add Hardware' })
    const placeInForm = () =>
      add.evaluate((button) => {
        const [box, top] = [button.getBoundingClientRect(), button.closest('section')!.getBoundingClientRect()]
        return { x: box.x - top.x, y: box.y - top.y, width: box.width, height: box.height }
      })
    const before = await placeInForm()
    release()
    await expect(page.getByRole('button', { name: /^Use image / }).first()).toBeVisible()
    expect(await placeInForm()).toEqual(before)
  })

  test('a stream added while the list is still loading shows in the list', async ({ page }, testInfo) => {
    // The list's first read is answered only after the write: it started before the write, so its
    // answer lacks the new stream, as a slow first load's would.
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    let first = true
    await page.route('**/api/admin/streams', async (route) => {
      if (route.request().method() !== 'GET' || !first) return route.continue()
      first = false
      const before = await route.fetch()
      await released
      await route.fulfill({ response: before })
    })
    await openTab(page, testInfo, 'streams', 'Streams Management')
    const title = unique('Early Stream')
    await page.getByLabel('Stream Title', { exact: true }).fill(title)
    await page.getByLabel('Stream URL', { exact: true }).fill('https://twitch.tv/early')
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/streams') && r.request().method() === 'POST')
    await page.getByRole('button', { name: 'Add Stream' }).click()
    expect((await posted).status()).toBe(201)
    release()
    await expectToast(page, 'Stream Added')
    await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('OFFLINE')

    await page.getByRole('button', { name: `Delete ${title}` }).click()
    await confirm(page, 'Delete')
    await expectToast(page, 'Stream Deleted')
  })

  test('news: add, excerpt, move, edit title, change image, delete with the spec question', async ({
    page,
  }, testInfo) => {
    await openTab(page, testInfo, 'news', 'News Management')
    const title = unique('Test Article')
    await page.getByRole('button', { name: 'New Article' }).click()
    await page.getByLabel('Title', { exact: true }).fill(title)
    await page.getByLabel('Author', { exact: true }).fill('E2E')
    const content = 'Lorem ipsum dolor sit amet '.repeat(10)
    await page.getByRole('button', { name: 'HTML source' }).click()
    await page.getByLabel('Content (HTML)', { exact: true }).fill(content)
    await expect(page.getByText(`${content.slice(0, 150)}...`)).toBeVisible()
    await page.getByRole('button', { name: 'Publish', exact: true }).click()
    await expectToast(page, 'Article Added')
    const list = page.getByRole('list', { name: 'News articles' })
    const item = list.getByRole('listitem').filter({ hasText: title })
    await expect(item).toBeVisible()
    // The row menu holds the spec's actions (move up/down, edit title, edit, delete, AI image, image change).
    const action = async (name: string, article = title) => {
      await list
        .getByRole('listitem')
        .filter({ hasText: article })
        .getByRole('button', { name: `Actions for ${article}` })
        .click()
      await page.getByRole('menuitem', { name, exact: true }).click()
    }

    const items = list.getByRole('listitem')
    const index = await items.evaluateAll((els, t) => els.findIndex((e) => e.textContent?.includes(t)), title)
    if (index > 0) {
      await action('Move up')
      await expectToast(page, 'Article Moved')
      await expect(items.nth(index - 1)).toContainText(title)
    } else {
      await action('Move down')
      await expectToast(page, 'Article Moved')
      await expect(items.nth(index + 1)).toContainText(title)
    }

    await action('Edit title')
    const titleDialog = page.getByRole('dialog', { name: 'Edit title' })
    await titleDialog.getByLabel('Title', { exact: true }).fill(`${title} (updated)`)
    await titleDialog.getByRole('button', { name: 'Save title' }).click()
    await expectToast(page, 'Title Updated')
    const renamed = `${title} (updated)`
    await expect(list.getByText(renamed, { exact: true })).toBeVisible()

    await action('Change image', renamed)
    const imageDialog = page.getByRole('dialog', { name: 'Change image' })
    await imageDialog.getByRole('tab', { name: 'URL' }).click()
    await imageDialog.getByLabel('Image URL', { exact: true }).fill('/images/default-hero.webp')
    await expect(imageDialog.getByText('Click "Use URL" to apply this image')).toBeVisible()
    await imageDialog.getByRole('button', { name: 'Use URL' }).click()
    await expect(imageDialog.getByText('Click "Use URL" to apply this image')).toHaveCount(0)
    await imageDialog.getByRole('button', { name: 'Save image' }).click()
    await expectToast(page, 'Image Updated')

    await action('Delete', renamed)
    await expect(page.getByRole('alertdialog')).toContainText('Are you sure you want to delete this news article?')
    await confirm(page, 'Delete')
    await expectToast(page, 'Deleted!')
    // Gone from the list; 'Recently deleted' below it names it.
    await expect(list.getByText(renamed, { exact: true })).toHaveCount(0)
  })

  test('reviews: rating 0-10, add and delete', async ({ page }, testInfo) => {
    await openTab(page, testInfo, 'reviews', 'Reviews Management')
    const title = unique('Test Review')
    await page.getByLabel('Title', { exact: true }).fill(title)
    await page.getByLabel('Rating (0-10)', { exact: true }).fill('11')
    await page.getByRole('button', { name: 'Add Review' }).click()
    await expectToast(page, 'Missing Information', 'The rating must be a number from 0 to 10.')
    await page.getByLabel('Rating (0-10)', { exact: true }).fill('8.5')
    await page.getByLabel('Summary', { exact: true }).fill('Great force feedback.')
    await page.getByRole('button', { name: 'Add Review' }).click()
    await expectToast(page, 'Review Added')
    await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('8.5/10')
    await page.getByRole('button', { name: `Delete ${title}` }).click()
    await confirm(page, 'Delete')
    await expectToast(page, 'Review Deleted')
  })

  test('championship entries: add, edit and delete', async ({ page }, testInfo) => {
    await openTab(page, testInfo, 'championships', 'Championship Entries')
    const name = unique('Test Driver')
    await page.getByLabel('Driver name', { exact: true }).fill(name)
    await page.getByLabel('Position', { exact: true }).fill('7')
    await page.getByLabel('Points', { exact: true }).fill('88')
    await page.getByRole('button', { name: 'Add Entry' }).click()
    await expectToast(page, 'Entry Added')
    const item = page.getByRole('listitem').filter({ hasText: name })
    await expect(item).toContainText('P7')
    await page.getByRole('button', { name: `Edit ${name}` }).click()
    await page.getByLabel('Position', { exact: true }).fill('5')
    await page.getByRole('button', { name: 'Update Entry' }).click()
    await expectToast(page, 'Entry Updated')
    await expect(item).toContainText('P5')
    await page.getByRole('button', { name: `Delete ${name}` }).click()
    await confirm(page, 'Delete')
    await expectToast(page, 'Deleted!')
  })
})
