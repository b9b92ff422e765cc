import { beforeEach, describe, expect, it } from 'vitest'
import { adminCookie, send } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { databaseDigest } from '../../../../tests/helpers/digest.ts'
import { setSetting } from '../../repos/site-settings.repo.ts'

beforeEach(resetDatabase)

describe('the site time zone', () => {
  it('is UTC until the owner chooses one, then the chosen zone', async () => {
    const cookie = await adminCookie()
    expect((await send('GET', '/api/admin/time-zone', { cookie })).body).toEqual({ timeZone: 'UTC' })
    const saved = await send('PUT', '/api/admin/time-zone', { cookie, body: { timeZone: 'Europe/Paris' } })
    expect(saved.status).toBe(200)
    expect(saved.body).toEqual({ timeZone: 'Europe/Paris' })
    expect((await send('GET', '/api/admin/time-zone', { cookie })).body).toEqual({ timeZone: 'Europe/Paris' })
  })

  it.each([{ timeZone: 'Mars/Olympus_Mons' }, { timeZone: '+01:00' }, { timeZone: 42 }, {}, []])(
    'refuses a zone Intl does not know, and changes nothing: %j',
    async (body) => {
      const cookie = await adminCookie()
      const before = await databaseDigest()
      const res = await send('PUT', '/api/admin/time-zone', { cookie, body })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ message: 'Please choose a time zone from the list.' })
      expect(await databaseDigest()).toBe(before)
    },
  )

  it('is not public: the public settings route answers 404 for it, as for any key public pages do not read', async () => {
    const cookie = await adminCookie()
    await send('PUT', '/api/admin/time-zone', { cookie, body: { timeZone: 'Europe/Paris' } })
    await setSetting('demo_seeded_at', '2026-11-27T00:00:00Z')
    for (const key of ['time_zone', 'demo_seeded_at', 'no_such_setting']) {
      for (const session of [undefined, cookie]) {
        expect(await send('GET', `/api/site-settings/${key}`, { cookie: session })).toMatchObject({
          status: 404,
          body: { message: 'Setting not found' },
        })
      }
    }
  })

  it("is the admin panel's: no session, no answer", async () => {
    expect((await send('GET', '/api/admin/time-zone')).status).toBe(401)
    expect((await send('PUT', '/api/admin/time-zone', { body: { timeZone: 'UTC' } })).status).toBe(401)
  })
})
