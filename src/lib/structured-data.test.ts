import { describe, expect, it } from 'vitest'
import {
  calendarJsonLd,
  jsonLdText,
  newsArticleJsonLd,
  reviewedItem,
  reviewsJsonLd,
  standingsJsonLd,
} from './structured-data.ts'

const site = 'https://sim.example'

describe('newsArticleJsonLd', () => {
  it('describes the article as a NewsArticle', () => {
    const data = newsArticleJsonLd(site, {
      id: 4,
      slug: 'spa-report',
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
    expect(data.mainEntityOfPage).toBe('https://sim.example/news/4/spa-report')
  })
})

describe('reviewsJsonLd', () => {
  it('gives each review its rating out of 10', () => {
    const data = reviewsJsonLd(site, [
      {
        id: 7,
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

  it("gives each review its own address on this site, and the reviewer's page as what it is based on", () => {
    const data = reviewsJsonLd(site, [
      {
        id: 12,
        title: 'Fanatec CSL DD',
        content: 'c',
        author: 'Tom',
        rating: '8',
        imageUrl: '',
        sourceUrl: 'https://reviewer.example/csl-dd',
        timestamp: new Date(0),
      },
    ])
    const [review] = data['@graph'] as Record<string, unknown>[]
    expect(review!.url).toBe('https://sim.example/reviews#review-12')
    expect(review!.isBasedOn).toBe('https://reviewer.example/csl-dd')
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

describe('calendarJsonLd', () => {
  const now = new Date('2026-12-01T12:00:00Z')
  const session = (name: string, startsAt: string, durationMinutes = 60) => ({
    name,
    startsAt: new Date(startsAt),
    durationMinutes,
  })
  const league = {
    source: 'owner' as const,
    series: null,
    round: 3,
    name: 'Monza 3 Hours',
    track: 'Monza',
    setId: 7,
    calendarName: 'Sim GT Cup',
    sessions: [session('Qualifying', '2026-11-30T18:00:00Z'), session('Race', '2026-12-05T18:00:00Z', 180)],
  }
  const formula1 = {
    source: 'jolpica' as const,
    series: 'Formula 1',
    round: 24,
    name: 'Abu Dhabi Grand Prix',
    track: 'Yas Marina Circuit',
    setId: null,
    calendarName: 'Formula 1',
    sessions: [session('Race', '2026-12-06T13:00:00Z', 120), session('Practice 1', '2026-12-01T11:30:00Z')],
  }
  const events = (data: Record<string, unknown> | undefined) => (data?.['@graph'] ?? []) as Record<string, unknown>[]

  it("describes each session ahead as Google's event results require: name, start, location, soonest first", () => {
    const graph = events(calendarJsonLd(site, [league, formula1], now, (e) => (e.setId ? `${e.setId}-gt-cup` : '')))
    // The qualifying of 30 November is over; Practice 1 is still running.
    expect(graph.map((e) => e.name)).toEqual([
      'Formula 1: Round 24: Abu Dhabi Grand Prix – Practice 1',
      'Sim GT Cup: Round 3: Monza 3 Hours – Race',
      'Formula 1: Round 24: Abu Dhabi Grand Prix – Race',
    ])
    for (const event of graph) {
      expect(event['@type']).toBe('SportsEvent')
      // ISO 8601 with the offset written out.
      expect(event.startDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/)
      expect(Date.parse(String(event.endDate))).toBeGreaterThan(Date.parse(String(event.startDate)))
      expect(event.eventStatus).toBe('https://schema.org/EventScheduled')
      expect(event.location).toBeTruthy()
    }
    const [, race, grandPrix] = graph
    expect(race).toMatchObject({
      startDate: '2026-12-05T18:00:00+00:00',
      endDate: '2026-12-05T21:00:00+00:00',
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      // A virtual location needs its url (Google: location.url for an online event).
      location: { '@type': 'VirtualLocation', name: 'Monza', url: 'https://sim.example/calendar#7-gt-cup' },
      organizer: { '@type': 'Organization', name: 'Sim GT Cup' },
      url: 'https://sim.example/calendar#7-gt-cup',
    })
    expect(grandPrix).toMatchObject({
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      // A place needs its address (Google: location.address).
      location: { '@type': 'Place', name: 'Yas Marina Circuit', address: 'Yas Marina Circuit' },
      organizer: { '@type': 'Organization', name: 'Formula 1' },
      url: 'https://sim.example/calendar',
    })
  })

  it('says nothing when no session is ahead, and at most 60 sessions when a whole season is', () => {
    expect(calendarJsonLd(site, [{ ...league, sessions: [league.sessions[0]!] }], now, () => '')).toBeUndefined()
    const season = {
      ...formula1,
      sessions: Array.from({ length: 120 }, (_, i) => session(`S${i}`, `2027-03-01T10:00:00Z`)),
    }
    expect(events(calendarJsonLd(site, [season], now, () => ''))).toHaveLength(60)
  })
})
