/**
 * The day's visitor without a cookie (docs/decisions/0850): a hash of the day's secret salt, the
 * site, the address and the user agent, as Plausible and Ghost count. The salt is replaced every UTC
 * day and deleted after two, so the same reader is a new visitor tomorrow and nothing stored can be
 * turned back into an address. Web Crypto: the same code in Node and in a browser.
 */

/** The UTC day a moment belongs to ('2026-11-27'): a visitor is counted once per such day. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10)

/**
 * The first 96 bits, base64url (16 characters): two of a day's visitors sharing one is a chance of
 * about 1 in 10^19 at 50,000 visitors a day, and every byte counts at a million rows a month.
 */
async function shortHash(parts: readonly string[]): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(parts.join('\n')))
  let text = ''
  for (const byte of new Uint8Array(digest).slice(0, 12)) text += String.fromCharCode(byte)
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export interface VisitorInput {
  /** The day's secret salt. */
  salt: string
  /** The site's host: two sites sharing a database never share visitors. */
  site: string
  /** The client's address as the platform saw the connection. */
  ip: string
  userAgent: string
}

/** The visitor of one day. Header values hold no newline, so the parts cannot run into each other. */
export const visitorHash = (input: VisitorInput): Promise<string> =>
  shortHash(['visitor', input.salt, input.site, input.ip, input.userAgent])

/** The address alone, with the same salt: what the flood bound counts per minute (never the address itself). */
export const addressKey = (input: Omit<VisitorInput, 'userAgent'>): Promise<string> =>
  shortHash(['address', input.salt, input.site, input.ip])
