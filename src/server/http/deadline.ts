import type { MiddlewareHandler } from 'hono'
import { REQUEST_DEADLINE_HEADER } from '../../lib/request-deadline.ts'
import { ApiError } from './errors.ts'

/**
 * Refused a little before the deadline itself: the panel's estimate of the server's clock is good
 * to about a second (the Date header), and a write accepted just as the panel gives up would be
 * applied while the owner is told it failed.
 */
const MARGIN_MS = 2000

/**
 * A write that arrives after the deadline its sender gave (`X-Request-Deadline`, epoch ms on the
 * server's clock as the panel estimates it: src/lib/request-deadline.ts) is refused with 408 and
 * changes nothing: by then the panel has given up on it and told the owner it failed, so applying it
 * later would contradict what the owner saw (a save made offline was published when the connection
 * came back).
 */
export const deadlineCheck: MiddlewareHandler = async (c, next) => {
  const header = c.req.header(REQUEST_DEADLINE_HEADER)
  if (header !== undefined && c.req.method !== 'GET' && c.req.method !== 'HEAD') {
    const deadline = Number(header)
    if (!Number.isSafeInteger(deadline)) throw new ApiError(400, 'The request deadline must be a time in milliseconds.')
    if (Date.now() > deadline - MARGIN_MS) {
      throw new ApiError(408, 'This change arrived too late and was not saved. Please try again.')
    }
  }
  await next()
}
