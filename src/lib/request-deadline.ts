/**
 * Writes from the panel give up after WRITE_TIMEOUT_MS: a save must never sit on 'Saving...' while
 * the connection is gone. The request carries its deadline, so that the server refuses it if it
 * arrives later (src/server/http/deadline.ts): a write the owner saw fail is never applied.
 */
export const WRITE_TIMEOUT_MS = 15_000
/**
 * AI calls answer within Netlify's 60 s limit for a synchronous function (one slow attempt and a
 * retry): generation, formatting and the diagnostics' tests get that long.
 */
export const AI_TIMEOUT_MS = 65_000
export const REQUEST_DEADLINE_HEADER = 'x-request-deadline'

const aiPaths = /^\/api\/admin\/(generate-|format-news-content|perplexity\/test-|openai\/test-)/
/** A backup restore writes, and an export reads, every table and image: the same function-length limit. */
const backupPath = /^\/api\/admin\/backup\/(restores\/[^/]+\/complete|exports)$/

/** How long a write to `pathname` may take before the panel gives up on it. */
export function writeTimeoutFor(pathname: string): number {
  return aiPaths.test(pathname) || backupPath.test(pathname) ? AI_TIMEOUT_MS : WRITE_TIMEOUT_MS
}

/**
 * How far the server's clock is ahead of this browser's, learned from the Date header of its
 * answers (whole seconds; the server allows a little grace).
 */
let serverOffsetMs = 0

export function learnServerClock(dateHeader: string | null, now = Date.now()): void {
  const serverNow = dateHeader ? Date.parse(dateHeader) : NaN
  if (Number.isFinite(serverNow)) serverOffsetMs = serverNow - now
}

/** The deadline of a write sent now that may take `timeoutMs`, on the server's clock. */
export function writeDeadline(timeoutMs: number, now = Date.now()): number {
  return Math.round(now + serverOffsetMs + timeoutMs)
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * fetch for the typed client: reads as they are; writes with a deadline header and aborted when
 * it passes. Every answer teaches the server's clock.
 */
export async function fetchWithDeadline(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
  if (safeMethods.has(method)) {
    const response = await fetch(input, init)
    learnServerClock(response.headers.get('date'))
    return response
  }
  const url = new URL(input instanceof Request ? input.url : String(input), location.origin)
  const timeoutMs = writeTimeoutFor(url.pathname)
  const headers = new Headers(init.headers)
  headers.set(REQUEST_DEADLINE_HEADER, String(writeDeadline(timeoutMs)))
  const timeout = AbortSignal.timeout(timeoutMs)
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout
  try {
    const response = await fetch(input, { ...init, headers, signal })
    learnServerClock(response.headers.get('date'))
    return response
  } catch (error) {
    if (timeout.aborted) {
      throw new Error(`No answer within ${timeoutMs / 1000} s: the change was not saved.`, { cause: error })
    }
    throw error
  }
}
