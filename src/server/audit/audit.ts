import { count, desc } from 'drizzle-orm'
import { db } from '../db/client.ts'
import { auditLog } from '../db/schema.ts'

export type AuditEntry = typeof auditLog.$inferSelect

export interface NewAuditEntry {
  method: string
  route: string
  entity: string
  entityId?: string | number | null
  summary: string
}

export async function appendAudit(entry: NewAuditEntry): Promise<void> {
  await db()
    .insert(auditLog)
    .values({
      method: entry.method,
      route: entry.route.slice(0, 300),
      entity: entry.entity.slice(0, 100),
      entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId).slice(0, 100),
      summary: entry.summary.slice(0, 500),
    })
}

export async function listAudit(page: number, pageSize: number): Promise<{ items: AuditEntry[]; total: number }> {
  const [items, [total]] = await Promise.all([
    db()
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db().select({ n: count() }).from(auditLog),
  ])
  return { items, total: total?.n ?? 0 }
}
