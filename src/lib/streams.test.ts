import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { canWatch, homeStreams, viewersLabel, visibleTags } from './streams.ts'

describe('visibleTags', () => {
  it('shows at most 3 tags', () => {
    expect(visibleTags(['a', 'b', 'c', 'd', 'e'])).toEqual(['a', 'b', 'c'])
    expect(visibleTags(['a'])).toEqual(['a'])
    expect(visibleTags(null)).toEqual([])
  })
})

describe('homeStreams', () => {
  it('shows 6 and offers View All only beyond 6', () => {
    expect(homeStreams([1, 2, 3, 4, 5, 6])).toEqual({ shown: [1, 2, 3, 4, 5, 6], showViewAll: false })
    const seven = homeStreams([1, 2, 3, 4, 5, 6, 7])
    expect(seven.shown).toHaveLength(6)
    expect(seven.showViewAll).toBe(true)
  })
})

describe('canWatch', () => {
  it('needs a stream URL', () => {
    expect(canWatch('https://twitch.tv/x')).toBe(true)
    expect(canWatch(null)).toBe(false)
    expect(canWatch('  ')).toBe(false)
  })
})

describe('viewersLabel', () => {
  it("is '{viewerCount} viewers'", () => {
    expect(viewersLabel(0)).toBe('0 viewers')
    expect(viewersLabel(12400)).toBe('12,400 viewers')
    expect(viewersLabel(1234567)).toBe('1,234,567 viewers')
  })
  it('groups thousands as Intl does for en-US', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(viewersLabel(n)).toBe(`${n.toLocaleString('en-US')} viewers`)
      }),
    )
  })
})
