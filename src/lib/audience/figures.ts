/** What the Audience figures' values mean, for the server that counts them and the tab that shows them. */

/**
 * What a source, medium or campaign is counted as when it is not counted under its own name: past
 * the day's first values of its kind, or seen once that day when the day was folded (no host is
 * spelt so; a campaign link that says '(other)' is counted with them).
 */
export const OTHER_VALUE = '(other)'

/**
 * A source as the tab names it: '' is a visit from nowhere (typed, a bookmark, an app that sends no
 * referrer), and the channels the site announces on by their own names (their links carry
 * `utm_source=discord`, `bluesky`, `mastodon`: docs/decisions/0860), the newsletter too.
 */
export function sourceLabel(value: string): string {
  if (value === '') return 'Direct / none'
  return knownSources[value] ?? value
}

const knownSources: Record<string, string> = {
  discord: 'Discord',
  bluesky: 'Bluesky',
  mastodon: 'Mastodon',
  newsletter: 'Newsletter',
}

/** How many rows each of the tab's lists shows at first (the API's default)... */
export const AUDIENCE_ROWS = 10
/** ...and at most, when the owner asks for more (`?limit=`). */
export const AUDIENCE_ROWS_MAX = 100
