import { beforeEach, describe, expect, it } from 'vitest'
import { createStream } from '../../demo/factories.ts'
import { adminCookie, send } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'

beforeEach(resetDatabase)

describe('stream writes', () => {
  it("defaults category to 'Racing' and viewerCount to 0, and splits comma-separated tags", async () => {
    const cookie = await adminCookie()
    const res = await send('POST', '/api/streams', {
      cookie,
      body: {
        title: 'Le Mans',
        streamUrl: 'https://twitch.example/lm',
        category: '',
        viewerCount: '',
        tags: 'gt3, endurance ,, night',
      },
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      category: 'Racing',
      viewerCount: 0,
      tags: ['gt3', 'endurance', 'night'],
      isLive: false,
    })
  })

  it('parses the viewer count to an integer', async () => {
    const cookie = await adminCookie()
    const res = await send('POST', '/api/streams', {
      cookie,
      body: { title: 'T', streamUrl: 'https://t.example', viewerCount: '1234', isLive: true },
    })
    expect(res.body).toMatchObject({ viewerCount: 1234, isLive: true })
    expect((await send('GET', '/api/streams/live')).body).toHaveLength(1)
  })

  it.each([{}, { title: 'T' }, { streamUrl: 'https://t.example' }])(
    'refuses %j with the spec message',
    async (body) => {
      const cookie = await adminCookie()
      const res = await send('POST', '/api/streams', { cookie, body })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ message: 'Please fill in the Stream Title and Stream URL fields' })
    },
  )

  it('updates and deletes', async () => {
    const cookie = await adminCookie()
    const s = await createStream()
    const upd = await send('PUT', `/api/streams/${s.id}`, {
      cookie,
      body: { title: 'New', streamUrl: 'https://t.example/n', tags: ['a'] },
    })
    expect(upd.body).toMatchObject({ title: 'New', tags: ['a'] })
    expect((await send('DELETE', `/api/streams/${s.id}`, { cookie })).status).toBe(200)
  })
})
