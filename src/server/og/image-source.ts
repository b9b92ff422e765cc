/**
 * Which pictures an Open Graph card may fetch (docs/decisions/0114). A card fetches its article's
 * picture while it is drawn; the address is whatever the owner (or an AI) saved, so it must never
 * reach back into the cards themselves (an article image of `/api/og/news/2?x` made one GET
 * recurse without end), our API, or a machine on a private network.
 */
import ipaddr from 'ipaddr.js'

/** Our own pictures: static demo and fallback images, and uploads in Blobs. Nothing else of ours. */
const OWN_PICTURES = /^\/(demo|images|media)\/[\w\-./]+\.(webp|png|jpe?g|gif|avif)$/i

/**
 * The path of one of our own static or uploaded pictures, decoded as the Image CDN and the site will
 * read it, or undefined. The decision is made on the decoded, normalised path: a literal check let
 * `/images/%2e%2e/api/og/news/3%3F.png` through, which the Image CDN decodes to the card itself.
 * Whatever is still escaped after three rounds, any dot segment and any character a file name of
 * ours does not use (`?`, `#`, `\`, `%`) are refused.
 */
export function ownPicturePath(url: string): string | undefined {
  let path = url
  for (let i = 0; i < 3 && path.includes('%'); i++) {
    try {
      path = decodeURIComponent(path)
    } catch {
      return undefined
    }
  }
  if (!OWN_PICTURES.test(path)) return undefined
  if (path.split('/').some((segment, i) => i > 0 && (segment === '' || segment === '.' || segment === '..'))) {
    return undefined
  }
  return new URL(path, 'http://site.invalid').pathname === path ? path : undefined
}

/** A root-relative path to one of our own static or uploaded pictures (decoded, no query, no dot segments). */
export const isOwnPicture = (url: string): boolean => ownPicturePath(url) !== undefined

/**
 * True for addresses on the public internet, decided on the address's bytes (ipaddr.js), not its
 * spelling: `[::ffff:127.0.0.1]` reaches us as `::ffff:7f00:1`, which a pattern on the text let
 * through. An IPv4 address inside an IPv6 one (mapped, compatible, 6to4, NAT64, Teredo) counts as
 * that IPv4 address or is refused; only global unicast passes.
 */
export function isPublicAddress(ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false
  const address = ipaddr.process(ip)
  // ::/80 holds the IPv4-compatible (::a.b.c.d) and other embedded forms ipaddr.js calls unicast.
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).parts.slice(0, 5).every((part) => part === 0)) return false
  return address.range() === 'unicast'
}

export type PictureSource = { kind: 'own'; path: string } | { kind: 'remote'; url: URL } | { kind: 'none' }

/**
 * Where a card's picture may come from: one of our own pictures, or an https address on another
 * host (its addresses are checked when it is fetched), or nowhere. Our own host by its full
 * address, non-https schemes and literal private addresses are nowhere.
 */
export function pictureSource(imageUrl: string, siteOrigin: string): PictureSource {
  const url = imageUrl.trim()
  if (url.startsWith('/')) {
    const path = ownPicturePath(url)
    return path ? { kind: 'own', path } : { kind: 'none' }
  }
  let address: URL
  try {
    address = new URL(url)
  } catch {
    return { kind: 'none' }
  }
  if (address.protocol !== 'https:' || address.username || address.password) return { kind: 'none' }
  if (address.host === new URL(siteOrigin).host) return { kind: 'none' }
  const host = address.hostname.replace(/^\[|\]$/g, '')
  // A literal address is connected to as it is (no look-up that publicOnlyLookup could check).
  if (ipaddr.isValid(host) && !isPublicAddress(host)) return { kind: 'none' }
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
