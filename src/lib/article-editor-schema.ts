import type { AnyExtension } from '@tiptap/core'
import { Image } from '@tiptap/extension-image'
import { Link } from '@tiptap/extension-link'
import { StarterKit } from '@tiptap/starter-kit'
import { isAllowedHref } from './article-markup.ts'

/**
 * What the visual article editor can write (decision 0510): only what the article allow-list
 * (src/lib/sanitize-article.ts) keeps, written as the sanitizer writes it, so that saving never
 * changes what the owner saw. Paragraphs, h2-h6 (the page has its own h1), bold, italic,
 * underline, strike, inline code, lists, quotes, a rule, line breaks, links and images with alt text.
 * No code blocks (their language class would be dropped) and no embeds: the allow-list keeps no
 * iframe, so a YouTube or Twitch video is a link.
 */

/**
 * The sanitizer gives outside links rel and target after href (and title), and drops them from
 * links on this site: the editor writes the same attributes in the same order.
 * The extension makes its mark inclusive whenever autolink is on, so the period typed right after
 * a new link joined it; not inclusive, text typed at a link's end stays outside it (autolink does
 * not need it: it links a typed address when the word ends).
 */
const ArticleLink = Link.extend({
  inclusive() {
    return false
  },
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
