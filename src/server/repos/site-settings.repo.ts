import { eq } from 'drizzle-orm'
import { panelTime, type PanelTime } from '../../lib/panel-time.ts'
import { db, type Database } from '../db/client.ts'
import { siteSettings } from '../db/schema.ts'
import { changing } from '../cdn/outbox.ts'
import { DEFAULT_TIME_ZONE, isTimeZone } from '../../lib/time-zone.ts'

export type SiteSetting = { key: string; value: string }

/** What reads a setting: the pool, or the caller's transaction (a read beside it would wait for it on PGlite). */
type Reader = Pick<Database, 'select'>

export async function getSetting(key: string, reader: Reader = db()): Promise<SiteSetting | undefined> {
  const [row] = await reader
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
export async function siteTimeZone(reader: Reader = db()): Promise<string> {
  const stored = (await getSetting(TIME_ZONE_KEY, reader))?.value
  return stored && isTimeZone(stored) ? stored : DEFAULT_TIME_ZONE
}

/** The panel's formatter in the stored zone: the server's messages and texts to the owner write their times with it. */
export async function ownerTime(reader: Reader = db()): Promise<PanelTime> {
  return panelTime(await siteTimeZone(reader))
}
