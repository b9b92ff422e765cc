import { useState, type ImgHTMLAttributes } from 'react'
import { IMAGE_NOT_FOUND } from '../../../lib/images.ts'

/** An image that shows the 'Image Not Found' placeholder when it fails to load (spec 001 section 8). */
export function AdminImage({ src, alt, ...rest }: ImgHTMLAttributes<HTMLImageElement> & { src: string; alt: string }) {
  const [failed, setFailed] = useState<string | null>(null)
  const broken = failed === src || src.trim() === ''
  return (
    <img
      {...rest}
      src={broken ? IMAGE_NOT_FOUND : src}
      alt={broken ? (alt ? `Image Not Found: ${alt}` : 'Image Not Found') : alt}
      onError={() => setFailed(src)}
      loading="lazy"
      decoding="async"
    />
  )
}
