/**
 * One page, one address (docs/decisions/0702). The CDN keys its copies on the path as it was sent,
 * while the router decodes it before matching: `/news/`, `/%6Eews`, `/news/%31`, `/news/01` and
 * `/news/page/1` were each a page of their own, a render and a copy each. The pages' middleware
 * answers every such spelling with a 301 to the canonical one, so a page has one copy at the CDN.
 *
 * The canonical address of a path is the path the router matches, spelled once:
 * - decoded as Astro's router decodes it (`decodeURI`, again while it changes, up to 10 times);
 * - no empty segment (no trailing slash except `/`, no `//`);
 * - percent-escapes only where a character cannot stand as itself (RFC 3986 `pchar`);
 * - the news list's own forms: no leading zeros in an article id or a page number, and
 *   `/news/page/1` is `/news`.
 * A path the router refuses or reads in a way of its own (a broken escape, too many levels of
 * encoding, a dot segment that only decoding made) has no canonical spelling: it is left as it is,
 * and the router answers it (a 404 or 400).
 */

/** Astro's router stops decoding after this many rounds (astro/dist/core/util/pathname.js). */
const MAX_DECODES = 10

/** Characters a path segment may hold as themselves (RFC 3986: unreserved, sub-delims, ':' and '@'). */
const PCHAR = /^[A-Za-z0-9\-._~!$&'()*+,;=:@]$/
const ESCAPE = /^%[0-9A-Fa-f]{2}/

/** An article id as the article pages take it (`/news/{id}`, `/news/{id}/{slug}`). */
export const ARTICLE_ID = /^[1-9]\d{0,8}$/
/** A page number of the news list's crawlable pages (`/news/page/{n}`). */
export const PAGE_NUMBER = /^[1-9]\d{0,5}$/

/** The path the router matches, or undefined when it cannot be decoded to a stable form. */
function decodedAsRouter(pathname: string): string | undefined {
  let current = pathname
  for (let round = 0; round <= MAX_DECODES; round++) {
    let decoded: string
    try {
      decoded = decodeURI(current)
    } catch {
      return undefined
    }
    if (decoded === current) return decoded
    current = decoded
  }
  return undefined
}

/**
 * One segment in its canonical spelling. The decoded segment holds `%` only in the escapes
 * `decodeURI` keeps (`%2F`, `%3F`...): those stay as they are; anything else that is not a `pchar`
 * is escaped (UTF-8, upper case), so the router decodes the result back to the same segment.
 */
function spell(segment: string): string {
  let out = ''
  for (let i = 0; i < segment.length;) {
    const escape = ESCAPE.exec(segment.slice(i, i + 3))
    if (escape) {
      // As it came: the router reads `%2f` and `%2F` as two different segments.
      out += escape[0]
      i += 3
      continue
    }
    const char = String.fromCodePoint(segment.codePointAt(i)!)
    out += PCHAR.test(char) ? char : encodeURIComponent(char)
    i += char.length
  }
  return out
}

const withoutLeadingZeros = (digits: string) => digits.replace(/^0+(?=[1-9])/, '')

/** The canonical address of `pathname` (a URL's pathname), or `pathname` itself when it has none. */
export function canonicalPath(pathname: string): string {
  const decoded = decodedAsRouter(pathname)
  if (decoded === undefined || !decoded.startsWith('/')) return pathname
  let segments = decoded.split('/').filter((s) => s !== '')
  if (segments.some((s) => s === '.' || s === '..')) return pathname
  if (segments[0] === 'news') {
    // An article's id, with or without its slug after it (`/news/029/le-mans` is `/news/29/le-mans`).
    if ((segments.length === 2 || segments.length === 3) && /^\d+$/.test(segments[1]!))
      segments[1] = withoutLeadingZeros(segments[1]!)
    if (segments.length === 3 && segments[1] === 'page' && /^\d+$/.test(segments[2]!)) {
      segments[2] = withoutLeadingZeros(segments[2]!)
      if (segments[2] === '1') segments = ['news']
    }
  }
  return `/${segments.map(spell).join('/')}`
}

/** What a canonical address under `/news/` asks for. */
export type NewsAddress =
  | { kind: 'article'; id: number }
  | { kind: 'page'; page: number }
  /** No page can ever be there: answered with the not-found page of an article or of the site. */
  | { kind: 'nothing'; looksLike: 'article' | 'page' }

/** What `path` (canonical) asks for under `/news/`; undefined for `/news` itself and other paths. */
export function newsAddress(path: string): NewsAddress | undefined {
  if (!path.startsWith('/news/')) return undefined
  const parts = path.slice('/news/'.length).split('/')
  // `/news/{id}` and `/news/{id}/{slug}`: the id decides; the article's page answers any other slug
  // with a 301 to its own (src/lib/news-address.ts).
  if (parts.length === 1 || (parts.length === 2 && parts[0] !== 'page')) {
    return ARTICLE_ID.test(parts[0]!)
      ? { kind: 'article', id: Number(parts[0]) }
      : { kind: 'nothing', looksLike: 'article' }
  }
  if (parts.length === 2 && parts[0] === 'page' && PAGE_NUMBER.test(parts[1]!) && Number(parts[1]) >= 2) {
    return { kind: 'page', page: Number(parts[1]) }
  }
  return { kind: 'nothing', looksLike: 'page' }
}
