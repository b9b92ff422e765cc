/**
 * Calls of the jobs background function are signed: it is reachable by anyone who knows its path,
 * and each call may spend AI money. The caller (src/server/jobs/jobs.ts) sends an HMAC of the job id
 * and the time; the function runs nothing without a valid one made within the last 5 minutes.
 * The key is JOBS_SECRET when set, else a random one the server makes once and keeps in the
 * database (src/server/auth/signing.ts).
 */
import { env } from '../../env.server.ts'
import { mac, macMatches, signingKey } from '../auth/signing.ts'

const MAX_AGE_MS = 5 * 60 * 1000
export const SIGNATURE_HEADER = 'x-job-signature'
export const TIMESTAMP_HEADER = 'x-job-timestamp'

const secret = () => signingKey('jobs', env.JOBS_SECRET)

/** The headers that let the jobs function run `jobId`. */
export async function signJobCall(jobId: number, now = Date.now()): Promise<Record<string, string>> {
  const timestamp = String(now)
  return { [SIGNATURE_HEADER]: mac(await secret(), `${jobId}:${timestamp}`, 'hex'), [TIMESTAMP_HEADER]: timestamp }
}

/** Whether a call of the jobs function for `jobId` carries a valid, recent signature. */
export async function verifyJobCall(headers: Headers, jobId: number, now = Date.now()): Promise<boolean> {
  const signature = headers.get(SIGNATURE_HEADER) ?? ''
  const timestamp = headers.get(TIMESTAMP_HEADER) ?? ''
  const at = Number(timestamp)
  if (!/^[0-9a-f]{64}$/.test(signature) || !Number.isSafeInteger(at) || Math.abs(now - at) > MAX_AGE_MS) return false
  return macMatches(await secret(), `${jobId}:${timestamp}`, signature, 'hex')
}
