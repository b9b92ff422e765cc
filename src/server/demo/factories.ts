/**
 * Factories: valid rows with sensible defaults, overridable field by field.
 * Tests use them to build exactly the data a case needs; the demo seed feeds its content through them,
 * so demo data and test data obey the same rules.
 */
import { excerptFromHtml } from '../../lib/excerpt.ts'
import { db, type Database } from '../db/client.ts'
import {
  accessories,
  championshipResults,
  games,
  imageLibrary,
  newsArticles,
  newsletterSubscribers,
  reviews,
  streams,
} from '../db/schema.ts'
import { insertStandingsSet, type NewStandingsSet, type StandingsRow } from '../repos/standings.repo.ts'

let sequence = 0
const next = () => ++sequence

type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert']

export function buildGame(overrides: Partial<Insert<typeof games>> = {}): Insert<typeof games> {
  const n = next()
  return {
    title: `Test Racing Game ${n}`,
    description: 'A racing simulator with laser-scanned tracks.',
    imageUrl: '/images/image-not-found.webp',
    rating: '90%',
    websiteUrl: `https://example.com/games/${n}`,
    category: 'Simulation',
    price: '$49.99',
    platform: 'PC',
    ...overrides,
  }
}

export function buildAccessory(overrides: Partial<Insert<typeof accessories>> = {}): Insert<typeof accessories> {
  const n = next()
  return {
    name: `Test Wheel Base ${n}`,
    brand: 'TestBrand',
    description: 'Direct drive wheel base with 12 Nm of torque.',
    imageUrl: '/images/image-not-found.webp',
    category: 'Wheel Bases',
    purchaseUrl: `https://example.com/shop/${n}`,
    ...overrides,
  }
}

export function buildNews(overrides: Partial<Insert<typeof newsArticles>> = {}): Insert<typeof newsArticles> {
  const n = next()
  const content = overrides.content ?? `<p>Race report number ${n}: a close finish decided on the final lap.</p>`
  return {
    title: `Test News ${n}`,
    category: 'Motorsport',
    author: 'Test Author',
    imageUrl: '/images/image-not-found.webp',
    content,
    excerpt: excerptFromHtml(content),
    ...overrides,
  }
}

export function buildStream(overrides: Partial<Insert<typeof streams>> = {}): Insert<typeof streams> {
  const n = next()
  return {
    title: `Test Stream ${n}`,
    description: 'Live from the sim rig.',
    category: 'gt3',
    streamUrl: `https://example.com/live/${n}`,
    thumbnailUrl: '/images/image-not-found.webp',
    streamerName: `Streamer ${n}`,
    isLive: false,
    viewerCount: 0,
    tags: [],
    ...overrides,
  }
}

export function buildReview(overrides: Partial<Insert<typeof reviews>> = {}): Insert<typeof reviews> {
  const n = next()
  return {
    title: `Test Review ${n}`,
    content: 'A thorough look at force feedback, tyre model and online racing.',
    author: 'Test Reviewer',
    rating: '8.0',
    imageUrl: '/images/image-not-found.webp',
    sourceUrl: `https://example.com/reviews/${n}`,
    ...overrides,
  }
}

export function buildChampionshipResult(
  overrides: Partial<Insert<typeof championshipResults>> = {},
): Insert<typeof championshipResults> {
  const n = next()
  return { name: `Driver ${n}`, team: 'Test Team', points: 100, position: 1, ...overrides }
}

export function buildLibraryImage(overrides: Partial<Insert<typeof imageLibrary>> = {}): Insert<typeof imageLibrary> {
  const n = next()
  return {
    url: `/images/library-${n}.webp`,
    name: `Library Image ${n}`,
    category: 'general',
    source: 'seed',
    ...overrides,
  }
}

export function buildStandings(overrides: Partial<NewStandingsSet> = {}, drivers = 10): NewStandingsSet {
  const n = next()
  const standings: StandingsRow[] = Array.from({ length: drivers }, (_, i) => ({
    position: i + 1,
    driverName: `Driver ${n}-${i + 1}`,
    team: `Team ${(i % 5) + 1}`,
    points: (drivers - i) * 10,
  }))
  return { championshipName: `Test Championship ${n}`, season: '2025', standings, ...overrides }
}

const insertOne =
  <T extends Parameters<Database['insert']>[0]>(table: T) =>
  async (values: T['$inferInsert'], tx: Database = db()): Promise<T['$inferSelect']> => {
    const [row] = await tx
      .insert(table)
      .values(values as never)
      .returning()
    return row as T['$inferSelect']
  }

export const createGame = (o: Partial<Insert<typeof games>> = {}) => insertOne(games)(buildGame(o))
export const createAccessory = (o: Partial<Insert<typeof accessories>> = {}) =>
  insertOne(accessories)(buildAccessory(o))
export const createNews = (o: Partial<Insert<typeof newsArticles>> = {}) => insertOne(newsArticles)(buildNews(o))
export const createStream = (o: Partial<Insert<typeof streams>> = {}) => insertOne(streams)(buildStream(o))
export const createReview = (o: Partial<Insert<typeof reviews>> = {}) => insertOne(reviews)(buildReview(o))
export const createChampionshipResult = (o: Partial<Insert<typeof championshipResults>> = {}) =>
  insertOne(championshipResults)(buildChampionshipResult(o))
export const createLibraryImage = (o: Partial<Insert<typeof imageLibrary>> = {}) =>
  insertOne(imageLibrary)(buildLibraryImage(o))
export const createStandings = (o: Partial<NewStandingsSet> = {}, drivers = 10) =>
  insertStandingsSet(buildStandings(o, drivers))

/** A championship built from race results, empty until files are imported (F1 points unless given). */
export const createResultsChampionship = (o: Partial<NewStandingsSet> = {}) =>
  insertStandingsSet(
    buildStandings(
      {
        source: 'results',
        pointsSystem: { positions: [25, 18, 15, 12, 10, 8, 6, 4, 2, 1], fastestLap: 0, pole: 0 },
        completedRounds: 0,
        ...o,
      },
      0,
    ),
  )

/**
 * Newsletter addresses as a confirmed sign-up leaves them (status 'confirmed', confirmed now), or
 * with the status given; `count` of them, reader-<n>@<domain>.
 */
export async function createSubscribers(
  count: number,
  overrides: Partial<Insert<typeof newsletterSubscribers>> & { domain?: string; prefix?: string } = {},
): Promise<(typeof newsletterSubscribers.$inferSelect)[]> {
  const { domain = 'example.com', prefix = 'reader', ...row } = overrides
  const status = row.status ?? 'confirmed'
  const values = Array.from({ length: count }, () => ({
    email: `${prefix}-${next()}@${domain}`,
    status,
    confirmedAt: status === 'confirmed' ? new Date() : null,
    ...row,
  }))
  return values.length ? db().insert(newsletterSubscribers).values(values).returning() : []
}
