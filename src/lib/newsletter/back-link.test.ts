import { describe, expect, it } from 'vitest'
import { backLink } from './back-link.ts'

describe('backLink', () => {
  it("leads back to an article as 'Back to the article', to another page as 'Back'", () => {
    expect(backLink('/news/12/rain-at-spa')).toEqual({ href: '/news/12/rain-at-spa', label: 'Back to the article' })
    expect(backLink('/news/12')).toEqual({ href: '/news/12', label: 'Back to the article' })
    expect(backLink('/news?search=pedals')).toEqual({ href: '/news?search=pedals', label: 'Back' })
    expect(backLink('/news/page/2')).toEqual({ href: '/news/page/2', label: 'Back' })
    expect(backLink('/games')).toEqual({ href: '/games', label: 'Back' })
  })

  it("is none for the home page, the newsletter's own pages and anything not a path on this site", () => {
    for (const from of ['/', '/?x=1', '/newsletter', '/newsletter?result=invalid-address', '/newsletter/confirm'])
      expect(backLink(from)).toBeUndefined()
    for (const from of ['//evil.example', '/\\evil.example', 'https://evil.example/news/1', '', undefined, null])
      expect(backLink(from)).toBeUndefined()
  })
})
