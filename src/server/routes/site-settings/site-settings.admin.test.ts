import { beforeEach, describe, expect, it } from 'vitest'
import { adminCookie, send } from '../../../../tests/helpers/auth.ts'
import { platform } from '../../../../tests/helpers/app.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'

beforeEach(resetDatabase)

describe('POST /api/site-settings', () => {
  it('saves the hero image and the overlay transparency', async () => {
    const cookie = await adminCookie()
    expect(
      (await send('POST', '/api/site-settings', { cookie, body: { key: 'hero_image', value: '/media/hero.webp' } }))
        .status,
    ).toBe(200)
    expect(
      (await send('POST', '/api/site-settings', { cookie, body: { key: 'overlay_transparency', value: 35 } })).status,
    ).toBe(200)
    expect((await send('GET', '/api/site-settings/hero_image')).body).toEqual({
      key: 'hero_image',
      value: '/media/hero.webp',
    })
    expect((await send('GET', '/api/site-settings/overlay_transparency')).body).toEqual({
      key: 'overlay_transparency',
      value: '35',
    })
    // The hero image can be cleared.
    expect(
      (await send('POST', '/api/site-settings', { cookie, body: { key: 'hero_image', value: '' } })).body.value,
    ).toBe('')
  })

  it('purges the public copies of the setting it writes, each time', async () => {
    const cookie = await adminCookie()
    for (const body of [
      { key: 'hero_image', value: '/media/hero.webp' },
      { key: 'overlay_transparency', value: 20 },
    ]) {
      const before = platform.purged.length
      expect((await send('POST', '/api/site-settings', { cookie, body })).status).toBe(200)
      expect(platform.purged.slice(before).flat()).toContain('site-settings')
    }
  })

  it.each([
    { key: 'time_zone', value: 'Europe/Paris' },
    { key: 'demo_seeded_at', value: 'x' },
    { key: 'overlay_transparency', value: 81 },
    { key: 'overlay_transparency', value: 'abc' },
    { key: 'hero_image', value: 'javascript:alert(1)' },
    { key: 'hero_image' },
  ])('refuses %j', async (body) => {
    const cookie = await adminCookie()
    const res = await send('POST', '/api/site-settings', { cookie, body })
    expect(res.status).toBe(400)
    expect(res.body.message).toBeTruthy()
  })
})
