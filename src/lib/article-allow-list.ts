/**
 * The allow-list for article HTML (issue 4): text formatting, headings, lists, quotes, tables,
 * links and images; no scripts, no event handlers, no styles, no frames, no forms, no SVG, and
 * only http(s), mailto and our own paths as URLs (src/lib/article-markup.ts). One list, applied by
 * the server with sanitize-html (sanitize-article.ts) and by the admin Preview with the browser's
 * own parser (sanitize-article-dom.ts).
 */
export const ARTICLE_TAGS = [
  'p',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'small',
  'mark',
  'blockquote',
  'q',
  'cite',
  'code',
  'pre',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'span',
  'div',
]

export const ARTICLE_ATTRIBUTES: Record<string, string[]> = {
  a: ['href', 'title', 'rel', 'target'],
  img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  ol: ['start', 'reversed'],
}

/** Tags dropped with everything inside them; any other tag not allowed is dropped and its text kept. */
export const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'template',
]

/** URL schemes links may have; images only http(s). A URL without a scheme is a path on this site. */
export const LINK_SCHEMES = ['http', 'https', 'mailto']
export const IMAGE_SCHEMES = ['http', 'https']
/** The attributes that hold a URL. */
export const URL_ATTRIBUTES = ['href', 'src', 'cite']

/**
 * Whether a URL attribute of `tag` must go: a scheme not allowed (javascript:, data:...) once
 * whitespace, control characters and HTML comments are stripped, or a protocol-relative '//host'.
 * The rule of sanitize-html's naughtyHref, which the server applies with these same lists.
 */
export function isUnsafeUrl(tag: string, value: string): boolean {
  let url = value.replace(/[\x00-\x20]+/g, '')
  for (let start = url.indexOf('<!--'); start >= 0; start = url.indexOf('<!--')) {
    const end = url.indexOf('-->', start + 4)
    if (end < 0) break
    url = url.slice(0, start) + url.slice(end + 3)
  }
  const scheme = /^([a-zA-Z][a-zA-Z0-9.\-+]*):/.exec(url)?.[1]?.toLowerCase()
  if (scheme === undefined) return /^[/\\]{2}/.test(url)
  return !(tag === 'img' ? IMAGE_SCHEMES : LINK_SCHEMES).includes(scheme)
}

/** What an outside link gets: it opens in a new tab without access to our page. */
export const OUTSIDE_LINK = { rel: 'noopener noreferrer nofollow', target: '_blank' } as const
/** Images load when they come near the screen. */
export const IMAGE_LOADING = { loading: 'lazy', decoding: 'async' } as const
