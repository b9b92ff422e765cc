/**
 * A published rate limit kept across serverless instances (docs/decisions/0422): given when the
 * recent calls to a service were made, may one more be made now, after a short wait, or not
 * before a later time? Jolpica-F1 allows a burst of 4 a second and 500 an hour.
 */
export interface RateLimit {
  perSecond: number
  perHour: number
}

export const JOLPICA_LIMIT: RateLimit = { perSecond: 4, perHour: 500 }

const SECOND = 1000
const HOUR = 3_600_000

export type RateDecision = { kind: 'now' } | { kind: 'wait'; ms: number } | { kind: 'refused'; until: Date }

/** `recent`: the times of the calls made in the last hour (any order). */
export function rateDecision(recent: readonly Date[], now: Date, limit: RateLimit): RateDecision {
  const t = now.getTime()
  const inHour = recent
    .map((d) => d.getTime())
    .filter((at) => at > t - HOUR && at <= t)
    .sort((a, b) => a - b)
  if (inHour.length >= limit.perHour) {
    // The hour frees a slot when its oldest call is an hour old.
    return { kind: 'refused', until: new Date(inHour[inHour.length - limit.perHour]! + HOUR) }
  }
  const inSecond = inHour.filter((at) => at > t - SECOND)
  if (inSecond.length >= limit.perSecond) {
    return { kind: 'wait', ms: inSecond[inSecond.length - limit.perSecond]! + SECOND - t }
  }
  return { kind: 'now' }
}
