import { SCHEDULER_AUDIT_METHOD } from '../../lib/revisions.ts'
import { nextTestSlot, slotKey, testSlot } from '../../lib/schedule.ts'
import { dueZonedSlot, nextZonedSlot } from '../../lib/zoned-schedule.ts'
import { requireConfigured } from '../ai/call.ts'
import { siteUrl } from '../../env.server.ts'
import { tellIndexNow } from '../cdn/indexnow.ts'
import { db } from '../db/client.ts'
import { dispatchSiteEvents } from '../events/dispatch.ts'
import { pruneSiteEvents } from '../events/site-events.ts'
import { featureList, type TickShare } from '../features/index.ts'
import type { AudienceReport } from '../features/audience/index.ts'
import { relaunchStalledJobs, startJob } from '../jobs/jobs.ts'
import { appendAudit } from '../audit/audit.ts'
import type { Platform } from '../platform.ts'
import { startGameRefresh, startStreamRefresh } from '../refresh/start.ts'
import { standingsRunOf } from '../results/refresh-standings.ts'
import type { JobRow } from '../repos/jobs.repo.ts'
import { publishDueNews } from '../repos/news.repo.ts'
import { siteTimeZone } from '../repos/site-settings.repo.ts'
import { getSchedulerConfig, type SchedulerConfig } from '../repos/scheduler.repo.ts'
import { runInSlot } from './slot.ts'
import { recentTestRun, setScheduleTimes, type ScheduleKind, type SchedulerRun } from '../repos/scheduler-runs.repo.ts'

/** Spec 001 section 9: test mode runs Formula 1 and IndyCar Series, news and standings both on. */
export const TEST_CHAMPIONSHIPS = ['Formula 1', 'IndyCar Series'] as const
/** Spec 001: test mode runs every 2 minutes; never more often, whatever the settings row says. */
export const MIN_TEST_INTERVAL_MINUTES = 2
/** Run Test Now starts nothing while a test run is running or began this long ago (docs/decisions/0406). */
export const TEST_NOW_COOLDOWN_MS = 60_000

/** The AI kinds: their schedules, or test mode; each only while its flag (spec 001) is on. */
type AiKind = Extract<ScheduleKind, 'standings' | 'news'>
const kinds: AiKind[] = ['standings', 'news']
const aiFlag = { standings: 'refreshStandings', news: 'generateNews' } as const satisfies Record<
  AiKind,
  keyof SchedulerConfig
>

/**
 * The stream and game refreshes (no AI): on their own schedules, test mode or not, each only
 * while its flag (spec 001: refreshStreams, refreshGames) is on.
 */
type RefreshKind = Extract<ScheduleKind, 'streams' | 'games'>
const refreshKinds: RefreshKind[] = ['streams', 'games']
const refreshFlag = { streams: 'refreshStreams', games: 'refreshGames' } as const satisfies Record<
  RefreshKind,
  keyof SchedulerConfig
>

export interface StartedRun {
  run: SchedulerRun
  jobId?: number
}

export interface TickReport {
  started: StartedRun[]
  /** The audience figures' daily fold, when a day was folded this tick (docs/decisions/0850). */
  audience?: AudienceReport
  /** The weekly link check's run, when this tick started it (docs/decisions/0853). */
  linkCheck?: SchedulerRun
  /** CDN purges sent again this tick (they had failed, or waited after a 429). */
  purged: string[]
  /** Jobs launched again because their launch was lost or their runner died. */
  relaunched: number[]
  /** Scheduled articles this tick published (their publish time had come). */
  publishedNews: number[]
}

interface RunPlan {
  kind: AiKind | RefreshKind
  key: string
  testMode: boolean
  championships: readonly string[]
  nextRunAt: Date | null
  now: Date
}

