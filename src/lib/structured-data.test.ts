import { describe, expect, it } from 'vitest'
import { jsonLdText, newsArticleJsonLd, reviewedItem, reviewsJsonLd, standingsJsonLd } from './structured-data.ts'

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
    expect(review!.itemReviewed).toEqual({ '@type': 'Product', name: 'iRacing' })
  })
})

describe('reviewedItem', () => {
  const catalogue = {
    games: [
      { id: 1, title: 'Le Mans Ultimate', websiteUrl: 'https://lmu.example' },
      { id: 2, title: 'F1 25', websiteUrl: null },
    ],
    accessories: [{ name: 'Heusinkveld Sprint', brand: 'Heusinkveld' }],
  }

  it('names the game a review is linked to, not its headline', () => {
    expect(reviewedItem({ title: 'The endurance sim finally grows up', gameId: 1 }, catalogue)).toEqual({
      '@type': 'VideoGame',
      name: 'Le Mans Ultimate',
      url: 'https://lmu.example',
    })
  })

  it('types hardware as a Product with its brand', () => {
    expect(reviewedItem({ title: 'Heusinkveld Sprint pedals: the upgrade', gameId: null }, catalogue)).toEqual({
      '@type': 'Product',
      name: 'Heusinkveld Sprint',
      brand: { '@type': 'Brand', name: 'Heusinkveld' },
    })
  })

  it('finds a game its title names when it is not linked', () => {
    expect(reviewedItem({ title: 'F1 25: a solid season', gameId: null }, catalogue)).toEqual({
      '@type': 'VideoGame',
      name: 'F1 25',
    })
  })

  it('takes unlinked, unknown items for hardware named before the colon', () => {
    expect(reviewedItem({ title: 'Moza R5 bundle: a good first step', gameId: null }, catalogue)).toEqual({
      '@type': 'Product',
      name: 'Moza R5 bundle',
    })
  })
})

describe('jsonLdText', () => {
  it('cannot close its script element', () => {
    expect(jsonLdText({ a: '</script><script>alert(1)</script>' })).not.toContain('</script>')
  })
})

describe('standingsJsonLd', () => {
  const set = (team: string) => ({
    source: 'results',
    sourceUrls: [],
    completedRounds: 3,
    lastUpdated: '2026-11-27T20:00:00Z',
    championshipName: 'Endurance Cup',
    season: '2026',
    standings: [{ position: 1, driverName: 'Ana Lima', team, points: 25 }],
  })
  const description = (team: string) =>
    (standingsJsonLd(site, [set(team)])['@graph'] as { description: string }[])[0]!.description

  it('names the leader with his team, and without empty brackets when he has none', () => {
    expect(description('Team Bleu')).toContain('Leader: Ana Lima (Team Bleu), 25 points.')
    expect(description('')).toContain('Leader: Ana Lima, 25 points.')
    expect(description('  ')).not.toContain('()')
  })
})
