import { describe, expect, it } from 'vitest'
import { sameSitePath } from './same-site-path.ts'

describe('sameSitePath', () => {
  it('keeps a path on this site, with its query', () => {
    for (const path of ['/', '/news', '/news/12/rain-at-spa', '/news?search=pedals&page=2', '/games#top'])
      expect(sameSitePath(path)).toBe(path)
  })

  it('ignores another site, a scheme, a backslash, spaces and anything not a string', () => {
    for (const value of [
      '//evil.example',
      '//evil.example/news',
      '/\\evil.example',
      '/news\\..\\x',
      'https://evil.example/',
      'javascript:alert(1)',
      'news/12',
      '',
      ' /news',
      '/news x',
      '/news\n',
      '/news\u0000',
      `/${'a'.repeat(300)}`,
      undefined,
      null,
      42,
      ['/news'],
    ])
      expect(sameSitePath(value)).toBeUndefined()
  })
})
