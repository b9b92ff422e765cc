import type { AnyExtension } from '@tiptap/core'
import { Image } from '@tiptap/extension-image'
import { Link } from '@tiptap/extension-link'
import { StarterKit } from '@tiptap/starter-kit'

/**
 * What the visual article editor can write (decision 0510): only what the article allow-list
 * (src/lib/sanitize-article.ts) keeps, written as the sanitizer writes it, so that saving never
 * changes what the owner saw. Paragraphs, h2-h6 (the page has its own h1), bold, italic,
 * underline, strike, inline code, lists, quotes, a rule, line breaks, links and images with alt text.
 * No code blocks (their language class would be dropped) and no embeds: the allow-list keeps no
 * iframe, so a YouTube or Twitch video is a link.
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

/**
 * The sanitizer gives outside links rel and target after href (and title), and drops them from
 * links on this site: the editor writes the same attributes in the same order.
 */
const ArticleLink = Link.extend({
  renderHTML({ HTMLAttributes }) {
    const href =
      typeof HTMLAttributes.href === 'string' && isAllowedHref(HTMLAttributes.href) ? HTMLAttributes.href : ''
    const title =
      typeof HTMLAttributes.title === 'string' && HTMLAttributes.title ? { title: HTMLAttributes.title } : {}
    const outside = /^https?:/i.test(href) ? { rel: 'noopener noreferrer nofollow', target: '_blank' } : {}
    return ['a', { href, ...title, ...outside }, 0]
  },
}).configure({
  openOnClick: false,
  autolink: true,
  linkOnPaste: true,
  defaultProtocol: 'https',
  protocols: ['mailto'],
  isAllowedUri: (url) => isAllowedHref(url),
})

/** Pictures load lazily on the public page: the sanitizer adds these two, so the editor writes them too. */
const ArticleImage = Image.extend({
  parseHTML() {
    return [{ tag: 'img[src]:not([src^="data:"])' }]
  },
}).configure({
  inline: false,
  allowBase64: false,
  HTMLAttributes: { loading: 'lazy', decoding: 'async' },
})

export const articleExtensions: AnyExtension[] = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4, 5, 6] },
    codeBlock: false,
    link: false,
  }),
  ArticleLink,
  ArticleImage,
]

/** The HTML of an empty editor: the form holds '' then, so the spec's 'Missing Information' applies. */
export const EMPTY_EDITOR_HTML = '<p></p>'

/** The tags the visual editor keeps (b and i become strong and em, as the page shows them alike). */
const VISUAL_TAGS = new Set(
  'p br hr h2 h3 h4 h5 h6 strong b em i u s code blockquote ul ol li a img'.split(' '),
)

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
