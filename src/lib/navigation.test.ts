import { describe, expect, it } from 'vitest'
import { footerLinks, isActiveLink, navLinks, newsSearchUrl } from './navigation.ts'

describe('isActiveLink', () => {
  it('highlights Home only on exactly /', () => {
    expect(isActiveLink('/', '/')).toBe(true)
    expect(isActiveLink('/news', '/')).toBe(false)
  })
  it('highlights the others by path prefix', () => {
    expect(isActiveLink('/news', '/news')).toBe(true)
    expect(isActiveLink('/news/', '/news')).toBe(true)
    expect(isActiveLink('/news/12', '/news')).toBe(true)
    expect(isActiveLink('/newsletter', '/news')).toBe(false)
    expect(isActiveLink('/games', '/news')).toBe(false)
  })
})

describe('newsSearchUrl', () => {
  it('ignores empty and white-space input', () => {
    expect(newsSearchUrl('')).toBeNull()
    expect(newsSearchUrl('   \t')).toBeNull()
  })
  it('trims and URL-encodes the term', () => {
    expect(newsSearchUrl('  le mans & spa ')).toBe('/news?search=le%20mans%20%26%20spa')
  })
})

describe('links', () => {
  it('the footer has the header links without Home', () => {
    expect(navLinks.map((l) => l.label)).toEqual([
      'Home',
      'Sim Games',
      'Hardware',
      'Championships',
      'Streams',
      'News',
      'Reviews',
    ])
    expect(footerLinks.map((l) => l.href)).toEqual([
      '/games',
      '/accessories',
      '/championships',
      '/streaming',
      '/news',
      '/reviews',
    ])
  })
})
