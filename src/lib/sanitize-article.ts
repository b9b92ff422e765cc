import sanitizeHtml from 'sanitize-html'

/**
 * The allow-list for article HTML (issue 4): applied when an article is written and again when
 * the public page renders it. Text formatting, headings, lists, quotes, tables, links and
 * images; no scripts, no event handlers, no styles, no frames, no forms, no SVG, and only
 * http(s), mailto and our own paths as URLs.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
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
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start', 'reversed'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
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
  ],
  transformTags: {
    // The page has its own h1.
    h1: 'h2',
    a: (tagName, attribs) => {
      const { target: _target, rel: _rel, ...rest } = attribs
      // Outside links open in a new tab without access to our page.
      if (/^https?:/i.test(rest.href ?? ''))
        return { tagName, attribs: { ...rest, rel: 'noopener noreferrer nofollow', target: '_blank' } }
      return { tagName, attribs: rest }
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } }),
  },
}

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, options)
}
