import { eq } from 'drizzle-orm'
import { db } from '../db/client.ts'
import { siteSettings } from '../db/schema.ts'
import { changing } from '../cdn/outbox.ts'
import { DEFAULT_TIME_ZONE, isTimeZone } from '../../lib/time-zone.ts'

export type SiteSetting = { key: string; value: string }

export async function getSetting(key: string): Promise<SiteSetting | undefined> {
  const [row] = await db()
    .select({ key: siteSettings.key, value: siteSettings.value })
    .from(siteSettings)
    .where(eq(siteSettings.key, key))
  return row
}

/** Owes the purge of the answers that show settings (the home page's hero). */
export async function setSetting(key: string, value: string): Promise<SiteSetting> {
  const [row] = await changing(['site-settings'], (tx) =>
    tx
      .insert(siteSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } })
      .returning({ key: siteSettings.key, value: siteSettings.value }),
  )
  return row!
}

/** The key of the site's time zone among the settings (decision 0512). */
export const TIME_ZONE_KEY = 'time_zone'

/** The stored zone, or UTC when none is set (or Intl no longer knows the stored one). */
export async function siteTimeZone(): Promise<string> {
  const stored = (await getSetting(TIME_ZONE_KEY))?.value
  return stored && isTimeZone(stored) ? stored : DEFAULT_TIME_ZONE
}
