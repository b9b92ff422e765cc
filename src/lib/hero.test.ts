import { describe, expect, it } from 'vitest'
import { DEFAULT_HERO_IMAGE, heroImage, overlayOpacity } from './hero.ts'

describe('overlayOpacity', () => {
  it('is the setting divided by 100', () => {
    expect(overlayOpacity('50')).toBe(0.5)
    expect(overlayOpacity('75')).toBe(0.75)
    expect(overlayOpacity('0')).toBe(0)
  })
  it('defaults to 0.5', () => {
    expect(overlayOpacity(undefined)).toBe(0.5)
    expect(overlayOpacity(null)).toBe(0.5)
    expect(overlayOpacity('')).toBe(0.5)
    expect(overlayOpacity('dark')).toBe(0.5)
  })
  it('stays between 0 and 1', () => {
    expect(overlayOpacity('150')).toBe(1)
    expect(overlayOpacity('-5')).toBe(0)
  })
})

describe('heroImage', () => {
  it('uses the setting, else the bundled default', () => {
    expect(heroImage('/demo/hero.webp')).toBe('/demo/hero.webp')
    expect(heroImage('')).toBe(DEFAULT_HERO_IMAGE)
    expect(heroImage(undefined)).toBe(DEFAULT_HERO_IMAGE)
  })
})