/** The job a run starts: a refresh of every stream or game, or AI work for the championships. */
async function startWork(platform: Platform, plan: RunPlan): Promise<JobRow> {
  if (plan.kind === 'streams') return startStreamRefresh(platform, 'scheduled-streams')
  if (plan.kind === 'games') return startGameRefresh(platform, 'scheduled-games')
  const kind = plan.kind
  // Standings: each championship from its own source; the AI is needed only for AI tables.
  const run =
    kind === 'standings' ? await standingsRunOf(plan.championships) : { names: [...plan.championships], needsAi: true }
  if (run.needsAi) requireConfigured(platform.ai, 'perplexity')
  return startJob(platform, `scheduled-${kind}`, {
    tasks: run.names.map((championship) => ({ kind, championship })),
    news: { contentType: 'motorsport' },
    feature: plan.testMode ? 'scheduler-test' : 'scheduled',
  })
}

/** Claims the plan's slot and, when this tick got it, starts the job that does the work (slot.ts). */
function startRun(platform: Platform, plan: RunPlan): Promise<StartedRun | undefined> {
  return runInSlot(
    { slotKey: plan.key, kind: plan.kind, testMode: plan.testMode, startedAt: plan.now, nextRunAt: plan.nextRunAt },
    async () => ({ jobId: (await startWork(platform, plan)).id }),
  )
}

/**
 * One scheduler tick (netlify/functions/scheduler.mts every minute; `npm start` ticks it too):
 * starts the work whose time has come, weekly or daily at hour:minute on the site's clock, or every test interval
 * in test mode, each slot at most once however many ticks overlap; publishes the scheduled articles
 * whose time has come; runs each feature's part (the newsletter's digest, the race calendar, the
 * audience's fold and link check: src/server/features); and sends again the CDN purges that failed
 * or had to wait (decision 0700).
 */
export async function runSchedulerTick(platform: Platform, now = new Date()): Promise<TickReport> {
  const config = await getSchedulerConfig()
  // Every job's hour and minute are on the site's clock (the System tab's zone, UTC by default):
  // the panel shows them so (issue 36), as the newsletter's digest always was (decision 0802).
  const zone = await siteTimeZone()
  const plans: RunPlan[] = []
  // The master switch governs test mode too: switched off, nothing runs (and nothing is spent).
  const testInterval = Math.max(MIN_TEST_INTERVAL_MINUTES, config.testIntervalMinutes)
  if (config.enabled && config.testMode) {
    const slot = testSlot(now, testInterval)
    for (const kind of kinds) {
      if (!config[aiFlag[kind]]) continue
      plans.push({
        kind,
        key: slotKey(`test-${kind}`, slot),
        testMode: true,
        championships: TEST_CHAMPIONSHIPS,
        nextRunAt: nextTestSlot(now, testInterval),
        now,
      })
    }
  } else if (config.enabled) {
    for (const kind of kinds) {
      const schedule = config[kind]
      if (!schedule.enabled || !config[aiFlag[kind]]) {
        await setScheduleTimes(kind, { nextRunAt: null })
        continue
      }
      const next = nextZonedSlot(schedule, now, zone)
      const slot = dueZonedSlot(schedule, now, zone)
      if (slot) {
        plans.push({
          kind,
          key: slotKey(kind, slot),
          testMode: false,
          championships: config.championships,
          nextRunAt: next,
          now,
        })
        await setScheduleTimes(kind, { lastRunAt: slot, nextRunAt: next })
      } else {
        await setScheduleTimes(kind, { nextRunAt: next })
      }
    }
  }

  if (config.enabled) {
    for (const kind of refreshKinds) {
      const schedule = config[kind]
      if (!schedule.enabled || !config[refreshFlag[kind]]) {
        await setScheduleTimes(kind, { nextRunAt: null })
        continue
      }
      const next = nextZonedSlot(schedule, now, zone)
      const slot = dueZonedSlot(schedule, now, zone)
      if (slot) {
        plans.push({ kind, key: slotKey(kind, slot), testMode: false, championships: [], nextRunAt: next, now })
        await setScheduleTimes(kind, { lastRunAt: slot, nextRunAt: next })
      } else {
        await setScheduleTimes(kind, { nextRunAt: next })
      }
    }
  }

  const started: StartedRun[] = []
  for (const plan of plans) {
    const result = await startRun(platform, plan)
    if (result) started.push(result)
  }
  const publishedNews = await publishScheduledNews(platform, now)
  // What happened to the site since (these articles going live, a script's import) reaches the
  // features that tell the outside world before their part runs (src/server/events/dispatch.ts).
  try {
    while ((await dispatchSiteEvents()) > 0);
    await pruneSiteEvents(db(), now)
  } catch (error) {
    console.warn('[scheduler] could not hand over the site events:', error)
  }
  // Then each feature's part (src/server/features: the newsletter's digest, the race calendar, the
  // audience's daily fold and weekly link check), after this tick's scheduled articles went live:
  // an article due now is in the digest made now. A feature's failure stops nothing else.
  const shares: TickShare[] = []
  for (const feature of featureList) {
    if (feature.tick) shares.push(await feature.tick(platform, now, config))
  }
  for (const share of shares) started.push(...(share.started ?? []))
  const { audience, linkCheck } = Object.assign({}, ...shares) as TickShare
  let relaunched: number[] = []
  try {
    relaunched = await relaunchStalledJobs(platform, now)
  } catch (error) {
    console.warn('[scheduler] could not relaunch stalled jobs:', error)
  }
  let purged: string[] = []
  try {
    purged = (await platform.purger.flush()).purged
  } catch (error) {
    console.warn('[scheduler] could not send the waiting purges:', error)
  }
  // The pages purged since the last tick (a script's import, a failed telling) reach IndexNow.
  try {
    await tellIndexNow(siteUrl, platform.external.outbound)
  } catch (error) {
    console.warn('[scheduler] could not tell IndexNow of the changed pages:', error)
  }
  return { started, purged, relaunched, publishedNews, audience, linkCheck }
}

