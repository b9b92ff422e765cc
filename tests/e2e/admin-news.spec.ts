/**
 * The News tab's drafts, scheduled publishing and the default article picture (issues 17 and 18),
 * in Chromium against the site as `npm start` serves it. The tab at 10,000 articles is in
 * news-at-scale.spec.ts, which writes the lane's one set of 10,000.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { test } from '@playwright/test'
import postgres from 'postgres'
import { toPublishAtInput } from '../../src/lib/admin/publish-at.ts'
import { adminLogin, tickScheduler, waitForPublish } from '../helpers/e2e-admin.ts'
import { confirm, expect, expectToast, openTab, unique } from '../helpers/e2e-admin-ui.ts'
import { e2eDatabaseUrl } from '../helpers/e2e-database.ts'

test.describe.configure({ timeout: 120_000 })

const list = (page: Page) => page.getByRole('list', { name: 'News articles' })
const row = (page: Page, title: string) => list(page).getByRole('listitem').filter({ hasText: title })
const drafts = (page: Page) => page.getByRole('region', { name: /Drafts to Review/ })

/** A new article from the list's 'New Article', its body typed in the HTML view. */
async function fillArticle(page: Page, title: string, category = 'News') {
  await page.getByRole('button', { name: 'New Article' }).click()
  await page.getByLabel('Title', { exact: true }).fill(title)
  await page.getByLabel('Author', { exact: true }).fill('E2E Desk')
  await page.getByLabel('Category', { exact: true }).fill(category)
  await page.getByRole('button', { name: 'HTML source' }).click()
  await page.getByLabel('Content (HTML)', { exact: true }).fill(`<p>${title}: the body of the article.</p>`)
}

/** Chooses an action in a row's menu. */
async function rowAction(page: Page, title: string, action: string) {
  await row(page, title)
    .getByRole('button', { name: `Actions for ${title}` })
    .click()
  await page.getByRole('menuitem', { name: action, exact: true }).click()
}

async function adminArticle(request: APIRequestContext, title: string) {
  const res = await request.get(`/api/admin/news?search=${encodeURIComponent(title)}`)
  const [article] = (await res.json()) as { id: number; status: string; publishAt: string | null }[]
  return article!
}

/** What a reader sees of an article: its picture's own address, badges, date, title, body and footer. */
async function shown(article: Locator) {
  const image = article.locator('img').first()
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  return {
    image: new URL(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).searchParams.get('url'),
    alt: await image.getAttribute('alt'),
    title: await article.getByRole('heading', { level: 1 }).innerText(),
    text: (await article.innerText()).replace(/^Back to News\s*/, ''),
  }
}

