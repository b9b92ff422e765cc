/** Ratings that mean "no rating": the badge is hidden (spec 000 section 5). */
const hiddenRatings = new Set(['', '0', '0.00', 'none'])
/** Ratings shown as they are, without a percent sign. */
const verbatimRatings = new Set(['N/A', 'Not yet rated'])

/**
 * The text of a game's rating badge, or null when the badge is hidden.
 * '%' is appended unless the rating already has one or is 'N/A' / 'Not yet rated'.
 */
export function gameRatingBadge(rating: string | null | undefined): string | null {
  if (rating === null || rating === undefined) return null
  const value = rating.trim()
  if (hiddenRatings.has(value.toLowerCase())) return null
  if (value.includes('%') || verbatimRatings.has(value)) return value
  return `${value}%`
}
