import { expect, test } from './public-helpers.ts'
import { adminLogin, waitForPublish } from '../helpers/e2e-admin.ts'

/** Classic payloads; each would set window.__xss if any script ran. */
const payloads = [
  '<script>window.__xss = "script"</script>',
  '<IMG SRC=x OnErRoR="window.__xss = \'img-onerror\'">',
  '<img src="x" onerror&#x3D;"window.__xss = \'entity-attr\'">',
  '<a href="javascript:window.__xss = \'js-link\'">js link</a>',
  '<a href="JaVaScRiPt:window.__xss = \'mixed-case-link\'">mixed case link</a>',
  '<a href="&#106;&#97;vascript:window.__xss = \'encoded-link\'">encoded link</a>',
  '<a href="jav&#x09;ascript:window.__xss = \'tab-link\'">tab link</a>',
  '<svg onload="window.__xss = \'svg-onload\'"><script>window.__xss = "svg-script"</script></svg>',
  '<iframe srcdoc="<script>parent.__xss = \'srcdoc\'</script>"></iframe>',
  '<iframe src="javascript:parent.__xss = \'iframe-js\'"></iframe>',
  '<details open ontoggle="window.__xss = \'ontoggle\'"><summary>s</summary></details>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss = \'mxss\'">',
  '<object data="javascript:window.__xss = \'object\'"></object>',
  '<div style="background:url(javascript:window.__xss = \'style\')">styled</div>',
  '<form action="javascript:window.__xss = \'form\'"><button>go</button></form>',
  '%3Cscript%3Ewindow.__xss = "urlencoded"%3C/script%3E',
  '&lt;script&gt;window.__xss = "escaped"&lt;/script&gt;',
]

test('article HTML with XSS payloads is stored sanitized and renders without running any script', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000)
  await adminLogin(request, testInfo)
  const title = `XSS check ${Date.now()}`
  const res = await request.post('/api/news', {
    data: { title, author: 'Security', category: 'News', content: `<p>Visible paragraph.</p>${payloads.join('\n')}` },
  })
  expect(res.status(), await res.text()).toBe(201)
  const article = await res.json()
  expect(article.content).not.toMatch(
    /<script|onerror|onload|ontoggle|javascript:|<iframe|srcdoc|<svg|<object|style=|<form/i,
  )

  await waitForPublish(request)
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await page.goto(`/news/${article.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
  await expect(page.getByText('Visible paragraph.')).toBeVisible()
  // Follow every link in the article body: none may run script.
  for (const link of await page.locator('.article-body a').all())
    await link.click({ noWaitAfter: true }).catch(() => {})
  await page.waitForTimeout(500)
  if (!page.url().includes(`/news/${article.id}`)) await page.goto(`/news/${article.id}`)
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined()
  expect(dialogs).toEqual([])
  expect(
    await page.locator('.article-body script, .article-body iframe, .article-body svg, .article-body object').count(),
  ).toBe(0)
})