test('a draft without an image: the default picture, Preview as the public page shows it, Generate Image, Publish', async ({
  page,
  request,
}, testInfo) => {
  await adminLogin(request, testInfo)
  await openTab(page, testInfo, 'news', 'News Management')
  const title = unique('Esports draft')
  await fillArticle(page, title, 'Esports')
  await page.getByRole('button', { name: 'Save as Draft' }).click()
  await expectToast(page, 'Draft Saved')
  await expect(row(page, title)).toContainText('Draft')
  // The owner's own draft is in the list, not a second time under 'Drafts to Review' (AI drafts; issue 36).
  await expect(drafts(page)).toContainText('Drafts the AI wrote')
  await expect(drafts(page).getByRole('listitem').filter({ hasText: title })).toHaveCount(0)
  expect((await request.get(`/api/news/${(await adminArticle(request, title)).id}`)).status()).toBe(404)

  // The preview shows the category's default picture (Esports: the red group), never 'Image Not Found'.
  await rowAction(page, title, 'Preview')
  const preview = page.getByRole('dialog', { name: title })
  expect((await shown(preview.getByRole('article'))).image).toBe('/images/news/breaking.webp')
  await expect(preview.getByRole('img', { name: /Image Not Found/ })).toHaveCount(0)
  await preview.getByRole('button', { name: 'Close' }).click()

  await rowAction(page, title, 'Generate AI image')
  await expectToast(page, 'Image Generated')
  const { id } = await adminArticle(request, title)
  const withImage = (await (await request.get(`/api/admin/news/${id}`)).json()) as { imageUrl: string }
  expect(withImage.imageUrl).toMatch(/^\/media\//)

  await waitForPublish(request)
  await rowAction(page, title, 'Publish')
  await expectToast(page, 'Article Published')
  await expect(row(page, title)).toContainText('Published')
  await waitForPublish(request)

  // Preview and page: the same picture, badges, date, title, body and footer.
  await page.reload()
  await rowAction(page, title, 'Preview')
  const previewed = await shown(page.getByRole('dialog', { name: title }).getByRole('article'))
  await page.goto(`/news/${id}`)
  const published = await shown(page.getByRole('article'))
  expect(previewed).toEqual(published)
  expect(published.image).toBe(withImage.imageUrl)
})

test('a published article without an image shows its default picture on the card and its page', async ({
  page,
  request,
}, testInfo) => {
  await adminLogin(request, testInfo)
  const title = unique('Imageless review')
  const created = await request.post('/api/news', {
    data: { title, author: 'E2E Desk', category: 'Reviews', content: '<p>No picture given.</p>' },
  })
  expect(created.status()).toBe(201)
  const { id } = (await created.json()) as { id: number }
  // Its page answers at once (rendered on demand, its cached 404 purged by the create).
  await page.goto(`/news/${id}`)
  const article = page.getByRole('article')
  await expect(article.getByRole('heading', { level: 1, name: title })).toBeVisible()
  const image = article.locator('img').first()
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
  expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(
    encodeURIComponent('/images/news/reviews.webp'),
  )
  await page.goto(`/news?search=${encodeURIComponent(title)}`)
  const card = page.getByRole('article').filter({ hasText: title })
  await expect(card).toBeVisible()
  expect(await card.locator('img').evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(
    encodeURIComponent('/images/news/reviews.webp'),
  )
  await expect(page.getByRole('img', { name: /Image Not Found/ })).toHaveCount(0)
  await request.delete(`/api/news/${id}`)
})

test("Drafts to Review lists the AI's drafts: Discard asks first, then deletes one", async ({
  page,
  request,
}, testInfo) => {
  await adminLogin(request, testInfo)
  const title = unique('Draft to discard')
  const created = await request.post('/api/news', {
    data: { title, author: 'E2E Desk', content: '<p>Not good enough.</p>', status: 'draft' },
  })
  const { id } = (await created.json()) as { id: number }
  // Written by the AI, as a generation stores it (with its sources), without calling the fake AI.
  const sql = postgres(e2eDatabaseUrl(testInfo), { prepare: false, max: 1, onnotice: () => {} })
  await sql`update news_articles set ai_generated = true, sources = ${['https://a.example/1', 'https://b.example/2']} where id = ${id}`
  await sql.end()
  await openTab(page, testInfo, 'news', 'News Management')
  const draft = drafts(page).getByRole('listitem').filter({ hasText: title })
  await draft.getByRole('button', { name: `Discard ${title}` }).click()
  await expect(page.getByRole('alertdialog')).toContainText('Discard draft?')
  await page.keyboard.press('Escape')
  await expect(draft).toBeVisible()
  await draft.getByRole('button', { name: `Discard ${title}` }).click()
  await confirm(page, 'Discard')
  await expectToast(page, 'Draft Discarded')
  await expect(draft).toHaveCount(0)
  expect((await request.get(`/api/admin/news/${id}`)).status()).toBe(404)
})

test('Schedule: the scheduler publishes the article at its time and its page answers; Unschedule keeps a draft', async ({
  page,
  request,
}, testInfo) => {
  await adminLogin(request, testInfo)
  await openTab(page, testInfo, 'news', 'News Management')
  const title = unique('Scheduled grid')
  await fillArticle(page, title, 'F1 News')
  // A day ahead, so the site's own every-minute tick leaves it alone; the test runs the tick at its time.
  const at = new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 86_400_000)
  await page.getByLabel('Publish at', { exact: true }).fill(toPublishAtInput(at))
  await page.getByRole('button', { name: 'Schedule', exact: true }).click()
  await expectToast(page, 'Article Scheduled')
  await page
    .getByRole('group', { name: 'Status' })
    .getByRole('button', { name: /^Scheduled/ })
    .click()
  await expect(row(page, title)).toContainText('Scheduled for')
  const { id } = await adminArticle(request, title)
  expect((await request.get(`/api/news/${id}`)).status()).toBe(404)

  // The every-minute scheduler publishes it at its time; its page and the news list show it (purged, no build).
  expect((await tickScheduler(request, at)).publishedNews).toContain(id)
  await expect
    .poll(async () => (await request.get(`/api/news/${id}`)).status(), { timeout: 30_000, intervals: [500, 1000] })
    .toBe(200)
  const live = (await (await request.get(`/api/news/${id}`)).json()) as { timestamp: string }
  expect(new Date(live.timestamp).toISOString()).toBe(at.toISOString())
  const response = await page.goto(`/news/${id}`)
  expect(response?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await waitForPublish(request)
  await expect
    .poll(async () => (await request.get('/news')).text(), { timeout: 60_000, intervals: [1000] })
    .toContain(title)

  // Unschedule: a scheduled article goes back to a draft kept by hand.
  const later = unique('Scheduled later')
  const created = await request.post('/api/news', {
    data: {
      title: later,
      author: 'E2E Desk',
      content: '<p>Tomorrow.</p>',
      publishAt: new Date(Date.now() + 86_400_000).toISOString(),
    },
  })
  expect(created.status()).toBe(201)
  await openTab(page, testInfo, 'news', 'News Management')
  await page
    .getByRole('group', { name: 'Status' })
    .getByRole('button', { name: /^Scheduled/ })
    .click()
  await rowAction(page, later, 'Unschedule')
  await expectToast(page, 'Article Unscheduled')
  await page
    .getByRole('group', { name: 'Status' })
    .getByRole('button', { name: /^Drafts/ })
    .click()
  await expect(row(page, later)).toContainText('Draft')
  expect((await adminArticle(request, later)).publishAt).toBeNull()
})
