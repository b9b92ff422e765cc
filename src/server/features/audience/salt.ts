import { randomBytes } from 'node:crypto'
import { lt, sql } from 'drizzle-orm'
import { addDays } from '../../../lib/audience/date-range.ts'
import { db } from '../../db/client.ts'
import { analyticsSalts } from '../../db/schema.ts'

/**
 * The salt of the current day, as this instance knows it. A day's salt never changes once made (it
 * is only ever deleted, two days later), so an instance asks the database once a day, not once a
 * beacon: one statement fewer on every page view (the cost of docs/decisions/0851).
 */
let known: { day: string; salt: string } | undefined

/**
 * The secret salt of a UTC day: made by the first view of the day (one statement, so two instances
 * starting the day at once get the same salt), read by every other.
 */
export async function daySalt(day: string): Promise<string> {
  if (known?.day === day) return known.salt
  const fresh = randomBytes(32).toString('base64url')
  const [row] = await db()
    .insert(analyticsSalts)
    .values({ day, salt: fresh })
    // A no-op update, so that the existing salt comes back when another instance made it first.
    .onConflictDoUpdate({ target: analyticsSalts.day, set: { salt: sql`${analyticsSalts.salt}` } })
    .returning({ salt: analyticsSalts.salt })
  known = { day, salt: row!.salt }
  return row!.salt
}

/**
 * Deletes the salts of the days before yesterday: from then on nothing can tell whether two of those
 * days' visitor hashes came from the same address and browser (docs/decisions/0850). Answers how many went.
 */
export async function deleteOldSalts(today: string): Promise<number> {
  const gone = await db()
    .delete(analyticsSalts)
    .where(lt(analyticsSalts.day, addDays(today, -1)))
    .returning({ day: analyticsSalts.day })
  return gone.length
}
