import type { Hono } from 'hono'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { BackupTable } from '../backup/tables.ts'
import type { NetlifyBindings } from '../http/netlify.ts'
import type { EventTx, StoredSiteEvent } from '../events/site-events.ts'
import type { Platform } from '../platform.ts'
import type { JobRow } from '../repos/jobs.repo.ts'
import type { SchedulerConfig } from '../repos/scheduler.repo.ts'
import type { StartedRun, TickReport } from '../scheduler/tick.ts'

/**
 * What a feature brings to the hubs (docs/decisions/0027): one folder under src/server/features/,
 * whose index.ts exports one of these, and one line in the list (./index.ts). The API, the session
 * guard, the scheduler's tick, the job runner and the backup loop over the list; none of them
 * imports a feature's insides, and nothing outside a feature's folder reaches past its index.ts
 * (tests/unit/feature-boundaries.test.ts).
 */
export interface Feature {
  name: string
  /** Its API, mounted under /api with the paths it gives ('/newsletter', '/admin/newsletter'). */
  api?: Hono
  /** Which of its routes a visitor may call without a session: 'METHOD /api/...' (src/server/auth/guard.ts). */
  publicRoutes?: readonly string[]
  /**
   * Public routes whose request carries its own authority (a signed token in the address), so the
   * origin check does not apply: a mail client posts them from wherever it runs (RFC 8058).
   */
  tokenRoutes?: readonly string[]
  /**
   * Addresses outside /api that the API's function serves with an app of the feature's own, behind
   * none of the API's middleware but its headers (the audience's counted links under /go/).
   */
  outsideApi?: { prefix: string; app: () => Hono<{ Bindings: NetlifyBindings }> }
  /**
   * Its part of every scheduler tick, after the scheduled articles are published and before the
   * waiting purges are sent. Never throws: a failure of one feature stops nothing else.
   */
  tick?: (platform: Platform, now: Date, config: SchedulerConfig) => Promise<TickShare>
  /** Jobs of its own kinds, by kind: the runner hands them a claimed job (src/server/jobs/jobs.ts). */
  jobs?: Readonly<Record<string, (platform: Platform, job: JobRow) => Promise<JobRow | undefined>>>
  /**
   * What it does when something happened to the public site (src/server/events/site-events.ts),
   * in the order it happened: handed over by src/server/events/dispatch.ts in a transaction that
   * marks the event handed over, so what it makes of it (a delivery) is made once. Quick and
   * local: it writes rows; sending happens later (`afterWrite`, the tick).
   */
  siteEvents?: (tx: EventTx, event: StoredSiteEvent) => Promise<void>
  /**
   * After every write the API answered, with the request's background work (Netlify's waitUntil;
   * none in-process): the moment to send what a write made due, without the answer waiting for it.
   */
  afterWrite?: (platform: Platform, waitUntil: ((work: Promise<unknown>) => void) | undefined) => void
  /** Its tables in a backup archive, in the order they insert, after the core tables (src/server/backup/tables.ts). */
  backupTables?: readonly BackupTable[]
  /** Those of its tables whose rows make a site not empty (a restore asks before it replaces them). */
  contentTables?: readonly PgTable[]
}

/** What a feature's tick did: runs it started, and what the tick's report says of it. */
export type TickShare = { started?: StartedRun[] } & Partial<Omit<TickReport, 'started'>>

/** A feature, its types kept exactly (its API's routes reach the typed client through them). */
export const defineFeature = <const F extends Feature>(feature: F): F => feature

/** Runs a tick share that must not stop the tick: a failure is logged and the tick goes on. */
export async function safely(what: string, work: () => Promise<TickShare>): Promise<TickShare> {
  try {
    return await work()
  } catch (error) {
    console.warn(`[scheduler] could not ${what}:`, error)
    return {}
  }
}
