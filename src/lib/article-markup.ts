/**
 * The rules of article markup the admin form needs without loading the editor (Tiptap is its own
 * chunk; decision 0510): which links and images the article sanitizer keeps, and which tags the
 * visual editor keeps.
 */

/** Link addresses the sanitizer keeps: http(s), mailto and paths on this site. */
export function isAllowedHref(href: string | null | undefined): boolean {
  if (!href) return false
  const value = href.trim()
  if (value.startsWith('//')) return false
  if (/^(https?:|mailto:)/i.test(value)) return true
  // A path, a fragment or a query on this site: no scheme at all.
  return /^[/#?]/.test(value)
}

/** Image addresses the sanitizer keeps: http(s) and paths on this site (library images are /media/...). */
export function isAllowedImageSrc(src: string | null | undefined): boolean {
  if (!src) return false
  const value = src.trim()
  return /^https?:\/\//i.test(value) || (value.startsWith('/') && !value.startsWith('//'))
}

/** The tags the visual editor keeps (b and i become strong and em, as the page shows them alike). */
const VISUAL_TAGS = new Set('p br hr h2 h3 h4 h5 h6 strong b em i u s code blockquote ul ol li a img'.split(' '))

/**
 * The first tag of an article the visual editor would drop (a table, a figure, a div...): such an
 * article opens in the HTML view, so that no edit loses what the sanitizer kept. Null when the
 * visual editor keeps everything.
 */
export function unsupportedTag(html: string): string | null {
  for (const match of html.matchAll(/<([a-zA-Z][a-zA-Z0-9]*)\b/g)) {
    const tag = match[1]!.toLowerCase()
    if (!VISUAL_TAGS.has(tag)) return tag
  }
  return null
}
