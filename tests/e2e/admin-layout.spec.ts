import { test } from '@playwright/test'
import { expect, loginContext } from '../helpers/e2e-admin-ui.ts'
import { e2eSessionFile } from '../helpers/e2e-session.ts'

// Admin pages: they start with the run's one admin session (tests/setup/e2e-session.global.ts).
test.use({ storageState: ({}, provide, testInfo) => provide(e2eSessionFile(testInfo.project.use.baseURL ?? '')) })

/**
 * Nothing moves under the pointer while a tab loads: every button shown before the tab's data has
 * arrived is still at the same place once it has. A list arriving above a form had pushed its
 * 'Add Hardware' button down just as a click reached it, and the click landed on a picture.
 * Each read of the API is slowed down here, so that the tab is seen before its data and after it.
 */
const tabs = [
  'games',
  'accessories',
  'championships',
  'streams',
  'news',
  'reviews',
  'home-screen',
  'images',
  'seo',
  'scheduler',
  'openai-diagnostic',
  'system-settings',
  // Not Activity: its page buttons sit below the log, and both are disabled until it is in.
]

/** The page's buttons by name, with their place in the document (a name shown twice is left out). */
const buttonPlaces = (page: import('@playwright/test').Page) =>
  page.evaluate(() => {
    const places = new Map<string, number | null>()
    for (const button of document.querySelectorAll('main button')) {
      const name = `${button.getAttribute('aria-label') ?? button.textContent?.trim()}`
      places.set(name, places.has(name) ? null : Math.round(button.getBoundingClientRect().top + window.scrollY))
    }
    return Object.fromEntries([...places].filter(([, y]) => y !== null)) as Record<string, number>
  })

for (const tab of tabs) {
  test(`the ${tab} tab: no button moves when its data arrives`, async ({ page }, testInfo) => {
    await loginContext(page, testInfo)
    await page.route('**/api/**', async (route) => {
      const url = route.request().url()
      // The publishing state too (the header's badge, the System tab's Publishing and Deploys): it
      // once came after the System tab and pushed its buttons down. Not the session.
      const slowed = route.request().method() === 'GET' && !/\/api\/admin\/session/.test(url)
      if (slowed) await new Promise((resolve) => setTimeout(resolve, 700))
      await route.continue()
    })
    await page.goto(`/admin?tab=${tab}`)
    // The tab's own heading, inside main: the sidebar's group headings are h2 too, and waiting for
    // one of them measured the page before the tab was there at all.
    await expect(page.getByRole('main').getByRole('heading', { level: 2 }).first()).toBeVisible()
    const before = await buttonPlaces(page)
    await page.waitForLoadState('networkidle')
    const after = await buttonPlaces(page)
    const moved = Object.entries(before)
      .filter(([name, y]) => after[name] !== undefined && after[name] !== y)
      .map(([name, y]) => `${name}: ${y} -> ${after[name]}`)
    expect(moved).toEqual([])
  })
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } })

  /** The elements of the tab that reach past either edge of the screen, and whether the page scrolls sideways. */
  const overflow = (page: import('@playwright/test').Page) =>
    page.evaluate(() => {
      const width = document.documentElement.clientWidth
      const wide = [...document.querySelectorAll('main *')]
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        // Visually hidden helpers (1 px, clipped: the drag and drop's screen-reader text) are not seen.
        .filter(({ box }) => box.width > 1 && (box.right > width + 0.5 || box.left < -0.5))
        .map(
          ({ el, box }) =>
            `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}" ${Math.round(box.left)}-${Math.round(box.right)}`,
        )
      return { wide, scrollsSideways: document.documentElement.scrollWidth > width }
    })

  test('the championships tab fits the screen: no element is wider than the viewport, nor while a row is edited', async ({
    page,
  }, testInfo) => {
    await loginContext(page, testInfo)
    await page.goto('/admin?tab=championships')
    await expect(page.getByRole('heading', { name: 'Championship Standings', level: 2 })).toBeVisible()
    await expect(page.getByText(/^Loading/)).toHaveCount(0)
    // Every driver row shown: the widest content there is.
    const showAll = page.getByRole('button', { name: /^Show all/ })
    for (let n = await showAll.count(); n > 0; n--) await showAll.first().click()
    await expect(showAll).toHaveCount(0)
    expect(await overflow(page)).toEqual({ wide: [], scrollsSideways: false })
    // A driver row being edited: its three inputs, Save and Cancel.
    await page
      .getByRole('main')
      .getByRole('button', { name: /^Edit / })
      .first()
      .click()
    await expect(
      page.getByRole('list', { name: 'Championship standings' }).getByRole('textbox', { name: 'Driver name' }),
    ).toBeFocused()
    expect(await overflow(page)).toEqual({ wide: [], scrollsSideways: false })
  })
})
