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

/** Text as Postgres keeps it: no NUL character (a path such as /api/admin/uploads/%00 carries one), bounded. */
const storable = (text: string, max: number) => text.replaceAll('\u0000', '\uFFFD').slice(0, max)

export async function appendAudit(entry: NewAuditEntry): Promise<void> {
  await db()
    .insert(auditLog)
    .values({
      method: entry.method,
      route: storable(entry.route, 300),
      entity: storable(entry.entity, 100),
      entityId: entry.entityId === undefined || entry.entityId === null ? null : storable(String(entry.entityId), 100),
      summary: storable(entry.summary, 500),
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
