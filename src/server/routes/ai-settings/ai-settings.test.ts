import { beforeEach, describe, expect, it } from 'vitest'
import { adminCookie, send } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'

beforeEach(resetDatabase)

describe('/api/admin/ai-settings', () => {
  it('reads the defaults and stores the prompts and word count', async () => {
    const cookie = await adminCookie()
    expect((await send('GET', '/api/admin/ai-settings', { cookie })).body).toEqual({
      contentPrompt: '',
      focusPrompt: '',
      wordCount: 350,
    })
    const res = await send('POST', '/api/admin/ai-settings', {
      cookie,
      body: { contentPrompt: 'Write', focusPrompt: 'Focus', wordCount: '400' },
    })
    expect(res.body).toEqual({ contentPrompt: 'Write', focusPrompt: 'Focus', wordCount: 400 })
    expect((await send('GET', '/api/admin/ai-settings', { cookie })).body.wordCount).toBe(400)
    expect((await send('POST', '/api/admin/ai-settings', { cookie, body: { wordCount: 10 } })).status).toBe(400)
  })
})
