import { eq } from 'drizzle-orm'
import { db } from '../db/client.ts'
import { analyticsSettings } from '../db/schema.ts'

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

export async function getAnalyticsSettings(): Promise<AnalyticsSettings> {
  const [row] = await db().select().from(analyticsSettings).where(eq(analyticsSettings.id, 1))
  if (!row) return { ...defaultAnalyticsSettings }
  return { enabled: row.enabled, sampleRate: row.sampleRate, gearByClicks: row.gearByClicks, mostRead: row.mostRead }
}

/** Merges the update into the stored settings (one statement) and answers them. */
export async function saveAnalyticsSettings(update: Partial<AnalyticsSettings>): Promise<AnalyticsSettings> {
  const merged = { ...(await getAnalyticsSettings()), ...update }
  await db()
    .insert(analyticsSettings)
    .values({ id: 1, ...merged })
    .onConflictDoUpdate({ target: analyticsSettings.id, set: { ...update, updatedAt: new Date() } })
  return getAnalyticsSettings()
}
