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

// The admin forms' bodies are the form contracts (src/lib/forms): their required fields are
// required in the typed client's input, so a body without one does not typecheck.
type GameBody = InferRequestType<typeof api.admin.games.$post>['json']
type StreamBody = InferRequestType<typeof api.streams.$post>['json']
export type Bodies = [
  Expect<Equal<GameBody['title'], string>>,
  Expect<Equal<StreamBody['streamUrl'], string>>,
  Expect<Equal<InferRequestType<typeof api.accessories.$post>['json']['purchaseUrl'], string>>,
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

// A POST body without a required field is refused by the compiler (spec 001 section 5).
export const missingRequired = {
  // @ts-expect-error the game form needs a title
  game: { websiteUrl: 'https://www.iracing.com' } satisfies GameBody,
  // @ts-expect-error hardware needs its purchase URL
  accessory: { name: 'Fanatec' } satisfies InferRequestType<typeof api.accessories.$post>['json'],
  // @ts-expect-error a stream needs its URL
  stream: { title: 'Le Mans' } satisfies StreamBody,
  // @ts-expect-error a review needs its rating
  review: { title: 'ACC review' } satisfies InferRequestType<typeof api.reviews.$post>['json'],
  fullGame: { title: 'iRacing', websiteUrl: 'https://www.iracing.com' } satisfies GameBody,
}

// Ids are the route's: its param validator answers numbers to the handler, the client sends text.
export type Params = [Expect<Equal<InferRequestType<(typeof api.streams)[':id']['$put']>['param']['id'], string>>]

// The History lists summaries; what a version's change did comes from its own route (issue 31).
type HistoryEntry = InferResponseType<(typeof api.admin.revisions)[':entity'][':id']['$get'], 200>[number]
type VersionChanges = InferResponseType<(typeof api.admin.revisions)[':id']['changes']['$get'], 200>
export type History = [
  Expect<Equal<'changes' extends keyof HistoryEntry ? true : false, false>>,
  Expect<Equal<HistoryEntry['changedFields'], string[]>>,
  Expect<Equal<VersionChanges['changes'][number]['kind'], 'text' | 'value' | 'rows'>>,
  Expect<Equal<Extract<VersionChanges['changes'][number], { kind: 'text' }>['compared'], boolean>>,
]
