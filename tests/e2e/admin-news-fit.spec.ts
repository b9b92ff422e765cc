/**
 * Issue 25: the News tab fits a laptop (1400 px) and a phone (390 px): no element is wider than the
 * screen, and no control of a row covers another (titles had wrapped one word a line and the
 * 'Scheduled for' badge covered the buttons; a long /media/... address made the form 720 px wide).
 */
import type { Page } from '@playwright/test'
import { test } from '@playwright/test'
import { adminLogin } from '../helpers/e2e-admin.ts'
import { expect, openTab, unique } from '../helpers/e2e-admin-ui.ts'

/** Elements of the page whose right edge passes the viewport's (the page would scroll sideways). */
const tooWide = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth
    const wide = [...document.querySelectorAll('body *')].filter((el) => {
      const box = el.getBoundingClientRect()
      return box.width > 0 && box.right > width + 0.5 && getComputedStyle(el).position !== 'fixed'
    })
    return {
      scrollWidth: document.documentElement.scrollWidth,
      width,
      wide: wide.slice(0, 5).map((el) => `${el.tagName} ${(el.textContent ?? '').slice(0, 40)}`),
    }
  })

/** Pairs of a row's visible parts (box, title, status, category, date, author, menu) that overlap. */
const overlaps = (page: Page) =>
  page.getByRole('list', { name: 'News articles' }).evaluate((ul) => {
    const found: string[] = []
    for (const li of ul.children) {
      const parts = [...li.querySelectorAll('input, button, time, span')]
        .filter((el) => el.children.length === 0 || el.tagName === 'BUTTON')
        .map((el) => ({
          name: `${el.tagName} ${(el.textContent ?? '').trim().slice(0, 30)}`,
          box: el.getBoundingClientRect(),
        }))
        .filter((p) => p.box.width > 0 && p.box.height > 0)
      for (let i = 0; i < parts.length; i++)
        for (let j = i + 1; j < parts.length; j++) {
          const [a, b] = [parts[i]!.box, parts[j]!.box]
          const inside = (x: DOMRect, y: DOMRect) =>
            x.left >= y.left && x.right <= y.right && x.top >= y.top && x.bottom <= y.bottom
          if (inside(a, b) || inside(b, a)) continue // a badge inside its own cell
          if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
            found.push(`${parts[i]!.name} / ${parts[j]!.name}`)
        }
    }
    return found
  })

for (const { name, viewport } of [
  { name: 'a laptop (1400 px)', viewport: { width: 1400, height: 900 } },
  { name: 'a phone (390 px)', viewport: { width: 390, height: 844 } },
]) {
  test.describe(`on ${name}`, () => {
    test.use({ viewport })

    test('the list and the editor fit: nothing wider than the screen, no row control over another', async ({
      page,
      request,
    }, testInfo) => {
      await adminLogin(request, testInfo)
      const title = unique('A deliberately long article title about the championship decider at Suzuka that goes on')
      const longImage = `/media/${'0123456789abcdef'.repeat(8)}.webp`
      const scheduled = await request.post('/api/news', {
        data: {
          title,
          author: 'E2E Desk with a long name',
          category: 'Motorsport',
          content: '<p>Scheduled.</p>',
          imageUrl: longImage,
          publishAt: new Date(Date.now() + 86_400_000).toISOString(),
        },
      })
      expect(scheduled.status()).toBe(201)
      const { id } = (await scheduled.json()) as { id: number }

      await openTab(page, testInfo, 'news', 'News Management')
      await page.getByRole('searchbox', { name: 'Search articles' }).fill(title)
      await expect(page.getByText('Showing 1-1 of 1', { exact: true })).toBeVisible()
      const row = page.getByRole('list', { name: 'News articles' }).getByRole('listitem')
      await expect(row).toContainText('Scheduled for')
      // A title stays on one line (cut with an ellipsis), never one word a line.
      const titleBox = await row.getByRole('button', { name: `Edit ${title}` }).boundingBox()
      expect(titleBox!.height).toBeLessThan(32)
      expect(await overlaps(page)).toEqual([])
      expect(await tooWide(page)).toMatchObject({ wide: [] })

      // The whole first page of the demo's articles too.
      await page.getByRole('searchbox', { name: 'Search articles' }).fill('')
      await expect(page.getByText(/^Showing 1-20 of /)).toBeVisible()
      expect(await overlaps(page)).toEqual([])
      expect(await tooWide(page)).toMatchObject({ wide: [] })

      // The menu of a row opens inside the screen.
      await page
        .getByRole('button', { name: /^Actions for / })
        .first()
        .click()
      const menu = page.getByRole('menu')
      await expect(menu.getByRole('menuitem', { name: 'Move up' })).toBeVisible()
      const menuBox = await menu.boundingBox()
      expect(menuBox!.x).toBeGreaterThanOrEqual(0)
      expect(menuBox!.x + menuBox!.width).toBeLessThanOrEqual(viewport.width)
      await page.keyboard.press('Escape')

      // The editor of the article with the long /media/... address.
      await page.getByRole('searchbox', { name: 'Search articles' }).fill(title)
      await page.getByRole('button', { name: `Edit ${title}` }).click()
      await expect(page.getByRole('textbox', { name: 'Content', exact: true })).toBeVisible()
      await expect(page.getByText(longImage)).toBeAttached()
      expect(await tooWide(page)).toMatchObject({ wide: [] })
      await request.delete(`/api/news/${id}`)
    })
  })
}
