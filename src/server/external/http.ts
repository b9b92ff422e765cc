import type { z } from 'zod'
import { ApiError } from '../http/errors.ts'
import type { ExternalConfig } from './config.ts'

/**
 * A failed call to an outside service, in words the owner reads in the banner and the toast. An
 * ApiError (502): an expected failure that the job records against its item without a stack trace.
 */
export class ExternalError extends ApiError {
  constructor(
    message: string,
    readonly upstreamStatus?: number,
  ) {
    super(502, message)
  }
}

/** The service's own words from an error body ({ message }, { error: { message } }, { error }, { detail }), else the text. */
function errorDetail(body: string): string {
  try {
    const json = JSON.parse(body) as { message?: unknown; error?: { message?: unknown } | unknown; detail?: unknown }
    const error = json.error as { message?: unknown } | undefined
    const text = typeof error?.message === 'string' ? error.message : (json.message ?? json.error ?? json.detail)
    if (typeof text === 'string' && text.trim()) return text
  } catch {
    // Not JSON: the body as it came.
  }
  return body
}

function describeStatus(service: string, status: number, body: string): string {
  const detail = errorDetail(body).replace(/\s+/g, ' ').trim().slice(0, 200)
  if (status === 429) return `${service} rate limit reached (HTTP 429)${detail ? `: ${detail}` : ''}`
  return `${service} answered HTTP ${status}${detail ? `: ${detail}` : ''}`
}

/**
 * One GET or POST to an outside service, its answer checked with `schema`. Every failure (no
 * answer in time, refused connection, a non-2xx status, a body that is not JSON or not of the
 * expected shape) becomes an ExternalError naming the service. No retries: the refresh runs
 * again at its next scheduled time, and a 429 must not be hammered.
 */
export async function fetchJson<T>(
  { timeoutMs }: Pick<ExternalConfig, 'timeoutMs'>,
  service: string,
  url: string,
  schema: z.ZodType<T>,
  init: RequestInit = {},
): Promise<T> {
  let res: Response
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) })
  } catch (error) {
    if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError'))
      throw new ExternalError(`${service} did not answer within ${timeoutMs / 1000} s`)
    throw new ExternalError(`${service} could not be reached`)
  }
  let text: string
  try {
    text = await res.text()
  } catch {
    throw new ExternalError(`${service} did not answer within ${timeoutMs / 1000} s`, res.status)
  }
  if (!res.ok) throw new ExternalError(describeStatus(service, res.status, text), res.status)
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new ExternalError(`${service} sent an answer that is not JSON`, res.status)
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) throw new ExternalError(`${service} sent an answer of an unexpected shape`, res.status)
  return parsed.data
}
