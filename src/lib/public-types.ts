import { htmlToText } from './excerpt.ts'

/**
 * The JSON shapes the public pages work with: exactly what /api answers (dates as ISO strings), so
 * an island's build-time props and its fresh re-read are the same kind of data.
 */
export interface GameItem {
  id: number
  title: string
  description: string
  imageUrl: string
  rating: string
  websiteUrl: string | null
}

export interface AccessoryItem {
  id: number
  name: string
  description: string
  imageUrl: string
  category: string
  purchaseUrl: string
  createdAt: string
}

export interface NewsItem {
  id: number
  title: string
  excerpt: string
  /** Plain text of the article for the search (the API sends HTML; islands keep the text). */
  content: string
  imageUrl: string
  category: string
  author: string
  timestamp: string
}

export interface StandingsItem {
  id: number
  championshipName: string
  season: string
  lastUpdated: string
  standings: { position: number; driverName: string; team: string; points: number }[]
}

export interface StreamItem {
  id: number
  title: string
  description: string
  category: string
  thumbnailUrl: string
  isLive: boolean
  viewerCount: number
  startTime: string
  streamUrl: string | null
  streamerName: string
  tags: string[]
}

export interface ReviewItem {
  id: number
  title: string
  content: string
  author: string
  rating: string
  imageUrl: string
  sourceUrl: string | null
  timestamp: string
}

type Jsonified<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Jsonified<U>[]
    : T extends object
      ? { [K in keyof T]: Jsonified<T[K]> }
      : T

/** Build-time rows as the API would send them (Date -> ISO string), keeping only what the page needs. */
export function toJson<T>(value: T): Jsonified<T> {
  return JSON.parse(JSON.stringify(value)) as Jsonified<T>
}

const pick = <T extends object, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> =>
  Object.fromEntries(keys.map((k) => [k, row[k]])) as Pick<T, K>

export const gameKeys = ['id', 'title', 'description', 'imageUrl', 'rating', 'websiteUrl'] as const
export const accessoryKeys = ['id', 'name', 'description', 'imageUrl', 'category', 'purchaseUrl', 'createdAt'] as const
export const streamKeys = [
  'id',
  'title',
  'description',
  'category',
  'thumbnailUrl',
  'isLive',
  'viewerCount',
  'startTime',
  'streamUrl',
  'streamerName',
  'tags',
] as const
export const reviewKeys = ['id', 'title', 'content', 'author', 'rating', 'imageUrl', 'sourceUrl', 'timestamp'] as const
export const standingsKeys = ['id', 'championshipName', 'season', 'lastUpdated', 'standings'] as const

export const toGameItem = (row: GameItem): GameItem => pick(row, gameKeys)
export const toAccessoryItem = (row: AccessoryItem): AccessoryItem => pick(row, accessoryKeys)
export const toStreamItem = (row: StreamItem): StreamItem => pick(row, streamKeys)
export const toReviewItem = (row: ReviewItem): ReviewItem => pick(row, reviewKeys)
export const toStandingsItem = (row: StandingsItem): StandingsItem => pick(row, standingsKeys)

export interface NewsRow {
  id: number
  title: string
  excerpt: string
  content: string
  imageUrl: string
  category: string
  author: string
  timestamp: string
}

/** A news card's data; the article's HTML becomes plain text for the search, or is left out. */
export const toNewsItem = (row: NewsRow, { withText }: { withText: boolean }): NewsItem => ({
  id: row.id,
  title: row.title,
  excerpt: row.excerpt,
  content: withText ? htmlToText(row.content) : '',
  imageUrl: row.imageUrl,
  category: row.category,
  author: row.author,
  timestamp: row.timestamp,
})
