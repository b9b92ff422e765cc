import { describe, expect, it } from 'vitest'
import { addressKey, utcDay, visitorHash } from './visitor-hash.ts'

const reader = { salt: 'salt-of-the-day', site: 'simracing.example', ip: '203.0.113.9', userAgent: 'Firefox/135.0' }

describe('visitorHash', () => {
  it('is the same visitor for the same salt, site, address and browser', async () => {
    expect(await visitorHash(reader)).toBe(await visitorHash({ ...reader }))
  })

  it('is 96 bits as base64url: no address in it, nothing to read back', async () => {
    const hash = await visitorHash(reader)
    expect(hash).toMatch(/^[A-Za-z0-9_-]{16}$/)
    expect(hash).not.toContain('203')
  })

  it('is another visitor with another salt (the next day), site, address or browser', async () => {
    const base = await visitorHash(reader)
    for (const change of [
      { salt: 'salt-of-tomorrow' },
      { site: 'other.example' },
      { ip: '203.0.113.10' },
      { userAgent: 'Firefox/136.0' },
    ])
      expect(await visitorHash({ ...reader, ...change }), JSON.stringify(change)).not.toBe(base)
  })

  it('cannot be made equal by moving text between the parts', async () => {
    const a = await visitorHash({ ...reader, ip: '1.2.3.4', userAgent: 'x' })
    const b = await visitorHash({ ...reader, ip: '1.2.3.4\nx', userAgent: '' })
    expect(a).not.toBe(b)
  })

  it("keys the address apart from the visitor, and apart from another day's", async () => {
    const key = await addressKey(reader)
    expect(key).not.toBe(await visitorHash(reader))
    expect(key).toBe(await addressKey({ ...reader }))
    expect(await addressKey({ ...reader, salt: 'salt-of-tomorrow' })).not.toBe(key)
  })
})

describe('utcDay', () => {
  it('is the UTC day, whatever the local time zone', () => {
    expect(utcDay(new Date('2026-11-27T23:59:59.999Z'))).toBe('2026-11-27')
    expect(utcDay(new Date('2026-11-28T00:00:00.000Z'))).toBe('2026-11-28')
    expect(utcDay(new Date('2026-11-28T01:30:00+02:00'))).toBe('2026-11-27')
  })
})
