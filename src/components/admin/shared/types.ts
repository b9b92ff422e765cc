import type { AuditEntry } from '../../../server/audit/audit.ts'
import type { PublishStatus } from '../../../server/publish/publish.ts'
import type { Accessory } from '../../../server/repos/accessories.repo.ts'
import type { ChampionshipResult } from '../../../server/repos/championships.repo.ts'
import type { Game } from '../../../server/repos/games.repo.ts'
import type { LibraryImage, PoolImage } from '../../../server/repos/image-library.repo.ts'
import type { NewsArticle } from '../../../server/repos/news.repo.ts'
import type { Review } from '../../../server/repos/reviews.repo.ts'
import type { JobSchedule, SchedulerConfig } from '../../../server/repos/scheduler.repo.ts'
import type { SeoSettings } from '../../../server/repos/seo.repo.ts'
import type { StandingsSet } from '../../../server/repos/standings.repo.ts'
import type { Stream } from '../../../server/repos/streams.repo.ts'

/** What the API answers: the repositories' rows with dates as ISO strings (type-only imports). */
type Json<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Json<U>[]
    : T extends object
      ? { [K in keyof T]: Json<T[K]> }
      : T

export type AdminGame = Json<Game>
export type AdminAccessory = Json<Accessory>
export type AdminChampionshipEntry = Json<ChampionshipResult>
export type AdminStandingsSet = Json<StandingsSet>
export type AdminStream = Json<Stream>
export type AdminNews = Json<NewsArticle>
export type AdminReview = Json<Review>
export type AdminLibraryImage = Json<LibraryImage>
export type AdminPoolImage = PoolImage
export type AdminSeo = SeoSettings
export type AdminSchedulerConfig = SchedulerConfig
export type AdminJobSchedule = JobSchedule
export type AdminAuditEntry = Json<AuditEntry>
export type AdminPublishStatus = Pick<
  Json<PublishStatus>,
  'status' | 'changedTags' | 'requestedAt' | 'buildStartedAt' | 'liveAt' | 'lastError'
>
export interface AuditPage {
  items: AdminAuditEntry[]
  total: number
  page: number
  pageSize: number
}
