/**
 * Issue 36, the owner's panel finished, in Chromium against the site as `npm start` serves it: the
 * editor under the CSP, edit conflicts in sight, one time zone, the Championships tab laid out.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { test } from '@playwright/test'
import { adminLogin, waitForPublish } from '../helpers/e2e-admin.ts'
import {
  adminTabs as tabs,
  expect,
  expectNoAxeViolations,
  expectToast,
  openTab,
  unique,
} from '../helpers/e2e-admin-ui.ts'

test.describe.configure({ timeout: 120_000 })

const editor = (page: Page) => page.getByRole('textbox', { name: 'Content', exact: true })

/** The caret at the end of the article (the editor scrolls it into view), then the keys. */
async function typeAtEnd(page: Page, text: string) {
  // Two tabs of one browser: the one typed in comes to the front, and the keys wait until the
  // editor has the focus (in a tab behind, the first keys of a run were lost: ' Fro' of ' From').
  await page.bringToFront()
  await editor(page).evaluate((element) =>
    (element as HTMLElement & { editor: import('@tiptap/core').Editor }).editor.commands.focus('end'),
  )
  await expect
    .poll(() =>
      editor(page).evaluate((element) =>
        (element as HTMLElement & { editor: import('@tiptap/core').Editor }).editor.view.hasFocus(),
      ),
    )
    .toBe(true)
  await page.keyboard.type(text)
}

/** The whole box is on the screen, whatever the page's scroll. */
async function expectInViewport(page: Page, locator: Locator) {
  await expect(locator).toBeVisible()
  const box = (await locator.boundingBox())!
  const { height } = page.viewportSize()!
  expect(box.y, 'top on screen').toBeGreaterThanOrEqual(0)
  expect(box.y + box.height, 'bottom on screen').toBeLessThanOrEqual(height)
}

async function openArticle(page: Page, title: string) {
  await page.goto('/admin?tab=news')
  await page.getByRole('searchbox', { name: 'Search articles' }).fill(title)
  await page.getByRole('button', { name: `Edit ${title}` }).click()
  await expect(editor(page)).toBeVisible()
}

const stored = async (request: APIRequestContext, id: number) =>
  ((await (await request.get(`/api/admin/news/${id}`)).json()) as { content: string }).content

test("the editor works under the CSP: no console error, white-space pre-wrap, the owner's spaces kept", async ({
  page,
  request,
}, testInfo) => {
  await adminLogin(request, testInfo)
  const logged: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content Security Policy|white-space/i.test(message.text()))
      logged.push(message.text())
  })
  await openTab(page, testInfo, 'news', 'News Management')
  await page.getByRole('button', { name: 'New Article' }).click()
  await expect(editor(page)).toBeVisible()
  expect(await editor(page).evaluate((element) => getComputedStyle(element).whiteSpace)).toBe('pre-wrap')

  const title = unique('Spaces kept')
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel('Author', { exact: true }).fill('E2E Desk')
  await editor(page).click()
  await page.keyboard.type('bold ')
  await page.getByRole('group', { name: 'Formatting' }).getByRole('button', { name: 'Bold' }).click()
  await page.keyboard.type('BOLD')
  await page.getByRole('button', { name: 'Save as Draft' }).click()
  await expectToast(page, 'Draft Saved')
  const res = await request.get(`/api/admin/news?search=${encodeURIComponent(title)}`)
  const [article] = (await res.json()) as { id: number; content: string }[]
  expect(article!.content).toBe('<p>bold <strong>BOLD</strong></p>')
  expect(logged).toEqual([])
  await request.delete(`/api/news/${article!.id}`)
})