/**
 * Publishes the scheduled articles whose time has come, as the owner's Publish would: an audit row
 * each, then one purge of the news lists and of each article's page (its cached 404 included).
 * Never throws: the other work of the tick goes on.
 */
async function publishScheduledNews(platform: Platform, now: Date): Promise<number[]> {
  try {
    const published = await publishDueNews(now)
    if (published.length === 0) return []
    for (const article of published) {
      await appendAudit({
        method: SCHEDULER_AUDIT_METHOD,
        route: 'scheduler',
        entity: 'news',
        entityId: article.id,
        summary: `Published scheduled article "${article.title}"`,
      })
    }
    // Their purges were owed when they were published (publishDueNews); the tick sends them below.
    return published.map((a) => a.id)
  } catch (error) {
    console.warn('[scheduler] could not publish scheduled articles:', error)
    return []
  }
}

/**
 * The scheduler tab's run-now (POST /api/admin/scheduler/test-now): test-mode work, at once. Not
 * while a test run is running or started in the last minute: five quick clicks made ten jobs and
 * twenty AI calls. The minute's slot key makes that hold for clicks racing each other too. Answers
 * no runs when it started nothing.
 */
export async function runSchedulerNow(platform: Platform, now = new Date()): Promise<StartedRun[]> {
  if (await recentTestRun(now, TEST_NOW_COOLDOWN_MS)) return []
  const minute = Math.floor(now.getTime() / 60_000)
  const started: StartedRun[] = []
  for (const kind of kinds) {
    const result = await startRun(platform, {
      kind,
      key: `manual-${kind}:${minute}`,
      testMode: true,
      championships: TEST_CHAMPIONSHIPS,
      nextRunAt: null,
      now,
    })
    // Every click claims the kinds in the same order: one that lost the first claim lost the click.
    if (!result) break
    started.push(result)
  }
  return started
}
