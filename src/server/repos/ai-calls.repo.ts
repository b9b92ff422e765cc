import { and, desc, eq, gte, sql } from 'drizzle-orm'
import { db } from '../db/client.ts'
import { aiCallLog } from '../db/schema.ts'

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
  costSource: 'provider' | 'price_table'
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

/** Dollars spent on all AI calls since the start of `now`'s calendar month (UTC). */
export async function spentThisMonth(now = new Date()): Promise<number> {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  const [row] = await db()
    .select({ total: sql<string>`coalesce(sum(${aiCallLog.cost}), 0)` })
    .from(aiCallLog)
    .where(gte(aiCallLog.createdAt, start))
  return Number(row?.total ?? 0)
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