test('an edit conflict is in sight at 1400x900 and 390x844, the status line agrees, and a second tab is told', async ({
  page,
  request,
}, testInfo) => {
  await adminLogin(request, testInfo)
  const title = unique('Long draft')
  // A long article: the caret at its end is far down the page, as in the issue (2,500 px).
  const paragraphs = Array.from({ length: 40 }, (_, i) => `<p>Paragraph ${i + 1} of the race report.</p>`).join('')
  const created = await request.post('/api/news', {
    data: { title, author: 'E2E Desk', content: paragraphs, status: 'draft' },
  })
  expect(created.status()).toBe(201)
  const { id } = (await created.json()) as { id: number }

  await page.setViewportSize({ width: 1400, height: 900 })
  await openArticle(page, title)
  const phone = await page.context().newPage()
  await phone.setViewportSize({ width: 390, height: 844 })
  await openArticle(phone, title)
  // The second tab is told at once that the first has the article open.
  await expect(phone.getByText('This article is open in another tab of this browser')).toBeVisible()

  await typeAtEnd(page, ' From the laptop.')
  await expect(page.getByRole('status').filter({ hasText: /^Saved at \d{1,2}:\d\d [AP]M$/ })).toBeVisible()
  // The phone hears of the save before it types.
  await expect(phone.getByText(/^Another tab saved this article at/)).toBeVisible()

  // The phone's own typing is refused (409): the warning and the status line, on its screen.
  await typeAtEnd(phone, ' From the phone.')
  const phoneConflict = phone.getByRole('alert').filter({ hasText: 'Changed elsewhere' })
  await expectInViewport(phone, phoneConflict)
  await expectInViewport(
    phone,
    phone.getByRole('status').filter({ hasText: 'Not saved: the article was changed elsewhere' }),
  )
  expect(await phone.evaluate(() => window.scrollY)).toBeGreaterThan(500)
  await expectNoAxeViolations(phone, 'editor with a conflict (390 px)')
  await phoneConflict.getByRole('button', { name: 'Overwrite with mine' }).click()
  await expect(phone.getByRole('status').filter({ hasText: /^Saved at/ })).toBeVisible()

  // Now the laptop is behind: its next save is refused, in sight at 1400x900.
  await typeAtEnd(page, ' Again.')
  const conflict = page.getByRole('alert').filter({ hasText: 'Changed elsewhere' })
  await expectInViewport(page, conflict)
  await expectInViewport(
    page,
    page.getByRole('status').filter({ hasText: 'Not saved: the article was changed elsewhere' }),
  )
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
  expect(await stored(request, id)).toContain('From the phone.')
  await phone.close()
  await request.delete(`/api/news/${id}`)
})

/** The text a person sees: visible text nodes, and each select's chosen option (not the closed list). */
const visibleText = (page: Page) =>
  page.evaluate(() => {
    const texts: string[] = []
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || parent.closest('option, script, style') || !parent.checkVisibility()) continue
      if (node.textContent?.trim()) texts.push(node.textContent.trim())
    }
    for (const select of document.querySelectorAll('select'))
      if (select.checkVisibility()) texts.push(select.selectedOptions[0]?.text ?? '')
    return texts.join('\n')
  })

