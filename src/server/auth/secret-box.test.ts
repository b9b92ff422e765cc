import { describe, expect, it } from 'vitest'
import { open, seal } from './secret-box.ts'

const key = 'a-key-of-the-environment-0123456789'

describe('sealed credentials', () => {
  it('open with the key and purpose they were sealed for, and show nothing of the value', () => {
    const sealed = seal('https://discord.com/api/webhooks/1/secret-token', 'channel:discord', key)
    expect(sealed).not.toContain('secret-token')
    expect(open(sealed, 'channel:discord', key)).toBe('https://discord.com/api/webhooks/1/secret-token')
    // Sealed twice, two different texts: nothing tells that two rows hold the same secret.
    expect(seal('same', 'p', key)).not.toBe(seal('same', 'p', key))
  })

  it('do not open under another key, another purpose, or changed by one character', () => {
    const sealed = seal('app-password', 'channel:bluesky', key)
    expect(open(sealed, 'channel:bluesky', `${key}x`)).toBeUndefined()
    expect(open(sealed, 'channel:mastodon', key)).toBeUndefined()
    const at = sealed.length - 5
    const changed = `${sealed.slice(0, at)}${sealed[at] === 'A' ? 'B' : 'A'}${sealed.slice(at + 1)}`
    expect(open(changed, 'channel:bluesky', key)).toBeUndefined()
    expect(open(`${sealed}!!`, 'channel:bluesky', key)).toBeUndefined()
    expect(open('v1.x.y', 'channel:bluesky', key)).toBeUndefined()
    expect(open('plain text', 'channel:bluesky', key)).toBeUndefined()
  })

  it('refuse to seal without a key, in words the owner can act on', () => {
    expect(() => seal('x', 'p', '')).toThrow(/Set SECRETS_KEY/)
  })
})
