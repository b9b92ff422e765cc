import { articlePath } from '../../../lib/news-address.ts'
import { sql } from 'drizzle-orm'
import { channelLabels, type Announcement, type ChannelKind } from '../../../lib/channels/messages.ts'
import { SITE_NAME } from '../../../lib/structured-data.ts'
import { siteUrl } from '../../../env.server.ts'
import { db } from '../../db/client.ts'
import type { OutboundOptions } from '../../external/config.ts'
import type { Platform } from '../../platform.ts'
import { getNews } from '../../repos/news.repo.ts'
import { getChannel, opened, pauseChannel, type DeliveryRow } from './channels.repo.ts'
import { sendToBluesky, sendToDiscord, sendToMastodon, type Outcome, type Outgoing } from './networks.ts'

/** Attempts of one message before it is given up (about three hours of backoff in all). */
export const MAX_ATTEMPTS = 6
/** How long a claim holds: a sender that has not finished by then has stopped. */
const CLAIM_MS = 2 * 60_000
/** Messages one run sends at most; the rest wait for the next. */
const RUN_LIMIT = 20

/** The wait before attempt `attempts + 1`: 30 s, 2 min, 8 min, 32 min, two hours. */
export const backoffMs = (attempts: number): number => Math.min(2 * 3_600_000, 30_000 * 4 ** Math.max(0, attempts - 1))

export interface DeliveryReport {
  sent: number
  retried: number
  failed: number
  paused: ChannelKind[]
}

/**
 * Sends the channels' messages that are due (docs/decisions/0860): after a write (the request's
 * background work) and every tick. Each message is claimed before it is sent, so two runs never
 * send one twice; a run that stopped mid-send leaves its message 'in-doubt' (Mastodon's are tried
 * again: its Idempotency-Key makes a second post the first). The networks are called side by side,
 * each one's messages in order.
 */
export async function deliverDue(platform: Platform, now = new Date()): Promise<DeliveryReport> {
  await settleStaleClaims(now)
  const claimed = await db().execute<DeliveryRow & { subject_kind: string }>(sql`
    update channel_deliveries set status = 'sending', attempts = attempts + 1,
      claimed_until = ${new Date(now.getTime() + CLAIM_MS).toISOString()}::timestamptz
    where id in (
      select d.id from channel_deliveries d join channels c on c.kind = d.channel
      where d.status = 'waiting' and d.next_attempt_at <= greatest(${now.toISOString()}::timestamptz, now()) and c.paused_at is null
      order by d.id limit ${RUN_LIMIT}
      for update of d skip locked
    )
    returning id, channel, subject_kind as "subjectKind", subject_id as "subjectId", reason, data, attempts`)
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0, paused: [] }
  const byChannel = new Map<ChannelKind, DeliveryRow[]>()
  for (const row of claimed) {
    const kind = row.channel as ChannelKind
    byChannel.set(kind, [...(byChannel.get(kind) ?? []), row])
  }
  await Promise.all(
    [...byChannel].map(async ([kind, rows]) => {
      for (const row of [...rows].sort((a, b) => a.id - b.id)) {
        const outcome = await deliverOne(platform.external.outbound, kind, row)
        await settle(row, kind, outcome, now, report)
        // A refused credential refuses the channel's other messages too: they wait for the owner.
        if (outcome.kind === 'pause') {
          await release(rows.filter((r) => r.id > row.id))
          break
        }
      }
    }),
  )
  return report
}

/** Claims whose sender stopped: in doubt, except where the network makes a second attempt the first. */
async function settleStaleClaims(now: Date): Promise<void> {
  await db().execute(sql`
    update channel_deliveries set
      status = case when channel = 'mastodon' then 'waiting' else 'in-doubt' end,
      last_error = case when channel = 'mastodon' then last_error
        else 'The site stopped while sending: the message may or may not have been posted.' end
    where status = 'sending' and claimed_until < ${now.toISOString()}::timestamptz`)
}

/** Claimed but not sent (their channel was paused meanwhile): back to waiting, the attempt not counted. */
async function release(rows: DeliveryRow[]): Promise<void> {
  if (rows.length === 0) return
  await db().execute(sql`
    update channel_deliveries set status = 'waiting', attempts = attempts - 1, claimed_until = null
    where id = any(${`{${rows.map((r) => r.id).join(',')}}`}::int[])`)
}

/** A network's outcome, or no call made: the subject left the site before its message went. */
type Settled = Outcome | { kind: 'cancelled'; error: string }

