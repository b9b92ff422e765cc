import { beforeEach, describe, expect, it } from 'vitest'
import { adminCookie, send } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'
import { databaseDigest } from '../../../../tests/helpers/digest.ts'

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

  it("is the admin panel's: no session, no answer", async () => {
    expect((await send('GET', '/api/admin/time-zone')).status).toBe(401)
    expect((await send('PUT', '/api/admin/time-zone', { body: { timeZone: 'UTC' } })).status).toBe(401)
  })
})
