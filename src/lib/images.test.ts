import { describe, expect, it } from 'vitest'
import { IMAGE_NOT_FOUND, isOwnImage, responsiveImage } from './images.ts'

describe('responsiveImage', () => {
  it('serves our own images through the image CDN at several widths', () => {
    const image = responsiveImage('/demo/games/iracing.webp', [320, 640])
    expect(image.src).toBe('/.netlify/images?url=%2Fdemo%2Fgames%2Firacing.webp&w=640')
    expect(image.srcset).toBe(
      '/.netlify/images?url=%2Fdemo%2Fgames%2Firacing.webp&w=320 320w, /.netlify/images?url=%2Fdemo%2Fgames%2Firacing.webp&w=640 640w',
    )
  })
  it('leaves other hosts alone', () => {
    expect(responsiveImage('https://cdn.example.com/a.jpg')).toEqual({ src: 'https://cdn.example.com/a.jpg' })
    expect(isOwnImage('//evil.example/a.jpg')).toBe(false)
  })
  it('uses the placeholder when there is no image', () => {
    expect(responsiveImage('').src).toContain(encodeURIComponent(IMAGE_NOT_FOUND))
    expect(responsiveImage(null).src).toContain(encodeURIComponent(IMAGE_NOT_FOUND))
  })
})
