import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { db } from '../db/client.ts'
import { serverSecrets } from '../db/schema.ts'
import type { OutboundOptions } from '../external/config.ts'
import { OutboundError, sendOutbound } from '../external/outbound.ts'

/**
 * IndexNow (docs/decisions/0860): Bing, Yandex, Seznam and Naver are told of the pages that
 * changed as soon as their purge is sent, instead of waiting for their crawlers. The key is made
 * once (32 hexadecimal characters, within IndexNow's 8-128 of a-z, A-Z, 0-9 and '-') and served as
 * /<key>.txt (src/pages/[indexnow].txt.ts), which the engines read to trust the site. Only a site
 * on the public internet over https tells them (a test's fake on 127.0.0.1 aside): `npm start` on
 * localhost has nothing to tell.
 */
const KEY_NAME = 'indexnow-key'
/** IndexNow takes at most 10,000 addresses a call. */
const MAX_URLS = 10_000

export async function indexNowKey(): Promise<string> {
  await db()
    .insert(serverSecrets)
    .values({ name: KEY_NAME, value: randomBytes(16).toString('hex') })
    .onConflictDoNothing()
  const [row] = await db().select().from(serverSecrets).where(eq(serverSecrets.name, KEY_NAME))
  return row!.value
}

/** Whether this site tells IndexNow: a public https address, or a test's fakes on this machine. */
export function tellsIndexNow(siteUrl: string, options: OutboundOptions): boolean {
  const url = new URL(siteUrl)
  if (options.rules.allowLoopback) return true
  return url.protocol === 'https:' && !/^(localhost|127\.|\[::1\])/.test(url.hostname) && url.hostname.includes('.')
}

export type IndexNowReport = { told: number } | { failed: string } | undefined

/**
 * Tells IndexNow of every page noted as changed since it last took them (page_changes), in one
 * call; the pages it took are cleared (those changed again meanwhile stay owed). A 429 or 5xx, or
 * no answer, leaves them for the next tick; a refusal of the call itself (400, 403, 422) is logged
 * and they are cleared, since asking again would be refused again.
 */
export async function tellIndexNow(siteUrl: string, options: OutboundOptions): Promise<IndexNowReport> {
  if (!tellsIndexNow(siteUrl, options)) return undefined
  // An article's page is noted as `/news/{id}` (src/lib/cache-tags.ts); IndexNow is told its
  // address with its words, the one search engines should keep (docs/decisions/0871).
  const due = await db().execute<{ path: string; changed_at: string; address: string }>(sql`
    select p.path, p.changed_at::text, coalesce('/news/' || n.id || '/' || n.slug, p.path) as address
    from page_changes p
    left join news_articles n on n.status = 'published'
      and n.id = (case when p.path ~ '^/news/[1-9][0-9]{0,8}$' then substring(p.path from 7)::int end)
    where p.indexnow_due order by p.changed_at limit ${MAX_URLS}`)
  if (due.length === 0) return undefined
  const key = await indexNowKey()
  const site = new URL(siteUrl)
  const body = {
    host: site.host,
    key,
    keyLocation: `${site.origin}/${key}.txt`,
    urlList: due.map((r) => `${site.origin}${r.address}`),
  }
  let status = 0
  try {
    const answer = await sendOutbound({
      url: options.indexNowUrl,
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(body),
      timeoutMs: options.timeoutMs,
      rules: options.rules,
    })
    status = answer.status
  } catch (error) {
    return { failed: error instanceof OutboundError ? error.message : 'IndexNow could not be reached.' }
  }
  if (status === 429 || status >= 500) return { failed: `IndexNow answered ${status}.` }
  if (status !== 200 && status !== 202) console.warn(`[indexnow] refused (${status}): the pages are not sent again`)
  // Each page as it was read: one changed again meanwhile stays owed.
  await db().execute(sql`
    update page_changes p set indexnow_due = false
    from (select unnest(${`{${due.map((r) => `"${r.path}"`).join(',')}}`}::text[]) as path,
                 unnest(${`{${due.map((r) => `"${r.changed_at}"`).join(',')}}`}::timestamptz[]) as at) told
    where p.path = told.path and p.changed_at <= told.at`)
  return status === 200 || status === 202 ? { told: due.length } : { failed: `IndexNow refused the pages (${status}).` }
}
