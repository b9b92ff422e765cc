import { and, eq, inArray, notExists, sql } from 'drizzle-orm'
import type { LinkKind } from '../../../lib/audience/go-links.ts'
import { db } from '../../db/client.ts'
import { accessories, games, jobs, linkChecks } from '../../db/schema.ts'
import type { LinkResult, LinkToCheck } from './link-check.ts'
import type { JobRow } from '../../repos/jobs.repo.ts'

/** The kind of job that checks every link (src/server/features/audience/link-check-job.ts). */
export const LINK_CHECK_JOB = 'link-check'

/** Every stored purchase link and game website: what a check requests. */
export async function linksToCheck(): Promise<LinkToCheck[]> {
  const rows = await db().execute<LinkToCheck>(sql`
    select 'hardware' as kind, id, purchase_url as url from accessories
    union all
    select 'game', id, website_url from games where coalesce(trim(website_url), '') <> ''
    order by kind, id`)
  return rows.map((r) => ({ ...r, id: Number(r.id) }))
}

/** Stores the outcome of one link's check (the owner's items are never written). */
export async function saveLinkResult(link: LinkToCheck, result: LinkResult, checkedAt = new Date()): Promise<void> {
  const values = {
    url: link.url,
    status: result.status,
    httpStatus: result.httpStatus ?? null,
    finalUrl: result.finalUrl?.slice(0, 2048) ?? null,
    error: result.error?.slice(0, 500) ?? null,
    checkedAt,
  }
  await db()
    .insert(linkChecks)
    .values({ itemKind: link.kind, itemId: link.id, ...values })
    .onConflictDoUpdate({ target: [linkChecks.itemKind, linkChecks.itemId], set: values })
}

/** The results of items that no longer exist go (their ids may be handed out again). */
export async function forgetRemovedLinks(): Promise<void> {
  await db()
    .delete(linkChecks)
    .where(
      and(
        eq(linkChecks.itemKind, 'hardware'),
        notExists(db().select({ id: accessories.id }).from(accessories).where(eq(accessories.id, linkChecks.itemId))),
      ),
    )
  await db()
    .delete(linkChecks)
    .where(
      and(
        eq(linkChecks.itemKind, 'game'),
        notExists(db().select({ id: games.id }).from(games).where(eq(games.id, linkChecks.itemId))),
      ),
    )
}

export type LinkHealth = {
  kind: LinkKind
  id: number
  name: string
  url: string
  status: LinkResult['status']
  httpStatus: number | null
  finalUrl: string | null
  error: string | null
  checkedAt: Date
}

/**
 * The last check of every item whose address has not changed since (a result for an address the
 * owner has since replaced says nothing about the new one), broken first.
 */
export async function listLinkHealth(): Promise<LinkHealth[]> {
  const rows = await db().execute<LinkHealth & { checkedAt: string }>(sql`
    with items as (
      select 'hardware' as kind, id, name, purchase_url as url from accessories
      union all
      select 'game', id, title, website_url from games where coalesce(trim(website_url), '') <> ''
    )
    select i.kind, i.id, i.name, i.url, c.status, c.http_status as "httpStatus", c.final_url as "finalUrl",
      c.error, c.checked_at as "checkedAt"
    from items i join link_checks c on c.item_kind = i.kind and c.item_id = i.id and c.url = i.url
    order by case c.status when 'broken' then 0 when 'redirected' then 1 else 2 end, i.kind, i.name, i.id`)
  return rows.map((r) => ({ ...r, id: Number(r.id), checkedAt: new Date(r.checkedAt) }))
}

/** The link check running now (queued or running), if any. */
export async function activeLinkCheck(): Promise<JobRow | undefined> {
  const [row] = await db()
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, LINK_CHECK_JOB), inArray(jobs.status, ['queued', 'running'])))
    .limit(1)
  return row
}

/** The last link check that ended. */
export async function lastLinkCheck(): Promise<JobRow | undefined> {
  const [row] = await db()
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, LINK_CHECK_JOB), inArray(jobs.status, ['completed', 'failed'])))
    .orderBy(sql`${jobs.finishedAt} desc nulls last`, sql`${jobs.id} desc`)
    .limit(1)
  return row
}

/** One link of the job done: progress, and what is being checked now. */
export async function linkCheckProgress(jobId: number, currentTask: string): Promise<void> {
  await db()
    .update(jobs)
    .set({ completed: sql`least(${jobs.completed} + 1, ${jobs.total})`, currentTask, updatedAt: new Date() })
    .where(eq(jobs.id, jobId))
}
