/**
 * Made-up items in the shapes the public islands get from their pages (src/lib/public-types.ts),
 * for the islands' render tests: the edge cases the demo content does not have.
 */
import type { GameItem, NewsItem, StandingsItem, StreamItem } from '../../src/lib/public-types.ts'

export const makeStream = (n: number, overrides: Partial<StreamItem> = {}): StreamItem => ({
  id: 1000 + n,
  title: `Test stream ${n}`,
  description: 'A test stream.',
  category: 'gt3',
  thumbnailUrl: '/demo/streams/gt7-daily-race.webp',
  isLive: false,
  viewerCount: 1234,
  startTime: '2026-11-22T14:05:00.000Z',
  streamUrl: `https://www.twitch.tv/test${n}`,
  streamerName: `Streamer ${n}`,
  tags: ['One', 'Two', 'Three', 'Four', 'Five'],
  ...overrides,
})

export const makeGame = (n: number, overrides: Partial<GameItem> = {}): GameItem => ({
  id: n,
  title: `Game ${n}`,
  description: 'A test game.',
  imageUrl: '/demo/games/iracing.webp',
  rating: '75',
  websiteUrl: null,
  ...overrides,
})

export const makeArticle = (n: number, overrides: Partial<NewsItem> = {}): NewsItem => ({
  id: n,
  title: `Test article ${n}`,
  slug: `test-article-${n}`,
  excerpt: `The excerpt of article ${n}.`,
  content: '',
  imageUrl: '/images/news/reviews.webp',
  category: 'F1 News',
  author: 'Test Author',
  timestamp: '2026-11-20T10:00:00.000Z',
  ...overrides,
})

export const makeStandings = (n: number): StandingsItem => ({
  id: n,
  championshipName: `Test Championship ${n}`,
  season: '2026',
  lastUpdated: '2026-11-20T10:00:00.000Z',
  standings: [1, 2, 3, 4].map((position) => ({
    position,
    driverName: `Driver ${n}.${position}`,
    team: `Team ${position}`,
    points: 100 - position * 10,
  })),
  source: 'ai',
  sourceUrls: [],
  completedRounds: null,
  carClass: null,
  nextEvent: null,
  calendarPath: `/calendar#test-championship-${n}`,
  path: `/championships/${n}/test-championship-${n}`,
})
