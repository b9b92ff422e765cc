import { IMAGE_NOT_FOUND } from '../../lib/images.ts'

/**
 * A picture that fails to load shows the 'Image Not Found' placeholder, or the image named in its
 * data-fallback attribute (the hero's default). One delegated listener in the capture phase ('error'
 * does not bubble) instead of inline onerror handlers, which a strict CSP forbids.
 */
function replace(img: HTMLImageElement): void {
  const fallback = img.dataset.fallback ?? IMAGE_NOT_FOUND
  if (img.dataset.failed === 'true') return
  img.dataset.failed = 'true'
  img.removeAttribute('srcset')
  img.removeAttribute('sizes')
  img.src = fallback
  if (!img.dataset.fallback) img.alt = img.alt ? `Image Not Found: ${img.alt}` : 'Image Not Found'
}

export function initImageFallback(): void {
  document.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLImageElement) replace(event.target)
    },
    true,
  )
  // Images that failed before this script ran.
  for (const img of Array.from(document.images)) {
    if (img.complete && img.naturalWidth === 0 && img.currentSrc !== '') replace(img)
  }
}
