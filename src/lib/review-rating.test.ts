import { describe, expect, it } from 'vitest'
import { reviewBadgeColor, reviewBadgeText } from './review-rating.ts'

describe('reviewBadgeColor', () => {
  it.each([
    ['10.0', 'green'],
    ['9.0', 'green'],
    ['8.9', 'gold'],
    ['7', 'gold'],
    ['6.9', 'orange'],
    ['5.0', 'orange'],
    ['4.9', 'red'],
    ['0', 'red'],
    ['not a number', 'red'],
  ])('%s is %s', (rating, color) => {
    expect(reviewBadgeColor(rating)).toBe(color)
  })
  it('accepts numbers', () => {
    expect(reviewBadgeColor(9.5)).toBe('green')
  })
})

describe('reviewBadgeText', () => {
  it('shows the rating out of 10 as sent', () => {
    expect(reviewBadgeText('8.5')).toBe('8.5/10')
  })
})
