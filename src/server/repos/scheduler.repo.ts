import { eq } from 'drizzle-orm'
import { db } from '../db/client.ts'
import { schedulerJobs, schedulerSettings } from '../db/schema.ts'

export interface JobSchedule {
  enabled: boolean
  frequency: 'weekly' | 'daily'
  /** 0-6 (Sunday 0); -1 when daily. */
  dayOfWeek: number
  hour: number
  minute: number
}

export interface SchedulerConfig {
  enabled: boolean
  testMode: boolean
  testIntervalMinutes: number
  generateNews: boolean
  refreshStandings: boolean
  /** Spec 001's flags for the stream and game refreshes: off, the scheduler never starts that refresh. */
  refreshStreams: boolean
  refreshGames: boolean
  championships: string[]
  standings: JobSchedule
  news: JobSchedule
  streams: JobSchedule
  games: JobSchedule
  /** The newsletter's digest: its hour and minute are on the site's time zone clock (docs/decisions/0802). */
  digest: JobSchedule
}

/** The scheduled kinds, each with its own block (enable, frequency, day, hour, minute). */
export const scheduledKinds = ['standings', 'news', 'streams', 'games', 'digest'] as const
export type ScheduledKind = (typeof scheduledKinds)[number]

export type SchedulerUpdate = Partial<Omit<SchedulerConfig, ScheduledKind>> & {
  [K in ScheduledKind]?: Partial<JobSchedule>
}

const defaultJob: JobSchedule = { enabled: false, frequency: 'weekly', dayOfWeek: 1, hour: 6, minute: 0 }

export async function getSchedulerConfig(): Promise<SchedulerConfig> {
  const [settings] = await db().select().from(schedulerSettings).where(eq(schedulerSettings.id, 1))
  const jobs = await db().select().from(schedulerJobs)
  const job = (kind: ScheduledKind): JobSchedule => {
    const row = jobs.find((j) => j.kind === kind)
    return row
      ? { enabled: row.enabled, frequency: row.frequency, dayOfWeek: row.dayOfWeek, hour: row.hour, minute: row.minute }
      : defaultJob
  }
  return {
    enabled: settings?.enabled ?? false,
    testMode: settings?.testMode ?? false,
    testIntervalMinutes: settings?.testIntervalMinutes ?? 2,
    generateNews: settings?.generateNews ?? true,
    refreshStandings: settings?.refreshStandings ?? true,
    refreshStreams: settings?.refreshStreams ?? true,
    refreshGames: settings?.refreshGames ?? true,
    championships: settings?.championships ?? ['Formula 1', 'IndyCar Series'],
    standings: job('standings'),
    news: job('news'),
    streams: job('streams'),
    games: job('games'),
    digest: job('digest'),
  }
}

/** Merges the update into the stored config, in one transaction. */
export async function saveSchedulerConfig(update: SchedulerUpdate): Promise<SchedulerConfig> {
  const current = await getSchedulerConfig()
  const { standings, news, streams, games, digest, ...settings } = update
  await db().transaction(async (tx) => {
    const merged = { ...current, ...settings }
    await tx
      .insert(schedulerSettings)
      .values({
        id: 1,
        enabled: merged.enabled,
        testMode: merged.testMode,
        testIntervalMinutes: merged.testIntervalMinutes,
        generateNews: merged.generateNews,
        refreshStandings: merged.refreshStandings,
        refreshStreams: merged.refreshStreams,
        refreshGames: merged.refreshGames,
        championships: merged.championships,
      })
      .onConflictDoUpdate({
        target: schedulerSettings.id,
        set: {
          enabled: merged.enabled,
          testMode: merged.testMode,
          testIntervalMinutes: merged.testIntervalMinutes,
          generateNews: merged.generateNews,
          refreshStandings: merged.refreshStandings,
          refreshStreams: merged.refreshStreams,
          refreshGames: merged.refreshGames,
          championships: merged.championships,
          updatedAt: new Date(),
        },
      })
    for (const [kind, change] of [
      ['standings', standings],
      ['news', news],
      ['streams', streams],
      ['games', games],
      ['digest', digest],
    ] as const) {
      if (!change) continue
      const job = normalizeJob({ ...current[kind], ...change })
      await tx
        .insert(schedulerJobs)
        .values({ kind, ...job })
        .onConflictDoUpdate({ target: schedulerJobs.kind, set: { ...job, nextRunAt: null, updatedAt: new Date() } })
    }
  })
  return getSchedulerConfig()
}

/** Daily jobs have no day (-1); a weekly job without a day runs on Monday (the spec's default). */
export function normalizeJob(job: JobSchedule): JobSchedule {
  if (job.frequency === 'daily') return { ...job, dayOfWeek: -1 }
  return { ...job, dayOfWeek: job.dayOfWeek >= 0 ? job.dayOfWeek : 1 }
}
