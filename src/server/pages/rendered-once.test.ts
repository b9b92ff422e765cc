import { describe, expect, it } from 'vitest'
import { renderedOnce } from './rendered-once.ts'

describe('a not-found answer rendered once per instance (docs/decisions/0702)', () => {
  it('renders once for any number of requests, at once or later, each served the whole answer', async () => {
    const answer = renderedOnce<'article'>()
    let renders = 0
    const render = async () => {
      renders++
      await new Promise((resolve) => setTimeout(resolve, 5))
      return new Response('<h1>Article Not Found</h1>', { status: 404, headers: { 'content-type': 'text/html' } })
    }
    const first = await Promise.all(Array.from({ length: 20 }, () => answer('article', render)))
    const later = await answer('article', render)
    expect(renders).toBe(1)
    for (const res of [...first, later]) {
      expect(res.status).toBe(404)
      expect(res.headers.get('content-type')).toBe('text/html')
      expect(await res.text()).toBe('<h1>Article Not Found</h1>')
    }
  })

  it('keeps nothing of a render that failed: the next request renders again', async () => {
    const answer = renderedOnce<'page'>()
    const statuses = [503, 404, 200]
    let renders = 0
    const render = async () => new Response(`render ${++renders}`, { status: statuses.shift() ?? 404 })
    expect((await answer('page', render)).status).toBe(503)
    expect((await answer('page', render)).status).toBe(404)
    expect(await (await answer('page', render)).text()).toBe('render 2')
    await expect(answer('other' as 'page', () => Promise.reject(new Error('no database')))).rejects.toThrow()
    expect((await answer('other' as 'page', render)).status).toBe(200)
  })
})
