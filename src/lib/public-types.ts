import type { InferResponseType } from 'hono/client'
import type { api } from './api-client.ts'
import { htmlToText } from './excerpt.ts'
import { passageOf, type Passage } from './news-search.ts'

/**
 * The JSON shapes the public pages work with, taken from the API's own answer types (the typed
 * client's view of the routes, which take theirs from src/server/db/schema.ts): an island's
 * build-time props and its fresh re-read are the same kind of data, and a route that stops
 * sending a field a card shows fails the typecheck here. Each key list is the one place that says
 * which fields a page keeps.
 */
type ItemOf<T extends (...args: never[]) => unknown> = InferResponseType<T> extends (infer U)[] ? U : never

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
/** The source fields carry the card's honest label (docs/decisions/0420). */
export const standingsKeys = [
  'id',
  'championshipName',
  'season',
  'lastUpdated',
  'standings',
  'source',
  'sourceUrls',
  'completedRounds',
  'carClass',
  'nextEvent',
  'calendarPath',
  'path',
] as const
export const newsKeys = [
  'id',
  'title',
  'slug',
  'excerpt',
  'content',
  'imageUrl',
  'category',
  'author',
  'timestamp',
] as const

export type GameItem = Pick<ItemOf<typeof api.games.$get>, (typeof gameKeys)[number]>
export type AccessoryItem = Pick<ItemOf<typeof api.accessories.$get>, (typeof accessoryKeys)[number]>
export type StreamItem = Pick<ItemOf<typeof api.streams.$get>, (typeof streamKeys)[number]>
export type ReviewItem = Pick<ItemOf<typeof api.reviews.$get>, (typeof reviewKeys)[number]>
export type StandingsItem = Pick<
  ItemOf<(typeof api)['championships-standings']['$get']>,
  (typeof standingsKeys)[number]
>
/** A track of /lap-times as GET /api/lap-times/tracks sends it: its cars and fastest records. */
export type LapTrackItem = ItemOf<(typeof api)['lap-times']['tracks']['$get']>
export type LapRecordItem = LapTrackItem['records'][number]

/** An article as the API sends it (HTML content), with what the news cards need. */
export type NewsRow = Pick<ItemOf<typeof api.news.$get>, (typeof newsKeys)[number]>
/**
 * A news card's data: `content` is the article's plain text for the search, or '' when left out;
 * in a search's results, `passage` is where the term was found (decision 0872).
 */
export type NewsItem = NewsRow & { passage?: Passage | null }

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

export const toGameItem = (row: GameItem): GameItem => pick(row, gameKeys)
export const toAccessoryItem = (row: AccessoryItem): AccessoryItem => pick(row, accessoryKeys)
export const toStreamItem = (row: StreamItem): StreamItem => pick(row, streamKeys)
export const toReviewItem = (row: ReviewItem): ReviewItem => pick(row, reviewKeys)
export const toStandingsItem = (row: StandingsItem): StandingsItem => pick(row, standingsKeys)

/**
 * A news card's data; the article's HTML becomes plain text for the search, or is left out. With a
 * search, the passage where its term was found: in the excerpt, else in the text (none when only
 * the title holds it: the card's title shows it marked).
 */
export const toNewsItem = (
  row: NewsRow,
  { withText, search = '' }: { withText: boolean; search?: string },
): NewsItem => {
  const text = withText || search.trim() ? htmlToText(row.content) : ''
  return {
    ...pick(row, newsKeys),
    content: withText ? text : '',
    ...(search.trim() ? { passage: passageOf(row.excerpt, search) ?? passageOf(text, search) } : {}),
  }
}
