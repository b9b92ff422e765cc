/**
 * A month of a site owner's typical use, against the real publish code path (requestPublish after
 * each write, the scheduler's flushPendingBuild, the deploy events), a real database and a fake
 * build hook on 127.0.0.1 that counts its calls; the clock is simulated. Used by
 * `npm run bench:deploys` (prints the figures) and src/server/publish/deploy-budget.test.ts.
 */
import { startFakeBuildHook } from '../../tests/fakes/build-hook.ts'
import {
  configurePublishing,
  flushPendingBuild,
  getDeployBudget,
  markBuildFinished,
  markBuildStarted,
  requestPublish,
} from '../../src/server/publish/publish.ts'
import type { PublishTag } from '../../src/server/publish/tags.ts'

export interface MonthOfUse {
  start: Date
  days: number
  /** Owner edits a day (games, hardware, reviews...), at random times between 08:00 and 22:00. */
  ownerEditsPerDay: number
  /** The scheduler's tick, in minutes (Netlify runs it every minute; a coarser tick changes no count). */
  tickMinutes: number
  seed: number
}

export interface MonthResult {
  hookCalls: number
  deploys: number
  credits: number
  writes: number
  /** The longest a change waited for the deploy that carried it, in hours. */
  longestWaitHours: number
}

/** A small deterministic random generator, so a run can be repeated. */
function random(seed: number) {
  let x = seed >>> 0 || 1
  return () => {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    return (x >>> 0) / 2 ** 32
  }
}

export const typicalMonth: MonthOfUse = {
  start: new Date('2026-11-01T00:00:00Z'),
  days: 30,
  ownerEditsPerDay: 5,
  tickMinutes: 5,
  seed: 2026,
}

export async function simulateMonth(use: MonthOfUse = typicalMonth): Promise<MonthResult> {
  const hook = await startFakeBuildHook()
  const restore = configurePublishing({ hookUrl: hook.url, debounceMs: 60_000, purgeToken: undefined })
  try {
    const next = random(use.seed)
    const events: { at: number; tags: PublishTag[] }[] = []
    const minute = 60_000
    for (let day = 0; day < use.days; day++) {
      const midnight = use.start.getTime() + day * 24 * 60 * minute
      // The scheduler's daily standings refresh at 06:00 (public at once).
      events.push({ at: midnight + 6 * 60 * minute, tags: ['standings'] })
      // The day's AI drafts are published by the owner in the morning.
      events.push({ at: midnight + (9 * 60 + Math.floor(next() * 120)) * minute, tags: ['news'] })
      for (let i = 0; i < use.ownerEditsPerDay; i++) {
        const tags: PublishTag[][] = [['games'], ['accessories'], ['reviews'], ['streams'], ['news']]
        events.push({ at: midnight + (8 * 60 + Math.floor(next() * 14 * 60)) * minute, tags: tags[i % tags.length]! })
      }
    }
    events.sort((a, b) => a.at - b.at)

    let pendingSince: number | null = null
    let longestWait = 0
    let buildDoneAt: number | null = null
    let e = 0
    const end = use.start.getTime() + use.days * 24 * 60 * minute
    for (let t = use.start.getTime(); t < end; t += use.tickMinutes * minute) {
      while (e < events.length && events[e]!.at <= t) {
        const event = events[e++]!
        const before = hook.calls()
        await requestPublish(event.tags, new Date(event.at))
        pendingSince ??= event.at
        if (hook.calls() > before) {
          longestWait = Math.max(longestWait, event.at - pendingSince)
          pendingSince = null
          await markBuildStarted(new Date(event.at + minute))
          buildDoneAt = event.at + 3 * minute
        }
      }
      if (buildDoneAt !== null && t >= buildDoneAt) {
        await markBuildFinished(null, new Date(buildDoneAt))
        buildDoneAt = null
      }
      const before = hook.calls()
      await flushPendingBuild(new Date(t))
      if (hook.calls() > before) {
        if (pendingSince !== null) longestWait = Math.max(longestWait, t - pendingSince)
        pendingSince = null
        await markBuildStarted(new Date(t + minute))
        buildDoneAt = t + 3 * minute
      }
    }
    const budget = await getDeployBudget(new Date(end - minute))
    return {
      hookCalls: hook.calls(),
      deploys: budget.deploysThisMonth,
      credits: budget.creditsThisMonth,
      writes: events.length,
      longestWaitHours: longestWait / (60 * minute),
    }
  } finally {
    restore()
    await hook.close()
  }
}
