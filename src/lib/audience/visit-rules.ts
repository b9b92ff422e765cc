/**
 * What a page view or a purchase-link click is counted as, decided on what the request says
 * (docs/decisions/0850): pure rules, shared by the beacon route and /go/{kind}/{id}.
 */
import { readerPages } from '../public-pages.ts'
import { isbot } from 'isbot'
import { ARTICLE_ID, PAGE_NUMBER } from '../page-address.ts'

/** Why a view or click is not counted. */
export type DropReason = 'owner' | 'gpc' | 'prefetch' | 'bot' | 'no-agent'

/** A request header by its lower-case name. */
export type HeaderOf = (name: string) => string | undefined

/**
 * A request made ahead of a visit, which the visitor may never see: Chromium's prefetch and
 * prerender (`Sec-Purpose: prefetch`, `prefetch;prerender`), the older `Purpose: prefetch`, Safari's
 * `X-Purpose: preview` and Firefox's `X-Moz: prefetch`.
 */
export function isPrefetch(header: HeaderOf): boolean {
  if (/\b(prefetch|prerender)\b/i.test(header('sec-purpose') ?? '')) return true
  return ['purpose', 'x-purpose', 'x-moz'].some((name) => /\b(prefetch|prerender|preview)\b/i.test(header(name) ?? ''))
}

/**
 * Undefined when the request counts; otherwise why not: the owner's own visit (an admin session),
 * a browser asking not to be tracked (`Sec-GPC: 1`, Global Privacy Control), a prefetch or
 * prerender, no user agent at all, or a user agent of a kept list of bots, crawlers and headless
 * browsers (isbot).
 */
export function dropReason(request: { userAgent: string | undefined; header: HeaderOf; isOwner: boolean }) {
  if (request.isOwner) return 'owner' satisfies DropReason
  if (request.header('sec-gpc')?.trim() === '1') return 'gpc' satisfies DropReason
  if (isPrefetch(request.header)) return 'prefetch' satisfies DropReason
  const agent = request.userAgent?.trim()
  if (!agent) return 'no-agent' satisfies DropReason
  if (isbot(agent)) return 'bot' satisfies DropReason
  return undefined
}

export type DeviceClass = 'mobile' | 'tablet' | 'desktop' | 'unknown'

/** The site's layout breakpoints (Tailwind's md and lg): what a reader sees changes there. */
export const TABLET_MIN_WIDTH = 768
export const DESKTOP_MIN_WIDTH = 1024

/**
 * A coarse device class: from the width the page was laid out at (the beacon sends the viewport's
 * width, no other detail of the screen) at the site's own breakpoints; without one (a click on a
 * purchase link), from the user agent's own words for phones and tablets.
 */
export function deviceClass(width: number | undefined, userAgent: string | undefined): DeviceClass {
  if (width !== undefined && Number.isInteger(width) && width > 0 && width <= 20_000) {
    if (width < TABLET_MIN_WIDTH) return 'mobile'
    return width < DESKTOP_MIN_WIDTH ? 'tablet' : 'desktop'
  }
  const agent = userAgent ?? ''
  if (!agent.trim()) return 'unknown'
  if (/iPad|Tablet|PlayBook|Silk|Kindle/i.test(agent)) return 'tablet'
  if (/Mobi|iPhone|iPod|Windows Phone/i.test(agent)) return 'mobile'
  // Android without "Mobile" is a tablet (Google's own advice to sites).
  if (/Android/i.test(agent)) return 'tablet'
  return 'desktop'
}

const HOST_MAX = 253

/**
 * The host a visitor came from, never the rest of the address: lower case, without a leading
 * `www.`; undefined for no referrer, an address that is not http(s), or the site itself (a reader
 * moving between our own pages came from nowhere new).
 */
