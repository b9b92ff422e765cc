/**
 * One link check (docs/decisions/0853): does an item's purchase link or website still lead
 * somewhere? The address is whatever the owner saved, so it is held to the rules of the Open Graph
 * card's fetch (src/server/og/image-source.ts): http(s) only, no credentials, a host on the public
 * internet (its every address checked when connecting, so a name resolving to a private address
 * gets nothing), each redirect hop held to the same rules. HEAD first; GET where HEAD is refused.
 * Only the status and headers are read: the body is never read, so a huge one costs nothing, and
 * the headers are bounded by Node's own limit. The whole check of one link has one deadline.
 */
import http from 'node:http'
import https from 'node:https'
import { defaultLinkCheckOptions, type LinkCheckOptions } from '../../external/link-check-options.ts'
import { checkableUrl, checkedLookup } from '../../external/public-address.ts'

export { defaultLinkCheckOptions, type LinkCheckOptions }
export { allowedAddress, checkableUrl, isLoopbackLink } from '../../external/public-address.ts'

export type LinkStatus = 'working' | 'redirected' | 'broken'

export interface LinkResult {
  status: LinkStatus
  /** The last HTTP status the address answered, when one came. */
  httpStatus?: number
  /** Where a redirected address led in the end. */
  finalUrl?: string
  /** Why a broken link is broken, in the owner's words. */
  error?: string
  /**
   * No host was reached: the name did not resolve, or no connection was made (refused, no route,
   * none before the deadline). One such link among answering shops is broken; a check in which
   * every link is so cannot tell a gone shop from a machine without network (issue 45).
   */
  unreached?: true
}

class Refused extends Error {}

interface Answer {
  status: number
  location?: string
}

/** Whether any request of one link's check got a connection (then its failure is the host's). */
interface Reach {
  connected: boolean
}

/** One request: its status and Location, never its body. */
function requestOnce(
  url: URL,
  method: 'HEAD' | 'GET',
  options: LinkCheckOptions,
  signal: AbortSignal,
  reach: Reach,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http
    const request = client.request(
      url,
      {
        method,
        signal,
        lookup: checkedLookup(options),
        maxHeaderSize: options.maxHeaderBytes,
        headers: {
          // Some shops answer a client without a browser's Accept with 403.
          accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
          'user-agent': 'SimRacingHubLinkCheck/1.0 (+link health of the site owner)',
        },
      },
      (response) => {
        const location = response.headers.location
        resolve({ status: response.statusCode ?? 0, location: typeof location === 'string' ? location : undefined })
        // The body is never read: the connection goes.
        response.destroy()
      },
    )
    request.on('socket', (socket) => {
      if (!socket.connecting) reach.connected = true
      else socket.once('connect', () => (reach.connected = true))
    })
    request.on('error', reject)
    request.end()
  })
}

/** The owner's words for a failed request. */
function describe(error: unknown, timeoutMs: number): string {
  const err = error as NodeJS.ErrnoException & { name?: string }
  if (err?.name === 'AbortError' || err?.name === 'TimeoutError' || err?.code === 'ABORT_ERR')
    return `No answer within ${timeoutMs / 1000} s.`
  switch (err?.code) {
    case 'EADDRNOTPUBLIC':
      return 'The address is not on the public internet.'
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'The host name does not exist (DNS).'
    case 'ECONNREFUSED':
      return 'The server refused the connection.'
    case 'ECONNRESET':
      return 'The server closed the connection.'
    case 'HPE_HEADER_OVERFLOW':
      return 'The server answered with headers too large to read.'
    case 'CERT_HAS_EXPIRED':
      return 'The site’s certificate has expired.'
    default:
      if (err?.code?.startsWith('ERR_TLS') || /certificate/i.test(err?.message ?? ''))
        return 'The site’s certificate is not valid.'
      return `The request failed${err?.code ? ` (${err.code})` : ''}.`
  }
}

/** Errors of the name service or the connection: no host answered at all. */
const NOT_REACHED = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EAI_NODATA',
  'EAI_NONAME',
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTDOWN',
  'ETIMEDOUT',
])

/** A failure before any host answered: a name that did not resolve, or no connection (in time). */
function notReached(error: unknown, reach: Reach): boolean {
  if (reach.connected) return false
  const err = error as NodeJS.ErrnoException & { name?: string }
  const timedOut = err?.name === 'AbortError' || err?.name === 'TimeoutError' || err?.code === 'ABORT_ERR'
  return timedOut || NOT_REACHED.has(err?.code ?? '')
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])
const bareHost = (url: URL) => url.hostname.toLowerCase().replace(/^www\./, '')

