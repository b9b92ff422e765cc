import { CARD_WIDTHS, IMAGE_SIZES, responsiveImage } from '../../lib/images.ts'

interface Props {
  src: string | null | undefined
  alt: string
  width: number
  height: number
  /** Which width the image takes in the layout, for the browser's choice in srcset. */
  sizes?: string
  widths?: readonly number[]
  /** Above the fold: load at once with high priority; otherwise lazily. */
  priority?: boolean
  className?: string
}

/**
 * Every picture of the public pages: intrinsic width and height (no layout shift), lazy below the
 * fold, a srcset through the Image CDN for our own images. When it fails, the site script swaps in
 * the 'Image Not Found' placeholder (src/components/public/image-fallback.ts).
 */
export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  sizes = IMAGE_SIZES.card,
  widths = CARD_WIDTHS,
  priority = false,
  className,
}: Props) {
  const image = responsiveImage(src, widths)
  return (
    <img
      src={image.src}
      srcSet={image.srcset}
      sizes={image.srcset ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  )
}
