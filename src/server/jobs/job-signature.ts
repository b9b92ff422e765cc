/**
 * Calls of the jobs background function are signed: it is reachable by anyone who knows its path,
 * and each call may spend AI money. The caller (src/server/jobs/jobs.ts) sends an HMAC of the job id
 * and the time; the function runs nothing without a valid one made within the last 5 minutes.
 * The key is JOBS_SECRET when set, else a random one the server makes once and keeps in the
 * database (no configuration needed; it is never sent anywhere).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { env } from '../../env.server.ts'
import { db } from '../db/client.ts'
import { serverSecrets } from '../db/schema.ts'

const MAX_AGE_MS = 5 * 60 * 1000
export const SIGNATURE_HEADER = 'x-job-signature'
export const TIMESTAMP_HEADER = 'x-job-timestamp'

/** Read on each call (one small query): a copy kept in memory would outlive a restored database. */
async function secret(): Promise<string> {
  if (env.JOBS_SECRET) return env.JOBS_SECRET
  await db()
    .insert(serverSecrets)
    .values({ name: 'jobs', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing()
  const [row] = await db().select().from(serverSecrets).where(eq(serverSecrets.name, 'jobs'))
  return row!.value
}

const mac = (key: string, jobId: number, timestamp: string) =>
  createHmac('sha256', key).update(`${jobId}:${timestamp}`).digest('hex')

/** The headers that let the jobs function run `jobId`. */
export async function signJobCall(jobId: number, now = Date.now()): Promise<Record<string, string>> {
  const timestamp = String(now)
  return { [SIGNATURE_HEADER]: mac(await secret(), jobId, timestamp), [TIMESTAMP_HEADER]: timestamp }
}

/** Whether a call of the jobs function for `jobId` carries a valid, recent signature. */
export async function verifyJobCall(headers: Headers, jobId: number, now = Date.now()): Promise<boolean> {
  const signature = headers.get(SIGNATURE_HEADER) ?? ''
  const timestamp = headers.get(TIMESTAMP_HEADER) ?? ''
  const at = Number(timestamp)
  if (!/^[0-9a-f]{64}$/.test(signature) || !Number.isSafeInteger(at) || Math.abs(now - at) > MAX_AGE_MS) return false
  const expected = Buffer.from(mac(await secret(), jobId, timestamp), 'hex')
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'))
}