const berlin = (iso: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', ...options }).format(new Date(iso))

test("with Europe/Berlin set, no tab says 'UTC', and the header and the list show the same moment", async ({
  page,
  request,
}, testInfo) => {
  await adminLogin(request, testInfo)
  expect((await request.put('/api/admin/time-zone', { data: { timeZone: 'Europe/Berlin' } })).status()).toBe(200)
  try {
    const title = unique('Berlin article')
    const created = await request.post('/api/news', { data: { title, author: 'E2E Desk', content: '<p>Now.</p>' } })
    const article = (await created.json()) as { id: number; timestamp: string }
    await waitForPublish(request)
    // The site's own work (the scheduler's tick) may purge again meanwhile: the header is read
    // against the last purge the API names at that moment.
    const lastPurgeAt = async () =>
      ((await (await request.get('/api/admin/publish-status')).json()) as { publishing: { lastPurgeAt: string } })
        .publishing.lastPurgeAt

    await page.setViewportSize({ width: 1400, height: 900 })
    for (const [id, heading] of tabs) {
      await openTab(page, testInfo, id, heading)
      await expect(page.getByText(/^Loading/)).toHaveCount(0)
      const text = await visibleText(page)
      expect(text, `the ${id} tab`).not.toContain('UTC')
      if (id !== 'news') continue
      // The header's last purge and the article's row, both on Berlin's clock.
      const header = page.getByRole('banner').getByText(/^Last change published /)
      let purgedAt = ''
      await expect(async () => {
        purgedAt = await lastPurgeAt()
        await expect(header).toHaveText(
          `Last change published ${berlin(purgedAt, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })} ${berlin(purgedAt, { timeZoneName: 'short' }).split(' ').at(-1)}`,
          { timeout: 2_000 },
        )
      }).toPass({ timeout: 30_000 })
      await page.getByRole('searchbox', { name: 'Search articles' }).fill(title)
      const row = page.getByRole('list', { name: 'News articles' }).getByRole('listitem').filter({ hasText: title })
      const listed = berlin(article.timestamp, { dateStyle: 'medium', timeStyle: 'short' })
      await expect(row.locator('time')).toHaveText(listed)
      await expect(page.getByText('Date (Europe/Berlin)')).toBeVisible()
      // One clock: the header's time less the row's is the time between the purge and the article
      // (to the minute either shows), not an hour more or less as a UTC header beside a Berlin list was.
      const shown = (await header.innerText()).replace(/^Last change published (.+) GMT.*$/, '$1')
      const [year] = listed.match(/\d{4}/)!
      const apart = Date.parse(`${shown.replace(',', ` ${year}`)}`) - Date.parse(listed.replace(/, (\d{4}),/, ' $1'))
      const real = Date.parse(purgedAt) - Date.parse(article.timestamp)
      expect(Math.abs(apart - real)).toBeLessThanOrEqual(60_000)
    }
    await request.delete(`/api/news/${article.id}`)
  } finally {
    await request.put('/api/admin/time-zone', { data: { timeZone: 'UTC' } })
  }
})

test('Championships: the import form from the top, a new championship off /championships, the phone layout', async ({
  page,
  request,
}, testInfo) => {
  await adminLogin(request, testInfo)
  const name = unique('E2E Empty Cup')
  const created = await request.post('/api/admin/championship-sources', {
    data: { championshipName: name, source: 'results', season: '2026', pointsPreset: 'f1' },
  })
  expect(created.status()).toBe(201)
  const { id } = (await created.json()) as { id: number }

  await page.setViewportSize({ width: 1400, height: 900 })
  await openTab(page, testInfo, 'championships', 'Championship Standings')
  // The menu at the top of the tab reaches the import form, with every table still above it.
  const menu = page.getByRole('navigation', { name: 'Parts of the Championships tab' })
  await expectInViewport(page, menu.getByRole('link', { name: 'Import race results' }))
  await menu.getByRole('link', { name: 'Import race results' }).click()
  await expectInViewport(page, page.getByRole('heading', { name: 'Import Race Results' }))
  await expectInViewport(page, page.getByLabel('Result file', { exact: true }))

  // Added, without results: the tab says it is not on the site, and the site agrees.
  const card = page
    .getByRole('list', { name: 'Championship standings' })
    .getByRole('listitem')
    .filter({ hasText: name })
  await expect(card).toContainText('Not on the site yet')
  const listed = (await (await request.get('/api/championships-standings')).json()) as { championshipName: string }[]
  expect(listed.map((s) => s.championshipName)).not.toContain(name)
  await page.goto('/championships')
  await expect(page.getByRole('heading', { name: 'Championship Standings', level: 1 })).toBeVisible()
  await expect(page.getByText(name)).toHaveCount(0)

  // On a phone the championship name box has a line of its own.
  await page.setViewportSize({ width: 390, height: 844 })
  await openTab(page, testInfo, 'championships', 'Championship Standings')
  const box = (await page.getByLabel('Championship name', { exact: true }).boundingBox())!
  expect(box.width).toBeGreaterThan(250)
  await request.delete(`/api/championships-standings/${id}`)
})
