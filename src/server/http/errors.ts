import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { ZodError } from 'zod'
import { env, isProduction } from '../../env.server.ts'
import { isDatabaseAway } from '../db/connection-failure.ts'

/** An error whose message is safe to show the client as is (spec wording). */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 408 | 409 | 410 | 413 | 415 | 422 | 429 | 500 | 502 | 503,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

export const badRequest = (message: string) => new ApiError(400, message)
export const notFound = (message = 'Not found') => new ApiError(404, message)

/** Postgres SQLSTATEs that mean "the client sent something wrong", never a 5xx. */
const clientErrorCodes: Record<string, { status: 400 | 409; message: string }> = {
  '23505': { status: 409, message: 'That item already exists.' },
  '23503': { status: 409, message: 'That item is referenced by, or refers to, something that does not exist.' },
  '23502': { status: 400, message: 'A required field is missing.' },
  '23514': { status: 400, message: 'A value is out of its allowed range.' },
  '22P02': { status: 400, message: 'A value has the wrong format.' },
  '22003': { status: 400, message: 'A number is out of range.' },
  '22001': { status: 400, message: 'A value is too long.' },
  '22007': { status: 400, message: 'A date has the wrong format.' },
  '22008': { status: 400, message: 'A date is out of range.' },
  '22021': { status: 400, message: 'A value holds characters that cannot be stored.' },
  '54000': { status: 400, message: 'A value is too large.' },
}

export const databaseAwayMessage = 'The database is not reachable right now. Please try again in a moment.'

function pgCode(error: unknown): string | undefined {
  let current: unknown = error
  // drizzle wraps driver errors in `cause`
  for (let i = 0; i < 3 && current && typeof current === 'object'; i++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** The one place that turns any thrown error into a JSON answer `{ message }`. */
export function errorResponse(error: unknown, c: Context): Response {
  if (error instanceof ApiError) {
    return c.json({ message: error.message }, error.status, error.headers)
  }
  if (error instanceof ZodError) {
    const issue = error.issues[0]
    return c.json({ message: issue?.message ?? 'Invalid request.' }, 400)
  }
  if (error instanceof HTTPException) {
    // Hono raises these for malformed JSON bodies and the body-limit middleware.
    const status = error.status
    const message = status === 413 ? 'The request is too large.' : error.message || 'Invalid request.'
    return c.json({ message }, status)
  }
  const code = pgCode(error)
  const known = code ? clientErrorCodes[code] : undefined
  if (known) return c.json({ message: known.message }, known.status)

  if (isDatabaseAway(error)) {
    console.warn(`[api] ${c.req.method} ${c.req.path}: database unavailable (${describe(error)})`)
    return c.json({ message: databaseAwayMessage }, 503, { 'Retry-After': '5', 'Cache-Control': 'no-store' })
  }

  console.error(`[api] ${c.req.method} ${c.req.path} failed:`, error)
  const detail = !isProduction && env.DEBUG_ERRORS && error instanceof Error ? `: ${error.message}` : ''
  return c.json({ message: `Internal Server Error${detail}` }, 500)
}

function describe(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error
  return cause instanceof Error ? cause.message : String(cause)
}
