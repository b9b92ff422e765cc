import type { Hono, MiddlewareHandler, Schema } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { requestId } from 'hono/request-id'
import type { HonoBase } from 'hono/hono-base'
import type { MergePath, MergeSchemaPath } from 'hono/types'
import { isProduction } from '../env.server.ts'
import { features } from './features/index.ts'
import { securedApp } from './http/secured-app.ts'
import { publicRoutes, tokenRoutes } from './public-routes.ts'
import { auditWrites, sendOwedPurges } from './audit/record-writes.ts'
import { tellTheFeatures } from './events/after-write.ts'
import { isPublicEndpoint, originCheck, requireSession } from './auth/guard.ts'
import { deadlineCheck } from './http/deadline.ts'
import { MAX_CHUNK_BYTES } from './blobs/chunked-files.ts'
import { ApiError } from './http/errors.ts'
import { renderTiming } from './http/render-timing.ts'
import type { NetlifyBindings } from './http/netlify.ts'
import type { Platform } from './platform.ts'
import { adminAuthRoutes } from './routes/admin/auth.routes.ts'
import { adminInfoRoutes } from './routes/admin/admin.routes.ts'
import { backupRoutes } from './routes/backup/backup.routes.ts'
import { uploadsRoutes } from './routes/admin/uploads.routes.ts'
import { accessoriesAdminRoutes, accessoriesRoutes } from './routes/accessories/accessories.routes.ts'
import { aiRoutes } from './routes/ai/ai.routes.ts'
import { aiDiagnosticsRoutes } from './routes/ai-diagnostics/ai-diagnostics.routes.ts'
import { aiSettingsRoutes } from './routes/ai-settings/ai-settings.routes.ts'
import { championshipSourcesRoutes } from './routes/championship-sources/championship-sources.routes.ts'
import { championshipsAdminRoutes, championshipsRoutes } from './routes/championships/championships.routes.ts'
import { lapTimesRoutes } from './routes/lap-times/lap-times.routes.ts'
import { raceResultsRoutes } from './routes/race-results/race-results.routes.ts'
import { gamesAdminRoutes, gamesRoutes } from './routes/games/games.routes.ts'
import {
  imageLibraryAdminRoutes,
  imageLibraryRoutes,
  imagesRoutes,
} from './routes/image-library/image-library.routes.ts'
import { jobsRoutes } from './routes/jobs/jobs.routes.ts'
import { BEACON_MAX_BYTES, BEACON_PATH } from '../lib/audience/beacon.ts'
import { newsBulkRoutes } from './routes/news/news-bulk.routes.ts'
import { newsAdminRoutes, newsRoutes } from './routes/news/news.routes.ts'
import { refreshRoutes } from './routes/refresh/refresh.routes.ts'
import { reviewsAdminRoutes, reviewsRoutes } from './routes/reviews/reviews.routes.ts'
import { revisionsRoutes } from './routes/revisions/revisions.routes.ts'
import { schedulerRoutes } from './routes/scheduler/scheduler.routes.ts'
import { seoRoutes } from './routes/seo/seo.routes.ts'
import { siteSettingsAdminRoutes, siteSettingsRoutes } from './routes/site-settings/site-settings.routes.ts'
import { standingsAdminRoutes, standingsRoutes } from './routes/standings/standings.routes.ts'
import { streamsAdminRoutes, streamsRoutes } from './routes/streams/streams.routes.ts'
import { timeZoneRoutes } from './routes/time-zone/time-zone.routes.ts'
import { twoFactorRoutes } from './routes/two-factor/two-factor.routes.ts'

/** JSON bodies larger than this are refused before parsing (uploads have their own limits). */
export const maxJsonBody = 1024 * 1024
/** A library image may arrive as a data URL (spec 001); Netlify's ~6 MB request cap applies anyway. */
export const maxDataUrlBody = 6 * 1024 * 1024

const tooLarge =
  (message = 'The request is too large.') =>
  () => {
    throw new ApiError(413, message)
  }
const limits = {
  json: bodyLimit({ maxSize: maxJsonBody, onError: tooLarge() }),
  // An oversized beacon is no beacon of ours: dropped with the beacon's own answer (docs/decisions/0850).
  beacon: bodyLimit({
    maxSize: BEACON_MAX_BYTES,
    onError: (c) => c.body(null, 204, { 'Cache-Control': 'no-store' }),
  }),
  dataUrl: bodyLimit({ maxSize: maxDataUrlBody, onError: tooLarge() }),
  chunk: bodyLimit({ maxSize: MAX_CHUNK_BYTES, onError: tooLarge('A chunk may hold at most 4 MB.') }),
}

const bodyLimits: MiddlewareHandler = (c, next) => {
  if (
    c.req.method === 'PUT' &&
    /^\/api\/admin\/(uploads|backup\/restores|race-results\/uploads)\/[^/]+\/chunks\/[^/]+$/.test(c.req.path)
  )
    return limits.chunk(c, next)
  if (c.req.method === 'POST' && /^\/api\/image-library\/?$/.test(c.req.path)) return limits.dataUrl(c, next)
  if (c.req.method === 'POST' && c.req.path === BEACON_PATH) return limits.beacon(c, next)
  return limits.json(c, next)
}

