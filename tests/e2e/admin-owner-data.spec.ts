import { test, type APIRequestContext } from '@playwright/test'
import { adminLogin } from '../helpers/e2e-admin.ts'
import { expect, expectToast, openTab, unique } from '../helpers/e2e-admin-ui.ts'

/**
 * Issue 25: nothing the owner did not touch may change. Each record is read through the API before
 * and after one field is edited in the browser: every other field, to the second, is as it was.
 */
type Row = Record<string, unknown> & { id: number }

const read = async (request: APIRequestContext, path: string) => {
  const res = await request.get(path)
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()) as Row
}

/** The row without the field edited and its last-change time. */
const untouched = (row: Row, field: string) => {
  const { [field]: _edited, updatedAt: _updated, ...rest } = row
  return rest
}

test.describe('an edit changes only what was touched', () => {
  test('a stream: editing its description keeps its start time to the second, and the History names the description only', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000)
    await adminLogin(request, testInfo)
    const title = unique('Pikes Peak replay')
    const created = await request.post('/api/streams', {
      data: {
        title,
        streamUrl: 'https://www.youtube.com/@e2e-untouched',
        description: 'Taking on the Pikes Peak hillclimb.',
        startTime: '2026-11-20T20:48:56.000Z',
        endTime: '2026-11-20T22:48:56.000Z',
        tags: ['DiRT Rally 2.0', 'Hillclimb'],
        viewerCount: 12,
      },
    })
    expect(created.status(), await created.text()).toBe(201)
    const before = (await created.json()) as Row

    await openTab(page, testInfo, 'streams', 'Streams Management')
    await page.getByRole('button', { name: `Edit ${title}` }).click()
    await page.getByLabel('Description', { exact: true }).fill('A new personal best on the last run.')
    await page.getByRole('button', { name: 'Update Stream' }).click()
    await expectToast(page, 'Stream Updated')

    const after = await read(request, `/api/streams/${before.id}`)
    expect(after.description).toBe('A new personal best on the last run.')
    expect(after.startTime).toBe('2026-11-20T20:48:56.000Z')
    expect(untouched(after, 'description')).toEqual(untouched(before, 'description'))
    const history = (await (await request.get(`/api/admin/revisions/stream/${before.id}`)).json()) as {
      changedFields: string[]
    }[]
    expect(history.map((v) => v.changedFields)).toEqual([['description']])
    await request.delete(`/api/streams/${before.id}`)
  })

  test('a hardware item: editing its brand changes its brand only (rating and price included)', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000)
    await adminLogin(request, testInfo)
    const name = unique('Untouched Wheelbase')
    const created = await request.post('/api/accessories', {
      data: {
        name,
        brand: 'Simucube',
        category: 'Wheel Bases',
        purchaseUrl: 'https://simucube.example/2-pro',
        description: 'A 25 Nm direct-drive servo.',
        imageUrl: '/demo/hardware/simucube-2-pro.webp',
        featured: true,
      },
    })
    expect(created.status(), await created.text()).toBe(201)
    const before = (await created.json()) as Row

    await openTab(page, testInfo, 'accessories', 'Hardware Management')
    await page.getByRole('button', { name: `Edit ${name}` }).click()
    await page.getByLabel('Brand', { exact: true }).fill('Simucube Oy')
    await page.getByRole('button', { name: 'Update Hardware' }).click()
    await expectToast(page, 'Hardware Updated')

    const after = await read(request, `/api/accessories/${before.id}`)
    expect(after.brand).toBe('Simucube Oy')
    expect(untouched(after, 'brand')).toEqual(untouched(before, 'brand'))
    expect(after).toMatchObject({ rating: '4.5', price: 'Contact Manufacturer', featured: true })
    await request.delete(`/api/accessories/${before.id}`)
  })
})

test.describe('text taken from HTML', () => {
  test('the excerpt of an article with a heading and a list reads as separate sentences, in the API and the feed', async ({
    request,
  }, testInfo) => {
    await adminLogin(request, testInfo)
    const title = unique('Excerpt check')
    const res = await request.post('/api/news', {
      data: {
        title,
        author: 'E2E',
        category: 'News',
        content: '<h2>What to watch</h2><ul><li>Rain on Sunday</li><li>New tyres</li></ul><p>Rain is likely.</p>',
      },
    })
    expect(res.status(), await res.text()).toBe(201)
    const article = (await res.json()) as Row
    const expected = 'What to watch. Rain on Sunday. New tyres. Rain is likely....'
    expect(article.excerpt).toBe(expected)
    try {
      // The feed shows it once the write's purge has gone through (seconds).
      await expect
        .poll(async () => (await request.get('/rss.xml')).text(), { timeout: 30_000, intervals: [500, 1_000, 2_000] })
        .toContain(`<description>${expected}</description>`)
    } finally {
      await request.delete(`/api/news/${article.id}`)
    }
  })
})
