import { beforeEach, describe, expect, it } from 'vitest'
import { seoDefaults } from '../../../lib/seo-defaults.ts'
import { adminCookie, send } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'

beforeEach(resetDatabase)

describe('/api/admin/seo', () => {
  it('saves a page and resets it to the defaults', async () => {
    const cookie = await adminCookie()
    expect((await send('GET', '/api/admin/seo', { cookie })).body).toHaveLength(7)
    const saved = await send('PUT', '/api/admin/seo/news', {
      cookie,
      body: { title: 'News!', description: 'All the news', keywords: 'f1' },
    })
    expect(saved.body).toEqual({
      page: 'news',
      title: 'News!',
      description: 'All the news',
      keywords: 'f1',
      customized: true,
    })
    expect((await send('GET', '/api/admin/seo/news', { cookie })).body.title).toBe('News!')
    const reset = await send('DELETE', '/api/admin/seo/news', { cookie })
    expect(reset.body).toEqual({ page: 'news', ...seoDefaults.news, customized: false })
  })

  it('refuses unknown pages and blank titles', async () => {
    const cookie = await adminCookie()
    expect((await send('PUT', '/api/admin/seo/admin', { cookie, body: { title: 'x', description: 'y' } })).status).toBe(
      400,
    )
    expect((await send('PUT', '/api/admin/seo/home', { cookie, body: { title: '', description: 'y' } })).body).toEqual({
      message: 'Please fill in the page title.',
    })
  })
})
