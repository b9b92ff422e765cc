/** What the Audience figures' values mean, for the server that counts them and the tab that shows them. */

/**
 * What a source, medium or campaign is counted as when it is not counted under its own name: past
 * the day's first values of its kind, or seen once that day when the day was folded (no host is
 * spelt so; a campaign link that says '(other)' is counted with them).
 */
export const OTHER_VALUE = '(other)'
