/**
 * A picture that fails to load shows the 'Image Not Found' placeholder (named by the layout in
 * `<body data-image-placeholder>`), or the image named in its data-fallback attribute (the hero's
 * default). One delegated listener in the capture phase ('error' does not bubble) instead of inline
 * onerror handlers, which a strict CSP forbids.
 * It imports nothing, so the build writes it into each page: a separate file (and the file it would
 * import) was fetched before the first paint on some pages, and slowed it (issue 11).
 */
function replace(img: HTMLImageElement, placeholder: string): void {
  const fallback = img.dataset.fallback ?? placeholder
  if (img.dataset.failed === 'true') return
  img.dataset.failed = 'true'
  img.removeAttribute('srcset')
  img.removeAttribute('sizes')
  img.src = fallback
  if (!img.dataset.fallback) img.alt = img.alt ? `Image Not Found: ${img.alt}` : 'Image Not Found'
}

export function initImageFallback(): void {
  const placeholder = document.body.dataset.imagePlaceholder ?? ''
  document.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLImageElement) replace(event.target, placeholder)
    },
    true,
  )
  // Images that failed before this script ran.
  for (const img of Array.from(document.images)) {
    if (img.complete && img.naturalWidth === 0 && img.currentSrc !== '') replace(img, placeholder)
  }
}
