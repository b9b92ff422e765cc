import { beforeEach, describe, expect, it } from 'vitest'
import { createAccessory } from '../../demo/factories.ts'
import { adminCookie, send } from '../../../../tests/helpers/auth.ts'
import { resetDatabase } from '../../../../tests/helpers/db.ts'

beforeEach(resetDatabase)

describe('hardware writes', () => {
  it('forces rating 4.5 and price Contact Manufacturer on create; an update leaves them as they are', async () => {
    const cookie = await adminCookie()
    const res = await send('POST', '/api/accessories', {
      cookie,
      body: { name: 'DD Pro', brand: 'Fanatec', purchaseUrl: 'https://fanatec.example/dd', rating: '2', price: '$9' },
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ name: 'DD Pro', rating: '4.5', price: 'Contact Manufacturer' })
    const upd = await send('PUT', `/api/accessories/${res.body.id}`, {
      cookie,
      body: { name: 'DD Pro 2', purchaseUrl: 'https://fanatec.example/dd2', rating: '5', price: '1' },
    })
    expect(upd.body).toMatchObject({ name: 'DD Pro 2', rating: '4.5', price: 'Contact Manufacturer' })

    // An item whose rating and price are not the forced ones (an older demo, a restored backup):
    // editing its name changes its name only.
    const older = await createAccessory({ rating: '9.6', price: '$1,349.00' })
    const edited = await send('PUT', `/api/accessories/${older.id}`, {
      cookie,
      body: { name: 'Simucube 2 Pro', purchaseUrl: older.purchaseUrl, rating: '4.5', price: 'Contact Manufacturer' },
    })
    expect(edited.status).toBe(200)
    expect(edited.body).toMatchObject({ name: 'Simucube 2 Pro', rating: '9.6', price: '$1,349.00' })
  })

  it.each([{}, { name: 'X' }, { purchaseUrl: 'https://x.example' }, { name: ' ', purchaseUrl: 'https://x.example' }])(
    'refuses %j with the spec message',
    async (body) => {
      const cookie = await adminCookie()
      const res = await send('POST', '/api/accessories', { cookie, body })
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ message: 'Please fill in the accessory name and purchase URL.' })
    },
  )

  it('deletes, then answers 404', async () => {
    const cookie = await adminCookie()
    const item = await createAccessory()
    expect((await send('DELETE', `/api/accessories/${item.id}`, { cookie })).status).toBe(200)
    expect((await send('DELETE', `/api/accessories/${item.id}`, { cookie })).status).toBe(404)
  })
})
