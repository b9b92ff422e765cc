import { describe, expect, it } from 'vitest'
import { gameRatingBadge } from './game-rating.ts'

describe('gameRatingBadge', () => {
  it.each([[''], [null], [undefined], ['0'], ['0.00'], ['none'], ['None'], ['  ']])(
    'hides the badge for %j',
    (rating) => {
      expect(gameRatingBadge(rating)).toBeNull()
    },
  )
  it('appends a percent sign to a bare number', () => {
    expect(gameRatingBadge('88')).toBe('88%')
    expect(gameRatingBadge('4.5')).toBe('4.5%')
  })
  it('keeps a rating that already has a percent sign', () => {
    expect(gameRatingBadge('92%')).toBe('92%')
  })
  it("keeps 'N/A' and 'Not yet rated' as they are", () => {
    expect(gameRatingBadge('N/A')).toBe('N/A')
    expect(gameRatingBadge('Not yet rated')).toBe('Not yet rated')
  })
})
