/**
 * The pages' beacon (docs/decisions/0850): where it posts a page view, and the most a beacon may
 * weigh. Shared by the page script (src/components/public/page-view.ts) and the API.
 */
export const BEACON_PATH = '/api/analytics/view'

/** A beacon is a few hundred bytes; anything larger is not one of ours and is dropped unread. */
export const BEACON_MAX_BYTES = 2048

/** The body attribute that tells the page script to count this page, one view in N (absent: not counted). */
export const COUNT_ATTRIBUTE = 'data-count-one-in'
