import { and, desc, eq, gt, gte, lte, sql } from 'drizzle-orm'
import { db, type Database } from '../db/client.ts'
import { aiCallLog, aiSpendReservations } from '../db/schema.ts'

export type AiCallRow = typeof aiCallLog.$inferSelect
export type AiService = AiCallRow['service']

export type AiOutcome =
  'ok' | 'rate_limited' | 'server_error' | 'timeout' | 'network' | 'invalid_output' | 'client_error'

export interface AiCallRecord {
  service: AiService
  feature: string
  model: string
  inputTokens: number
  outputTokens: number
  cost: number
  /**
   * 'fallback_highest': the model is not in the price table; priced as its service's dearest model.
   * 'worst_case': no answer in time, so no usage; the provider bills it, so at its worst case.
   */
  costSource: 'provider' | 'price_table' | 'fallback_highest' | 'worst_case'
  latencyMs: number
  outcome: AiOutcome
  httpStatus?: number
  error?: string
}

/** One ledger row per attempt: what it cost, how long it took and how it ended. */
export async function recordAiCall(call: AiCallRecord, now = new Date()): Promise<void> {
  await db()
    .insert(aiCallLog)
    .values({
      service: call.service,
      feature: call.feature,
      model: call.model,
      inputTokens: Math.max(0, Math.round(call.inputTokens)),
      outputTokens: Math.max(0, Math.round(call.outputTokens)),
      totalTokens: Math.max(0, Math.round(call.inputTokens + call.outputTokens)),
      cost: call.cost.toFixed(6),
      costSource: call.costSource,
      latencyMs: Math.max(0, Math.round(call.latencyMs)),
      ok: call.outcome === 'ok',
      outcome: call.outcome,
      httpStatus: call.httpStatus ?? null,
      error: call.error?.slice(0, 2000) ?? null,
      createdAt: now,
    })
}

/** A reservation stops counting after this long: the longest call with its retries is far shorter. */
export const RESERVATION_TTL_MS = 10 * 60 * 1000

type Reader = Pick<Database, 'select'>

/**
 * Dollars spent on all AI calls since the start of `now`'s calendar month (UTC), plus what calls in
 * flight have reserved (docs/decisions/0406).
 */
export async function spentThisMonth(now = new Date(), q: Reader = db()): Promise<number> {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  const [spent] = await q
    .select({ total: sql<string>`coalesce(sum(${aiCallLog.cost}), 0)` })
    .from(aiCallLog)
    .where(gte(aiCallLog.createdAt, start))
  const [reserved] = await q
    .select({ total: sql<string>`coalesce(sum(${aiSpendReservations.amount}), 0)` })
    .from(aiSpendReservations)
    .where(and(gte(aiSpendReservations.createdAt, start), gt(aiSpendReservations.expiresAt, now)))
  return Number(spent?.total ?? 0) + Number(reserved?.total ?? 0)
}

/**
 * Sets `amount` aside for one call when the month's spending and reservations leave room for it
 * under `budget`; otherwise answers what is spent and reserved. Check and reservation happen under
 * one transaction-scoped lock (safe through a transaction pooler), so calls racing near the budget
 * are counted one after another.
 */
export async function reserveAiSpend(
  call: { service: AiService; feature: string; amount: number; budget: number },
  now = new Date(),
): Promise<{ reservationId: number } | { spent: number }> {
  return db().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('ai-monthly-budget'))`)
    const spent = await spentThisMonth(now, tx)
    if (spent + call.amount > call.budget + 1e-9) return { spent }
    // Expired reservations of crashed calls serve no purpose any more.
    await tx.delete(aiSpendReservations).where(lte(aiSpendReservations.expiresAt, now))
    const [row] = await tx
      .insert(aiSpendReservations)
      .values({
        service: call.service,
        feature: call.feature,
        amount: call.amount.toFixed(6),
        createdAt: now,
        expiresAt: new Date(now.getTime() + RESERVATION_TTL_MS),
      })
      .returning({ id: aiSpendReservations.id })
    return { reservationId: row!.id }
  })
}

/** The call's real cost is in the ledger (or it cost nothing): its reservation goes. */
export async function releaseAiReservation(reservationId: number): Promise<void> {
  await db().delete(aiSpendReservations).where(eq(aiSpendReservations.id, reservationId))
}

export async function listAiCalls(service: AiService, since: Date): Promise<AiCallRow[]> {
  return db()
    .select()
    .from(aiCallLog)
    .where(and(eq(aiCallLog.service, service), gte(aiCallLog.createdAt, since)))
    .orderBy(desc(aiCallLog.createdAt), desc(aiCallLog.id))
}

export async function recentAiErrors(service: AiService, limit = 20): Promise<AiCallRow[]> {
  return db()
    .select()
    .from(aiCallLog)
    .where(and(eq(aiCallLog.service, service), eq(aiCallLog.ok, false)))
    .orderBy(desc(aiCallLog.createdAt), desc(aiCallLog.id))
    .limit(limit)
}

export async function lastAiCall(service: AiService): Promise<AiCallRow | undefined> {
  const [row] = await db()
    .select()
    .from(aiCallLog)
    .where(eq(aiCallLog.service, service))
    .orderBy(desc(aiCallLog.createdAt), desc(aiCallLog.id))
    .limit(1)
  return row
}

/**
 * 'Clear logs' in the diagnostics panel: forgets the service's errors. Successful calls stay,
 * because they carry the money spent this month, which the budget counts.
 */
export async function clearAiErrors(service: AiService): Promise<number> {
  const deleted = await db()
    .delete(aiCallLog)
    .where(and(eq(aiCallLog.service, service), eq(aiCallLog.ok, false), sql`${aiCallLog.cost} = 0`))
    .returning({ id: aiCallLog.id })
  return deleted.length
}
