import { eq } from 'drizzle-orm'
import { EVERYTHING, type PurgeTag } from '../../../lib/cache-tags.ts'
import { db } from '../../db/client.ts'
import { analyticsSettings } from '../../db/schema.ts'
import { markChanged } from '../../cdn/outbox.ts'

/** The owner's audience settings (docs/decisions/0850, 0851). */
export interface AnalyticsSettings {
  /** Off: the pages send no beacon and nothing is counted, clicks included. */
  enabled: boolean
  /** Count one view in N (1: every view). */
  sampleRate: number
  /** The home page's gear section ordered by purchase-link clicks of the last 30 days. */
  gearByClicks: boolean
  /** 'Most read this week' under each article. */
  mostRead: boolean
}

/** Before the owner saves anything: counting on, every view, the owner's order, no 'Most read'. */
export const defaultAnalyticsSettings: AnalyticsSettings = {
  enabled: true,
  sampleRate: 1,
  gearByClicks: false,
  mostRead: false,
}

const settingsOf = (row: typeof analyticsSettings.$inferSelect): AnalyticsSettings => ({
  enabled: row.enabled,
  sampleRate: row.sampleRate,
  gearByClicks: row.gearByClicks,
  mostRead: row.mostRead,
})

export async function getAnalyticsSettings(): Promise<AnalyticsSettings> {
  const [row] = await db().select().from(analyticsSettings).where(eq(analyticsSettings.id, 1))
  return row ? settingsOf(row) : { ...defaultAnalyticsSettings }
}

/** What each setting changes on the public pages: purged when it changes (decision 0851). */
export function tagsOfSettingsChange(before: AnalyticsSettings, after: AnalyticsSettings): PurgeTag[] {
  // Every page carries the beacon's switch and rate.
  if (before.enabled !== after.enabled || before.sampleRate !== after.sampleRate) return [EVERYTHING]
  const tags: PurgeTag[] = []
  if (before.gearByClicks !== after.gearByClicks) tags.push('accessories')
  if (before.mostRead !== after.mostRead) tags.push('audience')
  return tags
}

/**
 * Merges the update into the stored settings and owes the purges of what it changed on the public
 * pages, in one transaction (the outbox, decision 0703). Answers the settings before and after.
 */
export async function saveAnalyticsSettings(
  update: Partial<AnalyticsSettings>,
): Promise<{ before: AnalyticsSettings; after: AnalyticsSettings }> {
  return db().transaction(async (tx) => {
    const [row] = await tx.select().from(analyticsSettings).where(eq(analyticsSettings.id, 1)).for('update')
    const before = row ? settingsOf(row) : { ...defaultAnalyticsSettings }
    const after = { ...before, ...update }
    await tx
      .insert(analyticsSettings)
      .values({ id: 1, ...after })
      .onConflictDoUpdate({ target: analyticsSettings.id, set: { ...after, updatedAt: new Date() } })
    await markChanged(tx, tagsOfSettingsChange(before, after))
    return { before, after }
  })
}
