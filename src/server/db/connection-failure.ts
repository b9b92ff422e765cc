/**
 * Which errors mean "the database is not there", not "the statement was wrong": one list for the
 * pool, which gives up on a broken connection (src/server/db/guarded-pool.ts), and for the error
 * mapper, which answers 503 (src/server/http/errors.ts, decision 0304).
 */

/** A connection that could not be made, or broke: postgres.js's codes and Node's. */
const connectionCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
])

/**
 * Besides a broken connection: our statement timeout, and SQLSTATEs of a server shutting down
 * (57P01-57P03), a statement cancelled (57014), too many connections (53300), class 08 (every
 * connection exception).
 */
const awayCodes = new Set([...connectionCodes, 'STATEMENT_TIMEOUT', '57P01', '57P02', '57P03', '57014', '53300'])

/** The connection under the work could not be made or broke (the pool replaces it). */
export function isConnectionFailure(error: unknown): boolean {
  const { code, errors } = (error ?? {}) as { code?: unknown; errors?: unknown }
  if (typeof code === 'string' && connectionCodes.has(code)) return true
  // Node reports a refused connection to every address of a host as one AggregateError.
  return Array.isArray(errors) && errors.some(isConnectionFailure)
}

/** The database is away or too slow (drizzle wraps the driver's error in `cause`): a 503, never a 500. */
export function isDatabaseAway(error: unknown): boolean {
  let current: unknown = error
  for (let i = 0; i < 4 && current && typeof current === 'object'; i++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && (awayCodes.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true
    const errors = (current as { errors?: unknown }).errors
    if (Array.isArray(errors) && errors.some(isDatabaseAway)) return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
