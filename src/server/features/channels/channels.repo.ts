import { and, desc, eq, sql } from 'drizzle-orm'
import type { ChannelKind } from '../../../lib/channels/messages.ts'
import { open, seal } from '../../auth/secret-box.ts'
import { db } from '../../db/client.ts'
import { channelDeliveries, channels } from '../../db/schema.ts'
import type { EventTx } from '../../events/site-events.ts'

export type ChannelRow = typeof channels.$inferSelect
export type DeliveryRow = typeof channelDeliveries.$inferSelect

/** A channel as the sender uses it: its credential opened (undefined when SECRETS_KEY changed since). */
export interface OpenChannel {
  kind: ChannelKind
  account: string
  serverUrl: string | null
  credential: string | undefined
}

const purposeOf = (kind: ChannelKind) => `channel:${kind}`

export async function listChannels(): Promise<ChannelRow[]> {
  return db().select().from(channels).orderBy(channels.kind)
}

export async function getChannel(kind: ChannelKind): Promise<ChannelRow | undefined> {
  const [row] = await db().select().from(channels).where(eq(channels.kind, kind))
  return row
}

export function opened(row: ChannelRow): OpenChannel {
  return {
    kind: row.kind as ChannelKind,
    account: row.account,
    serverUrl: row.serverUrl,
    credential: open(row.secret, purposeOf(row.kind as ChannelKind)),
  }
}

/** Connects a network, or replaces its credential: a paused channel starts again. */
export async function saveChannel(values: {
  kind: ChannelKind
  account: string
  serverUrl: string | null
  credential: string
  announceArticles?: boolean
  announceResults?: boolean
}): Promise<ChannelRow> {
  const secret = seal(values.credential, purposeOf(values.kind))
  const switches = {
    ...(values.announceArticles === undefined ? {} : { announceArticles: values.announceArticles }),
    ...(values.announceResults === undefined ? {} : { announceResults: values.announceResults }),
  }
  const [row] = await db()
    .insert(channels)
    .values({ kind: values.kind, account: values.account, serverUrl: values.serverUrl, secret, ...switches })
    .onConflictDoUpdate({
      target: channels.kind,
      set: {
        account: values.account,
        serverUrl: values.serverUrl,
        secret,
        ...switches,
        pausedAt: null,
        pausedReason: null,
        updatedAt: new Date(),
      },
    })
    .returning()
  return row!
}

/** The owner's switches of a connected channel; undefined when it is not connected. */
export async function setSwitches(
  kind: ChannelKind,
  switches: { announceArticles?: boolean; announceResults?: boolean },
): Promise<ChannelRow | undefined> {
  const [row] = await db()
    .update(channels)
    .set({ ...switches, updatedAt: new Date() })
    .where(eq(channels.kind, kind))
    .returning()
  return row
}

/** Disconnects: the credential is gone; what was waiting to be sent to it is cancelled. */
export async function removeChannel(kind: ChannelKind): Promise<boolean> {
  return db().transaction(async (tx) => {
    const gone = await tx.delete(channels).where(eq(channels.kind, kind)).returning({ kind: channels.kind })
    await tx
      .update(channelDeliveries)
      .set({ status: 'cancelled', lastError: 'The channel was disconnected.' })
      .where(and(eq(channelDeliveries.channel, kind), eq(channelDeliveries.status, 'waiting')))
    return gone.length > 0
  })
}

/** The network refused the credential for good: nothing more is sent until the owner resumes it. */
export async function pauseChannel(kind: ChannelKind, reason: string, now: Date): Promise<void> {
  await db()
    .update(channels)
    .set({ pausedAt: now, pausedReason: reason, updatedAt: now })
    .where(and(eq(channels.kind, kind), sql`${channels.pausedAt} is null`))
}

export async function resumeChannel(kind: ChannelKind): Promise<ChannelRow | undefined> {
  const [row] = await db()
    .update(channels)
    .set({ pausedAt: null, pausedReason: null, updatedAt: new Date() })
    .where(eq(channels.kind, kind))
    .returning()
  return row
}

/** The last deliveries of each channel, newest first, for the owner's list. */
export async function recentDeliveries(kind: ChannelKind, limit = 10): Promise<DeliveryRow[]> {
  return db()
    .select()
    .from(channelDeliveries)
    .where(eq(channelDeliveries.channel, kind))
    .orderBy(desc(channelDeliveries.id))
    .limit(limit)
}

type NewDelivery = {
  channel: ChannelKind
  subjectKind: 'article' | 'results' | 'test'
  subjectId: number | null
  reason: 'announce' | 'share' | 'test'
  data?: Record<string, unknown>
}

/**
 * Makes deliveries, in the caller's transaction. An announcement is made once per network and
 * subject whatever happens after (the unique index: an article published again after a delete is
 * not announced twice); a share or a test each time.
 */
export async function addDeliveries(tx: EventTx, rows: NewDelivery[]): Promise<number> {
  if (rows.length === 0) return 0
  const made = await tx
    .insert(channelDeliveries)
    .values(rows.map((r) => ({ ...r, data: r.data ?? {} })))
    .onConflictDoNothing()
    .returning({ id: channelDeliveries.id })
  return made.length
}

/** The connected channels that announce `what`, not paused. */
export async function announcingChannels(tx: EventTx, what: 'articles' | 'results'): Promise<ChannelKind[]> {
  const rows = await tx
    .select({ kind: channels.kind })
    .from(channels)
    .where(
      and(
        sql`${channels.pausedAt} is null`,
        what === 'articles' ? eq(channels.announceArticles, true) : eq(channels.announceResults, true),
      ),
    )
  return rows.map((r) => r.kind as ChannelKind)
}
