import type { InferResponseType } from 'hono/client'
import type { api } from '../../../lib/api-client.ts'

/**
 * The admin's data shapes, taken from the typed client's answer types (the routes' own): a route
 * that changes what it sends fails the typecheck here rather than in the owner's browser.
 */
type Answer<T extends (...args: never[]) => unknown> = InferResponseType<T>
type ItemOf<T extends (...args: never[]) => unknown> = Answer<T> extends (infer U)[] ? U : never

export type AdminGame = ItemOf<typeof api.admin.games.$get>
export type AdminAccessory = ItemOf<typeof api.accessories.$get>
export type AdminChampionshipEntry = ItemOf<typeof api.championships.$get>
export type AdminStandingsSet = ItemOf<(typeof api.admin)['championships-standings']['$get']>
export type AdminStream = ItemOf<typeof api.streams.$get>
export type AdminNews = ItemOf<typeof api.news.$get>
export type AdminReview = ItemOf<typeof api.reviews.$get>
export type AdminLibraryImage = ItemOf<(typeof api)['image-library']['$get']>
export type AdminPoolImage = ItemOf<typeof api.images.$get>
export type AdminSeo = ItemOf<typeof api.admin.seo.$get>
export type AdminSchedulerConfig = Answer<typeof api.admin.scheduler.config.$get>['config']
export type AdminPublishStatus = Answer<(typeof api.admin)['publish-status']['$get']>
export type AuditPage = Answer<(typeof api.admin)['audit-log']['$get']>
export type AdminAuditEntry = AuditPage['items'][number]
