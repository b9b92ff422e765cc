/**
 * Type tests of the API contract: `npm run typecheck` (tsc) fails when a route's answer or body
 * changes without the client and the pages noticing. Nothing here runs; the assertions are types.
 */
import type { InferRequestType, InferResponseType } from 'hono/client'
import type { api } from '../../src/lib/api-client.ts'
import type { GameItem, NewsRow, StandingsItem, StreamItem } from '../../src/lib/public-types.ts'

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false
type Expect<T extends true> = T
type IsAny<T> = 0 extends 1 & T ? true : false

// The answers are real types, not `any` (a route written with a bare Context would give away its type).
export type NotAny = [
  Expect<Equal<IsAny<InferResponseType<typeof api.games.$get>>, false>>,
  Expect<Equal<IsAny<InferResponseType<typeof api.admin.games.$post>>, false>>,
  Expect<Equal<IsAny<InferRequestType<typeof api.admin.games.$post>>, false>>,
]

// What the cards show, as the API sends it (dates as ISO strings).
export type Cards = [
  Expect<
    Equal<
      GameItem,
      { id: number; title: string; description: string; imageUrl: string; rating: string; websiteUrl: string | null }
    >
  >,
  Expect<Equal<NewsRow['timestamp'], string>>,
  Expect<Equal<StreamItem['tags'], string[]>>,
  Expect<
    Equal<StandingsItem['standings'][number], { position: number; driverName: string; team: string; points: number }>
  >,
]

// The admin forms' bodies: the game form needs only a title (spec 001 section 5), sent as text.
type GameBody = InferRequestType<typeof api.admin.games.$post>['json']
export type Bodies = [
  Expect<Equal<GameBody['title'], string | null | undefined>>,
  Expect<
    Equal<
      InferRequestType<
        (typeof api)['championships-standings']['reorder']['$post']
      >['json']['updates'][number]['displayOrder'],
      number
    >
  >,
  // The login answers a session, or (two-factor login on) that the code is still needed.
  Expect<
    Equal<
      Extract<InferResponseType<typeof api.admin.login.$post, 200>, { authenticated: boolean }>['authenticated'],
      boolean
    >
  >,
  Expect<
    Equal<
      Extract<InferResponseType<typeof api.admin.login.$post, 200>, { secondFactor: string }>['secondFactor'],
      'required'
    >
  >,
  Expect<Equal<InferResponseType<typeof api.admin.login.verify.$post, 200>['authenticated'], boolean>>,
]
