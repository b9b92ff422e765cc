import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { adminLogin } from '../helpers/e2e-admin.ts'
import { noSession } from '../helpers/e2e-session.ts'

/**
 * The sign-up forms and the newsletter's pages as a reader meets them on a phone (issue 45), on a
 * site that can send mail (a writing site: the read-only one, as `npm start`, has no newsletter):
 * one form at the end of an article, a way back after unsubscribing, and without JavaScript a
 * mistyped address kept and a link back to the page the reader came from.
 */
test.use({ storageState: noSession, viewport: { width: 390, height: 844 } })

const stamp = Date.now().toString(36)

async function publish(request: APIRequestContext, title: string): Promise<string> {
  const res = await request.post('/api/news', {
    data: { title, author: 'E2E Desk', category: 'Motorsport', excerpt: `${title}.`, content: '<p>Body.</p>' },
  })
  expect(res.status(), await res.text()).toBe(201)
  const { id } = (await res.json()) as { id: number }
  return `/news/${id}`
}

/** The page's sign-up forms: each is a region named by its heading, with an 'Email address' box. */
const signUpForms = (page: Page) =>
  page.getByRole('region').filter({ has: page.getByRole('textbox', { name: 'Email address' }) })

test('a phone-width article ends with one sign-up form, and the home page keeps the one in its footer', async ({
  page,
  request,
}, testInfo) => {
  await adminLogin(request, testInfo)
  const title = `One form ${stamp}`
  await page.goto(await publish(request, title))
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await expect(signUpForms(page)).toHaveCount(1)
  await expect(page.getByRole('region', { name: 'Get the weekly digest' })).toBeVisible()
  await expect(page.getByRole('contentinfo').getByRole('textbox', { name: 'Email address' })).toHaveCount(0)

  await page.goto('/')
  await expect(signUpForms(page)).toHaveCount(1)
  await expect(page.getByRole('contentinfo').getByRole('region', { name: 'Newsletter' })).toBeVisible()
})

test("the unsubscribed page offers 'Subscribe again', which leads to the sign-up form", async ({ page }) => {
  await page.goto('/newsletter?result=unsubscribed')
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribed' })).toBeVisible()
  await page.getByRole('link', { name: 'Subscribe again' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'The SimRacing Hub digest' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('textbox', { name: 'Email address' })).toBeVisible()
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test("a mistyped address comes back in the form, and 'Almost there' leads back to the article", async ({
    page,
    request,
  }, testInfo) => {
    await adminLogin(request, testInfo)
    const title = `Back to it ${stamp}`
    const path = await publish(request, title)
    await page.goto(path)
    const article = page.url()
    const form = page.getByRole('region', { name: 'Get the weekly digest' })
    await form.getByRole('textbox', { name: 'Email address' }).fill(`nojs-${stamp}@example`)
    await form.getByRole('button', { name: 'Subscribe' }).click()

    await expect(page.getByRole('heading', { level: 1, name: 'Please check the address' })).toBeVisible()
    await expect(signUpForms(page)).toHaveCount(1)
    const again = page.getByRole('main').getByRole('textbox', { name: 'Email address' })
    await expect(again).toHaveValue(`nojs-${stamp}@example`)
    await again.fill(`nojs-${stamp}@example.com`)
    await page.getByRole('main').getByRole('button', { name: 'Subscribe' }).click()

    await expect(page.getByRole('heading', { level: 1, name: 'Almost there' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Go Home' })).toBeVisible()
    await page.getByRole('link', { name: 'Back to the article' }).click()
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
    expect(page.url()).toBe(article)
  })

  test("a sign-up from another page's footer gets 'Back' to that page", async ({ page }) => {
    await page.goto('/games')
    const footer = page.getByRole('contentinfo').getByRole('region', { name: 'Newsletter' })
    await footer.getByRole('textbox', { name: 'Email address' }).fill(`games-${stamp}@example.com`)
    await footer.getByRole('button', { name: 'Subscribe' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Almost there' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back to the article' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Back', exact: true })).toHaveAttribute('href', '/games')
    await expect(page.getByRole('link', { name: 'Go Home' })).toBeVisible()
  })
})