export function referrerHost(referrer: string | undefined, siteHost: string): string | undefined {
  if (!referrer) return undefined
  let url: URL
  try {
    url = new URL(referrer)
  } catch {
    return undefined
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined
  const host = url.hostname.toLowerCase().replace(/^www\./, '')
  if (!host || host.length > HOST_MAX) return undefined
  return host === siteHost.toLowerCase().replace(/^www\./, '') ? undefined : host
}

/** A UTM value is kept to this many characters. */
export const UTM_MAX = 100

export interface Campaign {
  source?: string
  medium?: string
  campaign?: string
}

/** One UTM value as kept: control characters as spaces, spaces folded, trimmed, lower case, capped; undefined when empty. */
function utmValue(raw: string | null): string | undefined {
  if (raw === null) return undefined
  const value = raw
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase()
    .slice(0, UTM_MAX)
  return value || undefined
}

/** `utm_source`, `utm_medium` and `utm_campaign` of a query string (with or without its `?`). */
export function campaignOf(search: string): Campaign {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search)
  const campaign: Campaign = {}
  const source = utmValue(params.get('utm_source'))
  const medium = utmValue(params.get('utm_medium'))
  const name = utmValue(params.get('utm_campaign'))
  if (source) campaign.source = source
  if (medium) campaign.medium = medium
  if (name) campaign.campaign = name
  return campaign
}

/**
 * The campaign of the page a `/go/` click was made on: its `Referer`, when it is one of our own
 * pages (the site's address or the one the request came to), carries the tags the reader arrived
 * with (the site's Referrer-Policy sends the whole address within the site). Another site's
 * address, or none, is no campaign of ours.
 */
export function campaignOfReferrer(referer: string | undefined, ownHosts: readonly string[]): Campaign {
  if (!referer) return {}
  let url: URL
  try {
    url = new URL(referer)
  } catch {
    return {}
  }
  return ownHosts.includes(url.hostname) ? campaignOf(url.search) : {}
}

/** Where a visit came from: the campaign's source when the link said, else the referring host, else '' (direct). */
export const sourceOf = (utmSource: string | undefined, referrer: string | undefined): string =>
  utmSource ?? referrer ?? ''

/** The pages readers visit, each sending a beacon (src/lib/public-pages.ts: /calendar among them). */
const PAGES: ReadonlySet<string> = new Set(readerPages)

/** An article page's path: `/news/{id}`, or `/news/{id}/{slug}` (its address since slugs, decision 0871). */
const ARTICLE_PATH = /^\/news\/([^/]+)(?:\/[^/]+)?$/

/**
 * Whether a beacon's path is one of the site's pages, in its canonical spelling: a list page, an
 * article (`/news/{id}/{slug}`, or `/news/{id}`), a championship's page (`/championships/{id}/{slug}`)
 * or a crawlable news page (`/news/page/{n}`, from 2). Anything else is not counted (a made-up path would fill the figures with junk).
 */
export function isCountablePath(path: string): boolean {
  if (PAGES.has(path)) return true
  if (championshipIdOf(path) !== undefined) return true
  const page = /^\/news\/page\/([^/]+)$/.exec(path)
  if (page) return PAGE_NUMBER.test(page[1]!) && page[1] !== '1'
  return articleIdOf(path) !== undefined
}

/** The article an article page shows (`/news/12` and `/news/12/le-mans` are 12), or undefined. */
export function articleIdOf(path: string): number | undefined {
  const match = ARTICLE_PATH.exec(path)
  return match && ARTICLE_ID.test(match[1]!) ? Number(match[1]) : undefined
}

/** The championship a championship's page shows (`/championships/3/sim-gt-cup` is 3), or undefined. */
export function championshipIdOf(path: string): number | undefined {
  const match = /^\/championships\/([^/]+)\/[a-z0-9]+(?:-[a-z0-9]+)*$/.exec(path)
  return match && ARTICLE_ID.test(match[1]!) ? Number(match[1]) : undefined
}

/**
 * The path a view is counted under: an article's by its id alone (`/news/12`), so that its figures
 * stay one row whatever its slug was when it was read, and go on from the views counted before
 * slugs; any other page's as it is.
 */
export function countedPath(path: string): string {
  const article = articleIdOf(path)
  return article === undefined ? path : `/news/${article}`
}
