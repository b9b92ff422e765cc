import { describe, expect, it } from 'vitest'
import {
  addressTag,
  confirmToken,
  newsletterKey,
  readConfirmToken,
  readUnsubscribeToken,
  unsubscribeToken,
} from './tokens.ts'

const key = 'k'.repeat(32)
const ana = 'ana@example.com'
const tag = addressTag(ana)
const now = new Date('2026-11-27T10:00:00Z')
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000)

describe('newsletter link tokens', () => {
  it('a confirmation link works for 48 hours', () => {
    const token = confirmToken(key, 42, ana, now)
    expect(readConfirmToken(key, token, now)).toEqual({ kind: 'ok', consentId: 42, tag })
    expect(readConfirmToken(key, token, hours(47.9))).toEqual({ kind: 'ok', consentId: 42, tag })
    expect(readConfirmToken(key, token, hours(48))).toEqual({ kind: 'expired' })
  })

  it('refuses a link changed in any way, signed with another key, or for another purpose', () => {
    const token = confirmToken(key, 42, ana, now)
    const [payload, signature] = [token.slice(0, token.lastIndexOf('.')), token.slice(token.lastIndexOf('.') + 1)]
    expect(readConfirmToken(key, `${payload.replace('42', '43')}.${signature}`, now)).toEqual({ kind: 'invalid' })
    // A later expiry with the old signature.
    expect(readConfirmToken(key, `${payload.slice(0, -1)}9.${signature}`, now)).toEqual({ kind: 'invalid' })
    expect(readConfirmToken(key, `${payload}.${signature.slice(0, -2)}AA`, now)).toEqual({ kind: 'invalid' })
    expect(readConfirmToken('another key of at least 32 chars!!', token, now)).toEqual({ kind: 'invalid' })
    // An unsubscribe link is not a confirmation link, and the other way round.
    expect(readConfirmToken(key, unsubscribeToken(key, 42, ana), now)).toEqual({ kind: 'invalid' })
    expect(readUnsubscribeToken(key, token)).toBeUndefined()
    for (const junk of ['', '.', 'c.1.2', 'x'.repeat(500), 'c.1.2.abc', '%00']) {
      expect(readConfirmToken(key, junk, now)).toEqual({ kind: 'invalid' })
      expect(readUnsubscribeToken(key, junk)).toBeUndefined()
    }
  })

  it('verifies one spelling of a signature only: appended characters or other unused bits are refused (issue 42)', () => {
    for (const token of [confirmToken(key, 42, ana, now), unsubscribeToken(key, 7, ana)]) {
      const signature = token.slice(token.lastIndexOf('.') + 1)
      // 32 bytes are 43 base64url characters: the last one carries 4 unused bits.
      const last = signature.at(-1)!
      const sameBits = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
      const twin = sameBits[(sameBits.indexOf(last) & ~0b1111) | ((sameBits.indexOf(last) + 1) & 0b1111)]!
      for (const spelling of [`${token}!!`, `${token}=`, `${token} `, `${token.slice(0, -1)}${twin}`]) {
        expect(readUnsubscribeToken(key, spelling), spelling).toBeUndefined()
        expect(readConfirmToken(key, spelling, now), spelling).toEqual({ kind: 'invalid' })
      }
    }
  })

  it('an unsubscribe link names its subscriber and does not expire', () => {
    expect(readUnsubscribeToken(key, unsubscribeToken(key, 7, ana))).toEqual({ subscriberId: 7, tag })
    expect(readUnsubscribeToken(key, unsubscribeToken(key, 0, ana))).toEqual({ subscriberId: 0, tag })
    const token = unsubscribeToken(key, 7, ana)
    expect(readUnsubscribeToken(key, token.replace('u.7.', 'u.8.'))).toBeUndefined()
    // The address is in the signed part: another address's tag is another link.
    expect(unsubscribeToken(key, 7, 'bob@example.com')).not.toBe(token)
  })

  it('the key is made once and kept', async () => {
    const first = await newsletterKey()
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(await newsletterKey()).toBe(first)
  })
})
