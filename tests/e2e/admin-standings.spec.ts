import { test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test'
import { adminLogin } from '../helpers/e2e-admin.ts'
import { confirm, expect, expectToast, openTab } from '../helpers/e2e-admin-ui.ts'

interface StandingsSet {
  id: number
  championshipName: string
  standings: { driverName: string; team: string; points: number }[]
}

async function names(request: APIRequestContext): Promise<string[]> {
  const sets = (await (await request.get('/api/championships-standings')).json()) as StandingsSet[]
  return sets.map((s) => s.championshipName)
}

async function open(page: Page, testInfo: TestInfo) {
  await openTab(page, testInfo, 'championships', 'Championship Standings')
  await expect(page.getByRole('list', { name: 'Championship standings' }).getByRole('listitem').first()).toBeVisible()
}

const cards = (page: Page) => page.getByRole('list', { name: 'Championship standings' }).getByRole('listitem')

test.describe('championships tab: AI standings', () => {
  test('drag with the mouse reorders and the order persists after reload', async ({ page, request }, testInfo) => {
    // Tall enough that the list never scrolls under the pointer: dnd-kit's auto-scroll would move the
    // cards while the mouse moves, and the drop would land one card further.
    await page.setViewportSize({ width: 1280, height: 2400 })
    await adminLogin(request, testInfo)
    const before = await names(request)
    expect(before.length).toBeGreaterThanOrEqual(2)
    await open(page, testInfo)

    const handle = page.getByRole('button', { name: `Reorder ${before[0]}` })
    const target = page.getByRole('button', { name: `Reorder ${before[1]}` })
    const from = (await handle.boundingBox())!
    const to = (await target.boundingBox())!
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2)
    await page.mouse.down()
    // Past the 5 px threshold, then over the second card and a little beyond its middle.
    for (let step = 1; step <= 12; step++)
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + ((to.y - from.y + 20) * step) / 12)
    await page.mouse.up()
    await expectToast(page, 'Championships Reordered')

    const expected = [before[1], before[0], ...before.slice(2)]
    await expect.poll(() => names(request)).toEqual(expected)
    await page.reload()
    await expect(cards(page).first()).toContainText(before[1]!)
    await expect(cards(page).nth(1)).toContainText(before[0]!)
  })

  test('the keyboard reorders with Space and arrows; Escape cancels', async ({ page, request }, testInfo) => {
    await adminLogin(request, testInfo)
    const before = await names(request)
    await open(page, testInfo)

    // Each key waits for what a screen reader user hears: a key pressed before dnd-kit has
    // measured the move would drop the card where it started.
    const first = page.getByRole('button', { name: `Reorder ${before[0]}` })
    const heard = (text: string) => expect(page.getByRole('status').filter({ hasText: text })).toBeAttached()
    // dnd-kit listens for the arrow keys from the task after the pick-up (a setTimeout in its
    // KeyboardSensor): a key pressed in the same instant is lost. A person is never that fast.
    const pause = () => page.waitForTimeout(150)
    await first.focus()
    await page.keyboard.press('Space')
    await heard(`Picked up ${before[0]}, position 1 of ${before.length}.`)
    await pause()
    await page.keyboard.press('ArrowDown')
    await heard(`${before[0]} moved to position 2 of ${before.length}.`)
    await page.keyboard.press('Escape')
    await heard(`Moving ${before[0]} was cancelled.`)
    await expect(cards(page).first()).toContainText(before[0]!)
    expect(await names(request)).toEqual(before)

    await first.focus()
    await page.keyboard.press('Space')
    await heard(`Picked up ${before[0]}, position 1 of ${before.length}.`)
    await pause()
    await page.keyboard.press('ArrowDown')
    await heard(`${before[0]} moved to position 2 of ${before.length}.`)
    await page.keyboard.press('Space')
    await heard(`${before[0]} dropped at position 2 of ${before.length}.`)
    await expectToast(page, 'Championships Reordered')
    const expected = [before[1], before[0], ...before.slice(2)]
    await expect.poll(() => names(request)).toEqual(expected)
    await page.reload()
    await expect(cards(page).first()).toContainText(before[1]!)
  })

  test('inline driver edit, one row at a time; top 3 or all drivers', async ({ page, request }, testInfo) => {
    await adminLogin(request, testInfo)
    const [set] = (await (await request.get('/api/championships-standings')).json()) as StandingsSet[]
    await open(page, testInfo)
    const card = cards(page).first()
    await expect(card.getByRole('row')).toHaveCount(1 + Math.min(3, set!.standings.length))
    if (set!.standings.length > 3) {
      await card.getByRole('button', { name: `Show all drivers of ${set!.championshipName}` }).click()
      await expect(card.getByRole('row')).toHaveCount(1 + set!.standings.length)
      await card.getByRole('button', { name: `Show top 3 of ${set!.championshipName}` }).click()
      await expect(card.getByRole('row')).toHaveCount(4)
    }

    const [first, second] = set!.standings
    await card.getByRole('button', { name: `Edit ${first!.driverName}` }).click()
    await expect(card.getByLabel('Driver name', { exact: true })).toHaveValue(first!.driverName)
    // Editing another row closes the first: one row at a time.
    await card.getByRole('button', { name: `Edit ${second!.driverName}` }).click()
    await expect(card.getByLabel('Driver name', { exact: true })).toHaveCount(1)
    await expect(card.getByLabel('Driver name', { exact: true })).toHaveValue(second!.driverName)
    const renamed = `${second!.driverName} Jr`
    await card.getByLabel('Driver name', { exact: true }).fill(renamed)
    await card.getByLabel('Points', { exact: true }).fill('321')
    await card.getByLabel('Points', { exact: true }).press('Enter')
    await expectToast(page, 'Driver Updated')
    await expect(card.getByRole('cell', { name: renamed, exact: true })).toBeVisible()
    const after = (await (await request.get('/api/championships-standings')).json()) as StandingsSet[]
    expect(after.find((s) => s.id === set!.id)!.standings[1]).toMatchObject({ driverName: renamed, points: 321 })
  })

  test('delete asks first, then removes the standings', async ({ page, request }, testInfo) => {
    await adminLogin(request, testInfo)
    const before = await names(request)
    const last = before.at(-1)!
    await open(page, testInfo)
    await page.getByRole('button', { name: `Delete ${last} standings` }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click()
    expect(await names(request)).toEqual(before)
    await page.getByRole('button', { name: `Delete ${last} standings` }).click()
    await confirm(page, 'Delete')
    await expectToast(page, 'Deleted!')
    await expect.poll(() => names(request)).toEqual(before.slice(0, -1))
  })
})
