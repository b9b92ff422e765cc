import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  canonicalMailbox,
  checkEmailAddress,
  INVALID_ADDRESS_MESSAGE,
  UNREACHABLE_ADDRESS_MESSAGE,
} from './email-address.ts'

describe('checkEmailAddress', () => {
  it('takes an address as a browser does, trimmed and lowercased', () => {
    expect(checkEmailAddress('  Reader@Example.COM ')).toEqual({ ok: true, address: 'reader@example.com' })
    expect(checkEmailAddress("o'neil+digest@mail.example.co.uk")).toEqual({
      ok: true,
      address: "o'neil+digest@mail.example.co.uk",
    })
    expect(checkEmailAddress('a@xn--bcher-kva.example')).toMatchObject({ ok: true })
  })

  it.each([
    '',
    'reader',
    'reader@',
    '@example.com',
    'two@@example.com',
    'a b@example.com',
    '"quoted"@example.com',
    'Reader <reader@example.com>',
    'reader@example.com, other@example.com',
    '.reader@example.com',
    'reader.@example.com',
    'rea..der@example.com',
    'reader@-example.com',
    'rëader@example.com',
    `${'a'.repeat(65)}@example.com`,
    `a@${'b'.repeat(250)}.com`,
    'reader@example.com\nBcc: victim@example.com',
  ])('refuses what is not an address: %j', (input) => {
    expect(checkEmailAddress(input)).toEqual({ ok: false, message: INVALID_ADDRESS_MESSAGE })
  })

  it.each([
    'reader@localhost',
    'reader@example.test',
    'reader@server.local',
    'reader@box.internal',
    'reader@127.0.0.1',
    'reader@x.invalid',
  ])('refuses an address mail from the Internet cannot reach: %s', (input) => {
    expect(checkEmailAddress(input)).toEqual({ ok: false, message: UNREACHABLE_ADDRESS_MESSAGE })
  })

  it('refuses anything that is not a string', () => {
    for (const input of [undefined, null, 42, ['a@example.com'], { email: 'a@example.com' }])
      expect(checkEmailAddress(input)).toMatchObject({ ok: false })
  })

  it('never lets a line break, a space or a comma through (header injection)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (s) => {
        const result = checkEmailAddress(s)
        if (result.ok) expect(result.address).toMatch(/^[^\s,<>"]+$/)
      }),
    )
  })
})

describe('canonicalMailbox', () => {
  it('folds the spellings a provider delivers to one mailbox, for the sign-up limit', () => {
    for (const spelling of [
      'Ana.Lima+news@gmail.com',
      'analima+x1@googlemail.com',
      'a.n.a.l.i.m.a@gmail.com',
      'analima@gmail.com',
    ])
      expect(canonicalMailbox(spelling), spelling).toBe('analima@gmail.com')
    expect(canonicalMailbox('ana.lima+racing@outlook.com')).toBe('ana.lima@outlook.com')
    // Dots count elsewhere: two mailboxes.
    expect(canonicalMailbox('ana.lima@example.com')).not.toBe(canonicalMailbox('analima@example.com'))
  })
})
