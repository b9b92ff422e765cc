import { describe, expect, it } from 'vitest'
import { DEFAULT_NEWS_IMAGES, newsImageUrl } from './news-image.ts'

describe('newsImageUrl', () => {
  it("keeps an article's own image", () => {
    expect(newsImageUrl({ imageUrl: ' /media/a.webp ', category: 'Breaking' })).toBe('/media/a.webp')
  })

  it('gives a missing image the default of its category colour group (spec 000 section 9)', () => {
    expect(newsImageUrl({ imageUrl: '', category: 'Esports' })).toBe(DEFAULT_NEWS_IMAGES.red)
    expect(newsImageUrl({ imageUrl: null, category: 'breaking' })).toBe(DEFAULT_NEWS_IMAGES.red)
    expect(newsImageUrl({ imageUrl: '  ', category: 'Reviews' })).toBe(DEFAULT_NEWS_IMAGES.gold)
    expect(newsImageUrl({ category: 'F1 News' })).toBe(DEFAULT_NEWS_IMAGES.blue)
    expect(newsImageUrl({ imageUrl: '', category: 'Motorsport' })).toBe(DEFAULT_NEWS_IMAGES.blue)
    expect(newsImageUrl({ imageUrl: '', category: 'Hardware' })).toBe(DEFAULT_NEWS_IMAGES.grey)
  })
})
