import { describe, expect, it } from 'vitest'
import { networkOf } from './network.ts'

describe('networkOf', () => {
  it('gives an IPv4 address its /24, written the IPv4 way also when it came IPv4-mapped', () => {
    expect(networkOf('203.0.113.77', 64)).toBe('203.0.113.0/24')
    expect(networkOf('::ffff:203.0.113.9', 48)).toBe('203.0.113.0/24')
  })

  it('gives an IPv6 address the prefix asked for, so the addresses of one /64 are one network', () => {
    expect(networkOf('2001:db8:1:2:aaaa::1', 64)).toBe('2001:db8:1:2::/64')
    expect(networkOf('2001:db8:1:2:bbbb::9', 64)).toBe(networkOf('2001:db8:1:2:aaaa::1', 64))
    expect(networkOf('2001:db8:1:3::1', 64)).not.toBe(networkOf('2001:db8:1:2::1', 64))
    expect(networkOf('2001:db8:1:3::1', 48)).toBe('2001:db8:1::/48')
  })

  it("calls anything that is no address 'unknown'", () => {
    expect(networkOf('not-an-address', 64)).toBe('unknown')
    expect(networkOf('', 48)).toBe('unknown')
  })
})
