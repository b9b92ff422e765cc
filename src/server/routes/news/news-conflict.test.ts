import { beforeEach, describe, expect, it } from 'vitest'
import { createNews } from '../../demo/factories.ts'
import { adminCookie, send } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { databaseDigest } from '../../../../tests/helpers/digest.ts'

beforeEach(resetDatabase)

const body = { title: 'Spa report', author: 'Desk', content: '<p>Rain.</p>' }
const read = async (cookie: string, id: number) =>
  (await send('GET', `/api/admin/news/${id}`, { cookie })).body as { content: string; updatedAt: string }
const history = async (cookie: string, id: number) =>
  (await send('GET', `/api/admin/revisions/news/${id}`, { cookie })).body as { summary: string }[]

describe('two tabs editing one article', () => {
  it('the second save from an old copy is refused with a 409 and changes nothing; from the new copy it saves', async () => {
    const cookie = await adminCookie()
    const article = await createNews({ ...body, status: 'draft' })
    const opened = (await read(cookie, article.id)).updatedAt

    const first = await send('PUT', `/api/news/${article.id}`, {
      cookie,
      body: { ...body, content: '<p>Tab one.</p>', baseUpdatedAt: opened },
    })
    expect(first.status).toBe(200)

    const before = await databaseDigest()
    const second = await send('PUT', `/api/news/${article.id}`, {
      cookie,
      body: { ...body, content: '<p>Tab two.</p>', baseUpdatedAt: opened },
    })
    expect(second.status).toBe(409)
    expect(second.body).toEqual({
      message:
        'This article was changed in another tab or window after you opened it. Reload it to see those changes, or overwrite them with yours.',
    })
    expect(await databaseDigest()).toBe(before)
    expect((await read(cookie, article.id)).content).toBe('<p>Tab one.</p>')

    // Overwrite: the same save from the copy as it is now.
    const overwrite = await send('PUT', `/api/news/${article.id}`, {
      cookie,
      body: { ...body, content: '<p>Tab two.</p>', baseUpdatedAt: first.body.updatedAt },
    })
    expect(overwrite.status).toBe(200)
    expect((await read(cookie, article.id)).content).toBe('<p>Tab two.</p>')
  })

  it('refuses a save that does not say which version it changes, and changes nothing (issue 42)', async () => {
    const cookie = await adminCookie()
    const article = await createNews({ ...body, status: 'draft' })
    const before = await databaseDigest()
    const blind = await send('PUT', `/api/news/${article.id}`, { cookie, body: { ...body, content: '<p>Blind.</p>' } })
    expect(blind.status).toBe(400)
    expect(blind.body).toEqual({
      message:
        'This save does not say which version of the article it changes (baseUpdatedAt). Reload the article and save again.',
    })
    expect(await databaseDigest()).toBe(before)
  })

  it('moving an article in the list is no edit: the open editor can still save', async () => {
    const cookie = await adminCookie()
    const article = await createNews({ ...body, status: 'draft', displayOrder: 1 })
    await createNews({ title: 'Other', displayOrder: 2 })
    const opened = (await read(cookie, article.id)).updatedAt
    expect((await send('POST', `/api/admin/move-news-down/${article.id}`, { cookie })).status).toBe(200)
    const save = await send('PUT', `/api/news/${article.id}`, {
      cookie,
      body: { ...body, content: '<p>After the move.</p>', baseUpdatedAt: opened },
    })
    expect(save.status).toBe(200)
  })
})

describe('autosave', () => {
  it('keeps one version for a session of autosaves, the one from before it', async () => {
    const cookie = await adminCookie()
    const article = await createNews({ ...body, status: 'draft' })
    let base = (await read(cookie, article.id)).updatedAt
    for (const text of ['One', 'Two', 'Three']) {
      const res = await send('PUT', `/api/news/${article.id}`, {
        cookie,
        body: { ...body, content: `<p>${text}</p>`, baseUpdatedAt: base, autosave: true },
      })
      expect(res.status).toBe(200)
      base = res.body.updatedAt
    }
    expect((await read(cookie, article.id)).content).toBe('<p>Three</p>')
    const versions = await history(cookie, article.id)
    expect(versions.map((v) => v.summary)).toEqual(['Autosaved'])
    const [kept] = (await send('GET', `/api/admin/revisions/news/${article.id}`, { cookie })).body as {
      oldValues: { content?: string }
    }[]
    expect(kept!.oldValues.content ?? '<p>Rain.</p>').toBe('<p>Rain.</p>')

    // A save by hand after the session keeps the autosaved text as a version of its own.
    const saved = await send('PUT', `/api/news/${article.id}`, {
      cookie,
      body: { ...body, content: '<p>Final</p>', baseUpdatedAt: base },
    })
    expect(saved.status).toBe(200)
    expect((await history(cookie, article.id)).length).toBe(2)
  })

  it('never changes a published article and says why', async () => {
    const cookie = await adminCookie()
    const article = await createNews({ ...body })
    const base = (await read(cookie, article.id)).updatedAt
    const before = await databaseDigest()
    const res = await send('PUT', `/api/news/${article.id}`, {
      cookie,
      body: { ...body, content: '<p>Behind my back</p>', baseUpdatedAt: base, autosave: true },
    })
    expect(res.status).toBe(409)
    expect(res.body).toEqual({ message: 'This article is published: it is saved only when you click Update Article.' })
    expect(await databaseDigest()).toBe(before)
  })
})
