import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
// The router's own decoding (not exported by the package): the canonical address is held to it.
import { validateAndDecodePathname } from '../../node_modules/astro/dist/core/util/pathname.js'
import { canonicalPath, newsAddress } from './page-address.ts'

/** A path as the server sees it: what a client sent, after the URL parser. */
const asSent = (raw: string) => new URL(`http://site.test${raw}`).pathname

/** What the router matches for `pathname`, empty segments aside; undefined when it refuses it. */
function routed(pathname: string): string | undefined {
  try {
    return (validateAndDecodePathname(pathname) as string).split('/').filter(Boolean).join('/')
  } catch {
    return undefined
  }
}

const anyPath = fc
  .array(
    fc.constantFrom(
      ...['/', '/', 'news', 'page', '1', '0', '%', '2', '5', '3', '6', 'E', 'e', 'f', 'F', 'a', '.', '~', '-'],
      ...['%2F', '%2f', '%25', '%31', '%6E', '%E2%82%AC', '€', ' ', '!', '+', '%3F', '\\', '@', ':'],
    ),
    { maxLength: 14 },
  )
  .map((parts) => asSent(`/${parts.join('')}`))

describe('the canonical address of a page', () => {
  it('gives the spellings of one page one address', () => {
    expect(canonicalPath('/news/')).toBe('/news')
    expect(canonicalPath('/%6Eews')).toBe('/news')
    expect(canonicalPath('/%6eews')).toBe('/news')
    expect(canonicalPath('/news/%31')).toBe('/news/1')
    expect(canonicalPath('/news/1/')).toBe('/news/1')
    expect(canonicalPath('/news//1')).toBe('/news/1')
    expect(canonicalPath('/news/007')).toBe('/news/7')
    expect(canonicalPath('/news/007/le-mans/')).toBe('/news/7/le-mans')
    expect(canonicalPath('/news/page/1')).toBe('/news')
    expect(canonicalPath('/news/page/0001/')).toBe('/news')
    expect(canonicalPath('/news/page/02')).toBe('/news/page/2')
    expect(canonicalPath('/games/')).toBe('/games')
    // Encoded twice: the router decodes it twice, to /news.
    expect(canonicalPath('/%256Eews')).toBe('/news')
  })

  it('leaves a canonical address as it is', () => {
    for (const path of ['/', '/news', '/news/12', '/news/page/3', '/games', '/rss.xml', '/news/0', '/news/000']) {
      expect(canonicalPath(path)).toBe(path)
    }
    // Escapes stay where the character cannot stand as itself (in upper case), and the router's own.
    expect(canonicalPath('/news/caf%C3%A9')).toBe('/news/caf%C3%A9')
    expect(canonicalPath('/news/caf%c3%a9')).toBe('/news/caf%C3%A9')
    expect(canonicalPath('/news/a%2Fb')).toBe('/news/a%2Fb')
    expect(canonicalPath('/news/a%2fb')).toBe('/news/a%2fb')
    expect(canonicalPath('/news/100%25')).toBe('/news/100%25')
  })

  it('leaves alone what the router refuses or decodes in a way of its own', () => {
    expect(canonicalPath('/news/%E0%A4%A')).toBe('/news/%E0%A4%A')
    expect(canonicalPath('/news/%252e%252e/games')).toBe('/news/%252e%252e/games')
  })

  it('is its own canonical address, for any path', () => {
    fc.assert(
      fc.property(anyPath, (path) => {
        const canonical = canonicalPath(path)
        expect(canonicalPath(canonical)).toBe(canonical)
        expect(asSent(canonical)).toBe(canonical)
      }),
      { numRuns: 3000 },
    )
  })

  it('is the page the router would have served, for any path (news ids and page 1 aside)', () => {
    fc.assert(
      fc.property(anyPath, (path) => {
        const canonical = canonicalPath(path)
        if (canonical === path) return
        const was = routed(path)!
        expect(was).toBeDefined()
        const newsForm = /^news(\/page)?\/0*\d+$/.test(was)
        if (!newsForm) expect(routed(canonical)).toBe(was)
      }),
      { numRuns: 3000 },
    )
  })

  it('never leads off the site (a Location of //host or /\\host is another site)', () => {
    fc.assert(
      fc.property(anyPath, (path) => {
        const canonical = canonicalPath(path)
        if (canonical === path) return
        expect(canonical.startsWith('/')).toBe(true)
        expect(canonical).not.toMatch(/^\/[/\\]/)
        expect(canonical).not.toContain('\\')
      }),
      { numRuns: 3000 },
    )
  })
})

describe('what an address under /news/ asks for', () => {
  it('an article, a page of the list, or nothing that can ever be a page', () => {
    expect(newsAddress('/news')).toBeUndefined()
    expect(newsAddress('/games/1')).toBeUndefined()
    expect(newsAddress('/news/42')).toEqual({ kind: 'article', id: 42 })
    expect(newsAddress('/news/999999999')).toEqual({ kind: 'article', id: 999999999 })
    expect(newsAddress('/news/page/2')).toEqual({ kind: 'page', page: 2 })
    expect(newsAddress('/news/page/999999')).toEqual({ kind: 'page', page: 999999 })
    for (const path of ['/news/0', '/news/abc', '/news/1e3', '/news/1000000000', '/news/page', '/news/-1']) {
      expect(newsAddress(path), path).toEqual({ kind: 'nothing', looksLike: 'article' })
    }
    // An id with words after it is the article (its page answers another slug with a 301 to its own).
    expect(newsAddress('/news/42/le-mans-24-hours')).toEqual({ kind: 'article', id: 42 })
    expect(newsAddress('/news/1/2')).toEqual({ kind: 'article', id: 1 })
    for (const path of ['/news/0/le-mans', '/news/abc/le-mans', '/news/1000000000/x']) {
      expect(newsAddress(path), path).toEqual({ kind: 'nothing', looksLike: 'article' })
    }
    for (const path of ['/news/page/0', '/news/page/1000000', '/news/page/x', '/news/1/2/3', '/news/page/2/x']) {
      expect(newsAddress(path), path).toEqual({ kind: 'nothing', looksLike: 'page' })
    }
  })
})