declare module 'hono' {
  interface ContextVariableMap {
    /** What this runtime is made of (src/server/platform.ts): set once, for every request. */
    platform: Platform
  }
}

/**
 * The whole API as one Hono app under /api: mounted by netlify/functions/api.mts with the
 * production platform, by `npm start` with its local one, and tested in-process with
 * `createApp(testPlatform()).request(...)`.
 *
 * Every request passes the origin check and the session guard before any route: a route is
 * public only when it is listed in `publicRoutes` (src/server/public-routes.ts), so a route added
 * later is protected by default (tests/api/route-protection.test.ts enumerates them all).
 */
export function createApp(platform: Platform) {
  const everyPublicRoute = publicRoutes()
  const tokenAuthorized = tokenRoutes()
  const core = securedApp()
    .basePath('/api')
    .use(async (c, next) => {
      c.set('platform', platform)
      c.set('publicRoutes', everyPublicRoute)
      c.set('tokenRoutes', tokenAuthorized)
      await next()
    })
    // Every answer the app produced says so: the renders behind the CDN are counted from outside
    // (a copy repeats the header of the render it keeps; docs/decisions/0702). Not a public answer
    // in production: its time would tell a visitor what it did (a sign-up's said whether the
    // address was known: issue 42).
    .use(async (c, next) => {
      const startedAt = performance.now()
      await next()
      if (isProduction && isPublicEndpoint(c)) return
      c.header('Server-Timing', renderTiming(startedAt), { append: true })
    })
    .use(requestId())
    .use(originCheck)
    .use(deadlineCheck)
    .use(bodyLimits)
    .use(requireSession)
    .use(sendOwedPurges)
    .use(tellTheFeatures)
    .use(auditWrites)
    // Chained, so that the app's type carries every route for the typed client (src/lib/api-client.ts).
    .route('/admin', adminAuthRoutes)
    .route('/admin', adminInfoRoutes)
    .route('/admin', newsAdminRoutes)
    .route('/admin', newsBulkRoutes)
    .route('/admin/time-zone', timeZoneRoutes)
    .route('/admin/games', gamesAdminRoutes)
    .route('/admin/uploads', uploadsRoutes)
    .route('/admin/backup', backupRoutes)
    .route('/admin/ai-settings', aiSettingsRoutes)
    .route('/admin/seo', seoRoutes)
    .route('/admin/scheduler', schedulerRoutes)
    .route('/admin', aiRoutes)
    .route('/admin', aiDiagnosticsRoutes)
    .route('/admin/jobs', jobsRoutes)
    .route('/admin/championships-standings', standingsAdminRoutes)
    .route('/admin/championship-sources', championshipSourcesRoutes)
    .route('/admin/race-results', raceResultsRoutes)
    .route('/admin', refreshRoutes)
    .route('/admin/two-factor', twoFactorRoutes)
    .route('/admin/revisions', revisionsRoutes)
    // What the panel edits, read fresh: the public lists are the CDN's copies (docs/decisions/0702).
    .route('/admin/accessories', accessoriesAdminRoutes)
    .route('/admin/championships', championshipsAdminRoutes)
    .route('/admin/reviews', reviewsAdminRoutes)
    .route('/admin/streams', streamsAdminRoutes)
    .route('/admin/image-library', imageLibraryAdminRoutes)
    .route('/admin/site-settings', siteSettingsAdminRoutes)
    .route('/games', gamesRoutes)
    .route('/accessories', accessoriesRoutes)
    .route('/news', newsRoutes)
    .route('/championships-standings', standingsRoutes)
    .route('/championships', championshipsRoutes)
    .route('/lap-times', lapTimesRoutes)
    .route('/streams', streamsRoutes)
    .route('/reviews', reviewsRoutes)
    .route('/site-settings', siteSettingsRoutes)
    .route('/image-library', imageLibraryRoutes)
    .route('/images', imagesRoutes)
  // Then each feature's own routes (src/server/features), behind the same middleware: one loop,
  // typed as the chain of `.route('/', api)` it stands for, so the typed client knows them too.
  const all = features.reduce<Hono<{ Bindings: NetlifyBindings }, Schema, '/api'>>(
    (app, feature) => ('api' in feature ? app.route('/', feature.api) : app),
    core,
  )
  all.notFound((c) => c.json({ message: 'Not found' }, 404))
  return all as unknown as WithFeatures<typeof core>
}

/** What the loop above makes, in types: the chain of `.route('/', api)` of each feature in turn. */
/* eslint-disable @typescript-eslint/no-explicit-any -- any Env and paths: only the schemas are read */
type WithFeatures<A, F extends readonly unknown[] = typeof features> = F extends readonly [infer Head, ...infer Rest]
  ? Head extends { api: infer Api extends HonoBase<any, any, any, any> }
    ? A extends HonoBase<infer E, infer S extends Schema, infer B extends string, infer C extends string>
      ? WithFeatures<HonoBase<E, MergeSchemaPath<SchemaOf<Api>, MergePath<B, '/'>> | S, B, C>, Rest>
      : never
    : WithFeatures<A, Rest>
  : A

type SchemaOf<A> = A extends HonoBase<any, infer S extends Schema, any, any> ? S : never
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The API's type: every route with its input and answer, for `hono/client`. */
export type AppType = ReturnType<typeof createApp>
