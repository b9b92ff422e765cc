export type ReviewBadgeColor = 'green' | 'gold' | 'orange' | 'red'

/** Review badge colour by rating out of 10: >= 9 green, >= 7 gold, >= 5 orange, else red (spec 000 section 9). */
export function reviewBadgeColor(rating: string | number): ReviewBadgeColor {
  const value = typeof rating === 'number' ? rating : Number.parseFloat(rating)
  if (!Number.isFinite(value)) return 'red'
  if (value >= 9) return 'green'
  if (value >= 7) return 'gold'
  if (value >= 5) return 'orange'
  return 'red'
}

/** The badge text: '{rating}/10', the rating as the server sent it ('8.5'). */
export const reviewBadgeText = (rating: string | number): string => `${rating}/10`
