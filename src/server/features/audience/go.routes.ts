import type { Context } from 'hono'
import { isLinkKind, type LinkKind } from '../../../lib/audience/go-links.ts'
import { campaignOfReferrer, deviceClass, dropReason } from '../../../lib/audience/visit-rules.ts'
import { recordEvent, siteHostname } from './record.ts'
import { readSessionCookie } from '../../auth/cookie.ts'
import { clientKey } from '../../auth/rate-limit.ts'
import { findSession } from '../../auth/sessions.ts'
import { securedApp } from '../../http/secured-app.ts'
import { isSafeUrl } from '../../http/fields.ts'
import { getAccessory } from '../../repos/accessories.repo.ts'
import { getGame } from '../../repos/games.repo.ts'

const ID = /^[1-9]\d{0,9}$/

/** The address stored on the item: a hardware purchase link or a game's website, or undefined. */
async function storedAddress(kind: LinkKind, id: number): Promise<string | undefined> {
  const address = kind === 'hardware' ? (await getAccessory(id))?.purchaseUrl : (await getGame(id))?.websiteUrl
  const trimmed = address?.trim()
  return trimmed && isSafeUrl(trimmed) ? trimmed : undefined
}

function notFoundPage(c: Context) {
  c.header('Cache-Control', 'no-store')
  return c.html(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Link not found</title><meta name="robots" content="noindex"></head><body><h1>Link not found</h1><p>This link leads nowhere. <a href="/">Back to the site</a></p></body></html>',
    404,
  )
}

/**
 * Counts a click unless the rules say not to (docs/decisions/0852): the owner's own, a crawler, a
 * prefetch, GPC, or anything but a GET. A count that fails never holds the visitor back.
 */
async function countClick(c: Context, kind: LinkKind, id: number): Promise<void> {
  if (c.req.method !== 'GET') return
  const userAgent = c.req.header('user-agent')
  const session = await findSession(readSessionCookie(c))
  const reason = dropReason({
    userAgent,
    header: (name) => c.req.header(name),
    isOwner: Boolean(session && !session.secondFactorPending),
  })
  if (reason || !userAgent) return
  try {
    // The campaign the reader came with, read from the page the link was on (no person is followed:
    // the tags are in that page's address, the same for every reader of the link).
    const campaign = campaignOfReferrer(c.req.header('referer'), [siteHostname, new URL(c.req.url).hostname])
    await recordEvent(
      { kind: 'click', itemKind: kind, itemId: id, campaign, device: deviceClass(undefined, userAgent) },
      { ip: clientKey(c), userAgent },
    )
  } catch (error) {
    console.warn('[go] a click could not be counted:', error)
  }
}

/**
 * `/go/{kind}/{id}` (docs/decisions/0852): a 302 to the address stored on the item, counted per
 * item and day. Never kept (no-store, at the CDN as in the browser: each click must reach the
 * count), never an open redirect (only the item's own stored address, never anything the request
 * named), and a 404 for an unknown kind or item or an item without an address. Served by the API's
 * function (netlify/functions/api.mts).
 */
export function createGoApp() {
  return securedApp()
    .use(async (c, next) => {
      await next()
      c.header('X-Robots-Tag', 'noindex, nofollow')
    })
    .get('/go/:kind/:id', async (c) => {
      const { kind, id: rawId } = c.req.param()
      if (!isLinkKind(kind) || !ID.test(rawId) || Number(rawId) > 2_147_483_647) return notFoundPage(c)
      const id = Number(rawId)
      const address = await storedAddress(kind, id)
      if (!address) return notFoundPage(c)
      await countClick(c, kind, id)
      c.header('Cache-Control', 'no-store')
      return c.redirect(address, 302)
    })
    .all('*', (c) => notFoundPage(c))
}
