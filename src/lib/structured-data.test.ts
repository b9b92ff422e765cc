import { describe, expect, it } from 'vitest'
import { jsonLdText, newsArticleJsonLd, reviewsJsonLd } from './structured-data.ts'

const site = 'https://sim.example'

describe('newsArticleJsonLd', () => {
  it('describes the article as a NewsArticle', () => {
    const data = newsArticleJsonLd(site, {
      id: 4,
      title: 'T',
      excerpt: 'E',
      imageUrl: '/demo/a.webp',
      author: 'Ann',
      category: 'Esports',
      timestamp: new Date('2026-11-01T00:00:00Z'),
    })
    expect(data['@type']).toBe('NewsArticle')
    expect(data.headline).toBe('T')
    expect(data.image).toEqual(['https://sim.example/demo/a.webp'])
    expect(data.author).toEqual([{ '@type': 'Person', name: 'Ann' }])
    expect(data.mainEntityOfPage).toBe('https://sim.example/news/4')
  })
})

describe('reviewsJsonLd', () => {
  it('gives each review its rating out of 10', () => {
    const data = reviewsJsonLd(site, [
      {
        title: 'iRacing Review',
        content: 'c',
        author: 'Tom',
        rating: '9.6',
        imageUrl: '',
        sourceUrl: null,
        timestamp: new Date(0),
      },
    ])
    const [review] = data['@graph'] as Record<string, unknown>[]
    expect(review!['@type']).toBe('Review')
    expect(review!.reviewRating).toEqual({ '@type': 'Rating', ratingValue: '9.6', bestRating: '10', worstRating: '0' })
    expect(review!.itemReviewed).toEqual({ '@type': 'VideoGame', name: 'iRacing' })
  })
})

describe('jsonLdText', () => {
  it('cannot close its script element', () => {
    expect(jsonLdText({ a: '</script><script>alert(1)</script>' })).not.toContain('</script>')
  })
})
