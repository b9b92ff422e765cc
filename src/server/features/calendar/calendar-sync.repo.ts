import { eq } from 'drizzle-orm'
import { db } from '../../db/client.ts'
import { calendarSync } from '../../db/schema.ts'

/** The calendar's own work, one row each (docs/decisions/0425): Formula 1's reads, and the sessions' rollover. */
export type SyncName = 'f1' | 'rollover'
export type SyncRow = typeof calendarSync.$inferSelect

export async function readSync(name: SyncName): Promise<SyncRow | undefined> {
  const [row] = await db().select().from(calendarSync).where(eq(calendarSync.name, name))
  return row
}

export async function writeSync(name: SyncName, values: Omit<Partial<SyncRow>, 'name'>): Promise<void> {
  await db()
    .insert(calendarSync)
    .values({ name, ...values })
    .onConflictDoUpdate({ target: calendarSync.name, set: values })
}
