import { Hono } from 'hono'
import { analyticsSettings } from '../../db/schema.ts'
import { defineFeature, safely } from '../feature.ts'
import { analyticsAdminRoutes, beaconRoutes } from './analytics.routes.ts'
import { createGoApp } from './go.routes.ts'
import { audienceHousekeeping } from './housekeeping.ts'
import { runLinkCheckJob, startScheduledLinkCheck } from './link-check-job.ts'
import { LINK_CHECK_JOB } from './link-checks.repo.ts'
import { linkHealthRoutes } from './link-health.routes.ts'

/**
 * The audience (docs/decisions/0850-0854): pages count their views with a beacon, without cookies
 * (a visitor is a daily salted hash); purchase links go through /go/{kind}/{id} and are counted; a
 * daily fold makes the figures of the Audience tab, and a weekly check lists the broken shop links.
 */
export const audience = defineFeature({
  name: 'audience',
  api: new Hono()
    .route('/analytics', beaconRoutes)
    .route('/admin/analytics', analyticsAdminRoutes)
    .route('/admin/link-health', linkHealthRoutes),
  // The pages' beacon: it stores a page view, or nothing, and answers 204.
  publicRoutes: ['POST /api/analytics/view'],
  // Counted purchase links, served by the API's function outside /api (decision 0852).
  outsideApi: { prefix: '/go/', app: createGoApp },
  async tick(platform, now) {
    // The site's own housekeeping, whatever the owner's switches say: the day's fold once a day is
    // over, then the weekly link check.
    const folded = await safely('fold the audience figures', async () => {
      const audience = await audienceHousekeeping(now)
      return audience ? { audience } : {}
    })
    const checked = await safely('start the weekly link check', async () => {
      const linkCheck = await startScheduledLinkCheck(platform, now)
      return linkCheck ? { linkCheck } : {}
    })
    return { ...folded, ...checked }
  },
  jobs: { [LINK_CHECK_JOB]: runLinkCheckJob },
  // The owner's settings; the figures themselves are counts, not content, and stay out of a backup.
  backupTables: [{ table: analyticsSettings, orderBy: ['id'], since: 'audience' }],
})

// What the pages, the hardware list and the benchmark read.
export { pageCountRate } from './page-count.ts'
export { getAnalyticsSettings } from './analytics-settings.repo.ts'
export { audienceSummary, featuredGear, mostReadArticles } from './audience.repo.ts'
export { foldDay, pruneEvents } from './fold.ts'
export { campaignFigures } from './campaign-figures.ts'
export { startOf } from './totals.ts'
export type { AudienceReport } from './housekeeping.ts'
