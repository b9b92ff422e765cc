/**
 * What counting page views costs on Netlify (docs/decisions/0851): pages are CDN hits, but each
 * counted view is one call of the API function (the beacon), which Netlify bills as a web request
 * and as compute. Figures of Netlify's credit plans (checked 2026-11-22, ARCHITECTURE.md "Platform
 * facts"), and the beacon's duration as measured by `npm run bench:analytics` (docs/benchmarks.md).
 */
export const NETLIFY_CREDITS = {
  /** Web requests: 2 credits per 10,000. */
  perTenThousandRequests: 2,
  /** Compute: 10 credits per GB-hour. */
  perGbHour: 10,
  /** Functions run with 1024 MB unless configured otherwise. */
  functionMemoryMb: 1024,
}

/**
 * The beacon route's time in the function per view: its median through the served route, measured
 * by `npm run bench:analytics` on 2026-11-27 (14.5 ms, on a shared machine: a generous figure).
 */
export const MEASURED_BEACON_MS = 15

export interface BeaconCost {
  /** Function calls: the views sent, one in N of those shown. */
  calls: number
  requestCredits: number
  computeCredits: number
  credits: number
}

/** The credits of counting `views` page views at one view in `sampleRate`, each call taking `durationMs`. */
export function beaconCost(views: number, sampleRate = 1, durationMs = MEASURED_BEACON_MS): BeaconCost {
  const calls = views / Math.max(1, sampleRate)
  const requestCredits = (calls / 10_000) * NETLIFY_CREDITS.perTenThousandRequests
  const gbHours = calls * (durationMs / 3_600_000) * (NETLIFY_CREDITS.functionMemoryMb / 1024)
  const computeCredits = gbHours * NETLIFY_CREDITS.perGbHour
  return { calls, requestCredits, computeCredits, credits: requestCredits + computeCredits }
}

/** '25.6 credits' with one decimal below 100, whole credits above. */
export const creditsText = (credits: number) =>
  `${credits < 100 ? credits.toFixed(1) : Math.round(credits).toLocaleString('en-US')} credits`
