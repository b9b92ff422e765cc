import { describe, expect, it } from 'vitest'
import { IMAGE_NOT_FOUND, IMAGE_SIZES, imagePreload, isOwnImage, responsiveImage } from './images.ts'

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

describe('imagePreload', () => {
  it('asks for the same srcset and sizes as the picture, so the browser fetches one file', () => {
    const preload = imagePreload('/demo/news/a.webp', IMAGE_SIZES.card)
    const picture = responsiveImage('/demo/news/a.webp')
    expect(preload).toEqual({ href: picture.src, srcset: picture.srcset, sizes: IMAGE_SIZES.card })
  })
  it('has no sizes for another host (no srcset there)', () => {
    expect(imagePreload('https://cdn.example.com/a.jpg', IMAGE_SIZES.card)).toEqual({
      href: 'https://cdn.example.com/a.jpg',
      srcset: undefined,
      sizes: undefined,
    })
  })
})
