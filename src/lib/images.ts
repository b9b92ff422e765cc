/**
 * Responsive images through the Netlify Image CDN (`/.netlify/images?url=...&w=...`) for images the
 * site serves itself; other addresses are used as they are.
 */
export const IMAGE_NOT_FOUND = '/images/image-not-found.webp'
export const CARD_WIDTHS = [320, 480, 640, 800] as const
export const HERO_WIDTHS = [640, 960, 1280, 1920] as const

/** Our own images are root-relative paths ('/demo/x.webp'); '//' would be another host. */
export const isOwnImage = (url: string): boolean => url.startsWith('/') && !url.startsWith('//')

export const cdnUrl = (url: string, width: number): string =>
  `/.netlify/images?url=${encodeURIComponent(url)}&w=${width}`

export interface ResponsiveImage {
  src: string
  srcset?: string
}

/** src and srcset for an image; an empty address falls back to the 'Image Not Found' placeholder. */
export function responsiveImage(
  url: string | null | undefined,
  widths: readonly number[] = CARD_WIDTHS,
): ResponsiveImage {
  const source = url && url.trim() !== '' ? url.trim() : IMAGE_NOT_FOUND
  if (!isOwnImage(source)) return { src: source }
  const largest = widths[widths.length - 1] ?? 800
  return {
    src: cdnUrl(source, largest),
    srcset: widths.map((w) => `${cdnUrl(source, w)} ${w}w`).join(', '),
  }
}