async function settle(row: DeliveryRow, kind: ChannelKind, outcome: Settled, now: Date, report: DeliveryReport) {
  if (outcome.kind === 'cancelled') {
    await db().execute(sql`
      update channel_deliveries set status = 'cancelled', claimed_until = null, last_error = ${outcome.error}
      where id = ${row.id}`)
    return
  }
  if (outcome.kind === 'sent') {
    report.sent++
    await db().execute(sql`
      update channel_deliveries set status = 'sent', sent_at = ${now.toISOString()}::timestamptz, claimed_until = null,
        last_status = ${outcome.status}, last_error = null, post_url = ${outcome.postUrl ?? null}
      where id = ${row.id}`)
    return
  }
  if (outcome.kind === 'pause') {
    report.paused.push(kind)
    await pauseChannel(kind, outcome.error, now)
    // This message waits with the others; resumed, the channel sends it.
    await db().execute(sql`
      update channel_deliveries set status = 'waiting', attempts = attempts - 1, claimed_until = null,
        last_status = ${outcome.status || null}, last_error = ${outcome.error}
      where id = ${row.id}`)
    return
  }
  if (outcome.kind === 'retry' && row.attempts < MAX_ATTEMPTS) {
    report.retried++
    const asked = outcome.afterMs === undefined ? 0 : Math.min(3_600_000, Math.max(1000, outcome.afterMs))
    const next = new Date(now.getTime() + Math.max(asked, outcome.afterMs === undefined ? backoffMs(row.attempts) : 0))
    await db().execute(sql`
      update channel_deliveries set status = 'waiting', claimed_until = null,
        next_attempt_at = ${next.toISOString()}::timestamptz,
        last_status = ${outcome.status ?? null}, last_error = ${outcome.error}
      where id = ${row.id}`)
    return
  }
  report.failed++
  const error = outcome.kind === 'retry' ? `${outcome.error} Given up after ${row.attempts} attempts.` : outcome.error
  await db().execute(sql`
    update channel_deliveries set status = 'failed', claimed_until = null,
      last_status = ${('status' in outcome && outcome.status) || null}, last_error = ${error}
    where id = ${row.id}`)
}

/** What a delivery announces, or why it no longer can (its article left the site). */
async function announcementOf(row: DeliveryRow): Promise<{ announcement: Announcement; articleId?: number } | string> {
  if (row.subjectKind === 'article') {
    const article = row.subjectId === null ? undefined : await getNews(row.subjectId)
    if (!article) return 'The article is no longer on the site.'
    return {
      articleId: article.id,
      announcement: {
        title: article.title,
        text: article.excerpt || article.title,
        url: `${siteUrl}${articlePath(article)}`,
        imageUrl: `${siteUrl}/api/og/news/${article.id}`,
        kicker: article.category || 'News',
      },
    }
  }
  if (row.subjectKind === 'results') {
    const d = row.data as {
      championship?: string
      round?: number
      track?: string
      winner?: string | null
      leader?: { name: string; points: number } | null
    }
    const parts = [
      d.winner ? `Winner: ${d.winner}.` : '',
      d.leader ? `Championship leader: ${d.leader.name} (${d.leader.points} pts).` : '',
    ].filter(Boolean)
    return {
      announcement: {
        title: `${d.championship ?? 'Championship'}: round ${d.round ?? ''} at ${d.track ?? 'the track'}`.replace(
          /\s+/g,
          ' ',
        ),
        text: parts.join(' ') || 'The results are in.',
        url: `${siteUrl}/championships`,
        kicker: 'Race results',
      },
    }
  }
  return {
    announcement: {
      title: `Test from ${SITE_NAME}`,
      text: `${SITE_NAME} is connected: new articles and race results will be announced here.`,
      url: `${siteUrl}/`,
      kicker: 'Test',
    },
  }
}

/** Bluesky takes a card's picture as a blob of at most this many bytes. */
const BLUESKY_BLOB_MAX = 1_000_000

/**
 * The article's Open Graph card as PNG, for Bluesky's card (which takes the picture itself, unlike
 * Discord and Mastodon, which read the page's og:image). Fetched from the site's own card address,
 * not drawn here: drawing needs the card renderer, which only the og function carries (the api and
 * scheduler functions stay within their size). No card, no picture: the post goes without one.
 */
async function articleCard(articleId: number, options: OutboundOptions): Promise<Uint8Array | undefined> {
  const path = `/api/og/news/${articleId}`
  try {
    const res = options.ownPage
      ? await options.ownPage(path)
      : await fetch(`${siteUrl}${path}`, { signal: AbortSignal.timeout(options.timeoutMs) })
    if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('image/png')) return undefined
    const bytes = new Uint8Array(await res.arrayBuffer())
    return bytes.length <= BLUESKY_BLOB_MAX ? bytes : undefined
  } catch {
    return undefined
  }
}

async function deliverOne(options: OutboundOptions, kind: ChannelKind, row: DeliveryRow): Promise<Settled> {
  const channel = await getChannel(kind)
  if (!channel) return { kind: 'failed', status: 0, error: `${channelLabels[kind]} is not connected.` }
  const { credential, account, serverUrl } = opened(channel)
  if (!credential) {
    return {
      kind: 'pause',
      status: 0,
      error: `The ${channelLabels[kind]} credential cannot be read with this site's SECRETS_KEY. Connect it again.`,
    }
  }
  const what = await announcementOf(row)
  if (typeof what === 'string') return { kind: 'cancelled', error: what }
  const out: Outgoing = { announcement: what.announcement, idempotencyKey: `simracing-hub-delivery-${row.id}` }
  if (kind === 'discord') return sendToDiscord(credential, out, options, serverUrl)
  if (kind === 'mastodon') return sendToMastodon(serverUrl ?? '', credential, out, options)
  if (what.articleId !== undefined) out.thumb = await articleCard(what.articleId, options)
  return sendToBluesky(serverUrl ?? '', account, credential, out, options)
}
