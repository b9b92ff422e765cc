import ipaddr from 'ipaddr.js'

/**
 * The network a client address belongs to, for a bound per network beside the one per address: an
 * IPv4 /24, or an IPv6 prefix of `ipv6Bits` (one household, office or phone holds many addresses
 * of it and changes them at will). An IPv4-mapped IPv6 address is its IPv4 one; anything that is no
 * address is 'unknown' (one network, so it shares one bound).
 */
export function networkOf(ip: string, ipv6Bits: 48 | 64): string {
  if (!ipaddr.isValid(ip)) return 'unknown'
  let address = ipaddr.parse(ip)
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress())
    address = (address as ipaddr.IPv6).toIPv4Address()
  const bits = address.kind() === 'ipv4' ? 24 : ipv6Bits
  const bytes = address.toByteArray().map((b, i) => (i * 8 >= bits ? 0 : b))
  return `${ipaddr.fromByteArray(bytes).toString()}/${bits}`
}
