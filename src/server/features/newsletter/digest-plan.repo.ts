import { eq } from 'drizzle-orm'
import { readPlan, type DigestPlan } from '../../../lib/newsletter/digest-plan.ts'
import { db, type Database } from '../../db/client.ts'
import { siteSettings } from '../../db/schema.ts'

/**
 * The owner's settings of the digest, kept among the site's settings (so a backup carries them):
 * the plan of the next digest and the sender's postal address. Neither is shown on a public page,
 * so a write purges nothing (the public settings route serves two other keys only).
 */
const PLAN_KEY = 'newsletter_next_digest'
const POSTAL_ADDRESS_KEY = 'newsletter_postal_address'

type Reader = Pick<Database, 'select'>
type Writer = Pick<Database, 'insert' | 'delete'>

async function read(key: string, reader: Reader): Promise<string | undefined> {
  const [row] = await reader.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key))
  return row?.value
}

async function write(key: string, value: string, writer: Writer = db()): Promise<void> {
  await writer
    .insert(siteSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } })
}

export const getDigestPlan = async (reader: Reader = db()): Promise<DigestPlan> =>
  readPlan(await read(PLAN_KEY, reader))

export const setDigestPlan = (plan: DigestPlan) => write(PLAN_KEY, JSON.stringify(plan))

/** The plan served the digest just made: the next one starts from the period's articles again. */
export async function clearDigestPlan(writer: Writer = db()): Promise<void> {
  await writer.delete(siteSettings).where(eq(siteSettings.key, PLAN_KEY))
}

export const getPostalAddress = async (reader: Reader = db()): Promise<string> =>
  (await read(POSTAL_ADDRESS_KEY, reader)) ?? ''

export const setPostalAddress = (address: string) => write(POSTAL_ADDRESS_KEY, address)