/** Follows one method's redirects to the final answer. */
async function follow(
  start: URL,
  method: 'HEAD' | 'GET',
  options: LinkCheckOptions,
  signal: AbortSignal,
  reach: Reach,
) {
  let url = start
  for (let hop = 0; ; hop++) {
    const answer = await requestOnce(url, method, options, signal, reach)
    if (!REDIRECTS.has(answer.status) || !answer.location) return { url, answer }
    if (hop === options.maxRedirects)
      throw new Refused(`The address redirects more than ${options.maxRedirects} times.`)
    let next: URL
    try {
      next = new URL(answer.location, url)
    } catch {
      throw new Refused('The address redirects to something that is not a web address.')
    }
    const checked = checkableUrl(next.href, options)
    if (typeof checked === 'string')
      throw new Refused(`The address redirects to ${next.host || 'an address'}: ${checked}`)
    url = checked
  }
}

/**
 * Checks one address: working (a 2xx or 3xx in the end, on the same host, `www.` aside), redirected
 * elsewhere (a 2xx on another host), or broken (an error status, no answer within the deadline, a
 * redirect loop, an address that is not public). Never throws.
 */
export async function checkLink(
  address: string,
  options: LinkCheckOptions = defaultLinkCheckOptions,
): Promise<LinkResult> {
  const url = checkableUrl(address, options)
  if (typeof url === 'string') return { status: 'broken', error: url }
  const signal = AbortSignal.timeout(options.timeoutMs)
  const reach: Reach = { connected: false }
  try {
    let result: { url: URL; answer: Answer }
    try {
      result = await follow(url, 'HEAD', options, signal, reach)
      // Many shops refuse HEAD (405, 403, 404...): their GET is what a visitor gets.
      if (result.answer.status >= 400) result = await follow(url, 'GET', options, signal, reach)
    } catch (error) {
      if (error instanceof Refused || signal.aborted) throw error
      result = await follow(url, 'GET', options, signal, reach)
    }
    const { status } = result.answer
    if (status >= 400 || status < 200)
      return { status: 'broken', httpStatus: status, error: `The address answered ${status}.` }
    if (bareHost(result.url) !== bareHost(url))
      return { status: 'redirected', httpStatus: status, finalUrl: result.url.href }
    return {
      status: 'working',
      httpStatus: status,
      ...(result.url.href !== url.href ? { finalUrl: result.url.href } : {}),
    }
  } catch (error) {
    if (error instanceof Refused) return { status: 'broken', error: error.message }
    return {
      status: 'broken',
      error: describe(error, options.timeoutMs),
      ...(notReached(error, reach) ? { unreached: true as const } : {}),
    }
  }
}

export type LinkToCheck = {
  kind: 'hardware' | 'game'
  id: number
  url: string
}

/** At most this many checks at once, and at most one per host (a shop is never hammered). */
export const MAX_PARALLEL_CHECKS = 4

const hostOf = (address: string) => {
  try {
    return new URL(address.trim()).hostname.toLowerCase()
  } catch {
    return `invalid:${address}`
  }
}

/**
 * Checks every link, MAX_PARALLEL_CHECKS at a time and one per host at a time, each with its own
 * deadline, so a shop that hangs holds one slot for its deadline and never the others. `onResult`
 * is called as each ends (its progress is the job's).
 */
export async function checkLinks(
  links: readonly LinkToCheck[],
  options: LinkCheckOptions,
  onResult: (link: LinkToCheck, result: LinkResult) => Promise<void>,
  check: (url: string, options: LinkCheckOptions) => Promise<LinkResult> = checkLink,
): Promise<void> {
  const waiting = [...links]
  const busyHosts = new Set<string>()
  const running = new Set<Promise<void>>()
  while (waiting.length > 0 || running.size > 0) {
    while (running.size < MAX_PARALLEL_CHECKS) {
      const index = waiting.findIndex((l) => !busyHosts.has(hostOf(l.url)))
      if (index === -1) break
      const [link] = waiting.splice(index, 1)
      const host = hostOf(link!.url)
      busyHosts.add(host)
      const task: Promise<void> = check(link!.url, options)
        .then((result) => onResult(link!, result))
        .finally(() => {
          busyHosts.delete(host)
          running.delete(task)
        })
      running.add(task)
    }
    if (running.size > 0) await Promise.race(running)
  }
}
