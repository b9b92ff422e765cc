/**
 * Which pictures an Open Graph card may fetch (docs/decisions/0114). A card fetches its article's
 * picture while it is drawn; the address is whatever the owner (or an AI) saved, so it must never
 * reach back into the cards themselves (an article image of `/api/og/news/2?x` made one GET
 * recurse without end), our API, or a machine on a private network.
 */
import { isIP } from 'node:net'

/** Our own pictures: static demo and fallback images, and uploads in Blobs. Nothing else of ours. */
const OWN_PICTURES = /^\/(demo|images|media)\/[\w\-./%]+\.(webp|png|jpe?g|gif|avif)$/i

/** A root-relative path to one of our own static or uploaded pictures (no query, no dot segments). */
export function isOwnPicture(url: string): boolean {
  return OWN_PICTURES.test(url) && !url.includes('..') && !url.includes('//')
}

function ipv4Parts(ip: string): number[] | undefined {
  const parts = ip.split('.').map(Number)
  return parts.length === 4 && parts.every((n) => Number.isInteger(n) && n >= 0 && n <= 255) ? parts : undefined
}

/** True for addresses on the public internet; false for loopback, private, link-local and the like. */
export function isPublicAddress(ip: string): boolean {
  const version = isIP(ip)
  if (version === 4) {
    const [a, b] = ipv4Parts(ip)!
    return !(
      a === 0 || // "this network"
      a === 10 ||
      a === 127 ||
      (a === 100 && b! >= 64 && b! <= 127) || // carrier-grade NAT
      (a === 169 && b === 254) || // link-local, cloud metadata
      (a === 172 && b! >= 16 && b! <= 31) ||
      (a === 192 && b === 168) ||
      (a === 192 && b === 0) || // IETF protocol assignments, TEST-NET-1 next door
      (a === 198 && (b === 18 || b === 19)) || // benchmarking
      a! >= 224 // multicast, reserved, broadcast
    )
  }
  if (version === 6) {
    const lower = ip.toLowerCase()
    const mapped = /^(?:0*:)*:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower)
    if (mapped) return isPublicAddress(mapped[1]!)
    if (lower === '::' || lower === '::1') return false
    const first = parseInt(lower.split(':')[0] || '0', 16)
    if ((first & 0xfe00) === 0xfc00) return false // unique local fc00::/7
    if ((first & 0xffc0) === 0xfe80) return false // link-local fe80::/10
    if ((first & 0xff00) === 0xff00) return false // multicast
    if (lower.startsWith('64:ff9b:') || lower.startsWith('2001:db8:')) return false // NAT64, documentation
    return true
  }
  return false
}

export type PictureSource = { kind: 'own'; path: string } | { kind: 'remote'; url: URL } | { kind: 'none' }

/**
 * Where a card's picture may come from: one of our own pictures, or an https address on another
 * host (its addresses are checked when it is fetched), or nowhere. Our own host by its full
 * address, non-https schemes and literal private addresses are nowhere.
 */
export function pictureSource(imageUrl: string, siteOrigin: string): PictureSource {
  const url = imageUrl.trim()
  if (url.startsWith('/')) return isOwnPicture(url) ? { kind: 'own', path: url } : { kind: 'none' }
  let address: URL
  try {
    address = new URL(url)
  } catch {
    return { kind: 'none' }
  }
  if (address.protocol !== 'https:' || address.username || address.password) return { kind: 'none' }
  if (address.host === new URL(siteOrigin).host) return { kind: 'none' }
  const host = address.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host) && !isPublicAddress(host)) return { kind: 'none' }
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal')) return { kind: 'none' }
  if (mentionsCards(address, new URL(siteOrigin).hostname)) return { kind: 'none' }
  return { kind: 'remote', url: address }
}

/**
 * An image proxy elsewhere (`https://proxy.example/?url=our-site/api/og/news/2`) would fetch our card
 * for our card, which fetches the proxy again: the loop through a third party. Any address that
 * names a card or our host, even percent-encoded, is refused.
 */
function mentionsCards(address: URL, siteHost: string): boolean {
  let text = `${address.pathname}${address.search}`.toLowerCase()
  for (let i = 0; i < 3 && text.includes('%'); i++) {
    try {
      text = decodeURIComponent(text)
    } catch {
      return true // malformed escapes: nothing a picture needs
    }
  }
  return text.includes('/api/og') || text.includes('/.netlify/') || text.includes(siteHost.toLowerCase())
}
