/**
 * Responsive images through the Netlify Image CDN (`/.netlify/images?url=...&w=...`) for images the
 * site serves itself; other addresses are used as they are.
 */
export const IMAGE_NOT_FOUND = '/images/image-not-found.webp'
export const CARD_WIDTHS = [320, 480, 640, 800] as const
export const HERO_WIDTHS = [640, 960, 1280, 1920] as const

/** How wide each kind of picture is laid out (the `sizes` of its srcset). */
export const IMAGE_SIZES = {
  /** Games, news and streams: three columns on desktop, two on tablets, one on phones. */
  card: '(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw',
  accessory: '(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw',
  review: '(min-width: 768px) 50vw, 100vw',
  article: '(min-width: 768px) 736px, 100vw',
  hero: '100vw',
} as const

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

/**
 * A `<link rel="preload">` for the picture a page paints largest (its first card on a phone), with
 * the same srcset and sizes as the picture itself so the browser fetches one file, not two. Found
 * in the head, it is fetched before the page's other pictures and scripts (issue 11).
 */
export function imagePreload(
  url: string | null | undefined,
  sizes: string,
  widths: readonly number[] = CARD_WIDTHS,
): { href: string; srcset?: string; sizes?: string } {
  const image = responsiveImage(url, widths)
  return { href: image.src, srcset: image.srcset, sizes: image.srcset ? sizes : undefined }
}
