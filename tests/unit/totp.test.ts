import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  newTotpSecret,
  otpauthUri,
  totp,
  totpStep,
} from '../../src/server/auth/totp.ts'

describe('base32 (RFC 4648)', () => {
  // Section 10's test vectors.
  it.each([
    ['', ''],
    ['f', 'MY======'],
    ['fo', 'MZXQ===='],
    ['foo', 'MZXW6==='],
    ['foob', 'MZXW6YQ='],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI======'],
  ])('encodes %j as %j and back', (text, encoded) => {
    expect(base32Encode(Buffer.from(text))).toBe(encoded)
    expect(base32Decode(encoded).toString()).toBe(text)
  })

  it('reads a secret as people type it: lower case, spaces, no padding', () => {
    expect(base32Decode('mzxw 6ytb oi').toString()).toBe('foobar')
  })

  it('refuses characters outside the alphabet', () => {
    expect(() => base32Decode('MZXW1')).toThrow(/base32/)
  })

  it('round-trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.boolean(), (bytes, pad) => {
        expect([...base32Decode(base32Encode(bytes, pad))]).toEqual([...bytes])
      }),
    )
  })
})

describe('HOTP (RFC 4226 appendix D)', () => {
  const secret = Buffer.from('12345678901234567890')
  it('gives the appendix codes for counters 0 to 9', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ]
    expect(expected.map((_, counter) => hotp(secret, counter))).toEqual(expected)
  })
})

describe('TOTP (RFC 6238 appendix B, SHA1 rows)', () => {
  const secret = Buffer.from('12345678901234567890')
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('at %i s the 8-digit code is %s', (seconds, code) => {
    expect(totp(secret, seconds * 1000, 8)).toBe(code)
  })

  it('the 6-digit code is the last six digits', () => {
    expect(totp(secret, 59_000)).toBe('287082')
  })
})

describe('matchTotp', () => {
  const secret = base32Decode(newTotpSecret())
  const now = 1_800_000_000_000
  const step = totpStep(now)

  it('accepts the current code and those of the steps before and after, answering their step', () => {
    expect(matchTotp(secret, totp(secret, now), now)).toBe(step)
    expect(matchTotp(secret, hotp(secret, step - 1), now)).toBe(step - 1)
    expect(matchTotp(secret, hotp(secret, step + 1), now)).toBe(step + 1)
  })

  it('refuses codes two steps away, malformed codes and another secret', () => {
    expect(matchTotp(secret, hotp(secret, step - 2), now)).toBeUndefined()
    expect(matchTotp(secret, hotp(secret, step + 2), now)).toBeUndefined()
    expect(matchTotp(secret, `${totp(secret, now)}0`, now)).toBeUndefined()
    expect(matchTotp(secret, 'abcdef', now)).toBeUndefined()
    expect(matchTotp(base32Decode(newTotpSecret()), totp(secret, now), now)).toBeUndefined()
  })

  it('never accepts a step at or before the last one accepted (no replay)', () => {
    expect(matchTotp(secret, totp(secret, now), now, step)).toBeUndefined()
    expect(matchTotp(secret, hotp(secret, step - 1), now, step)).toBeUndefined()
    expect(matchTotp(secret, hotp(secret, step + 1), now, step)).toBe(step + 1)
  })
})

describe('secrets and otpauth URIs', () => {
  it('makes 160-bit secrets, different each time', () => {
    const a = newTotpSecret()
    expect(a).toMatch(/^[A-Z2-7]{32}$/)
    expect(base32Decode(a)).toHaveLength(20)
    expect(newTotpSecret()).not.toBe(a)
  })

  it('builds the Key Uri Format authenticator apps read', () => {
    const uri = otpauthUri({ secret: 'JBSWY3DPEHPK3PXP', issuer: 'SimRacing Hub', account: 'admin@sim.example' })
    expect(uri).toBe(
      'otpauth://totp/SimRacing%20Hub:admin%40sim.example?secret=JBSWY3DPEHPK3PXP&issuer=SimRacing%20Hub&algorithm=SHA1&digits=6&period=30',
    )
    const parsed = new URL(uri)
    expect(parsed.protocol).toBe('otpauth:')
    expect(parsed.searchParams.get('issuer')).toBe('SimRacing Hub')
  })
})
