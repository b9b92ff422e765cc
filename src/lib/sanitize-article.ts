import sanitizeHtml from 'sanitize-html'
import {
  ARTICLE_ATTRIBUTES,
  ARTICLE_TAGS,
  DROPPED_WITH_CONTENT,
  IMAGE_LOADING,
  IMAGE_SCHEMES,
  LINK_SCHEMES,
  OUTSIDE_LINK,
  URL_ATTRIBUTES,
} from './article-allow-list.ts'

/**
 * The article allow-list (article-allow-list.ts) applied with sanitize-html: when an article is
 * written (every write, in the repository: src/server/repos/news.repo.ts) and again when the
 * public page renders it.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: ARTICLE_TAGS,
  allowedAttributes: ARTICLE_ATTRIBUTES,
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesByTag: { img: IMAGE_SCHEMES },
  allowedSchemesAppliedToAttributes: URL_ATTRIBUTES,
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  transformTags: {
    // The page has its own h1.
    h1: 'h2',
    a: (tagName, attribs) => {
      const { target: _target, rel: _rel, ...rest } = attribs
      // Outside links open in a new tab without access to our page.
      if (/^https?:/i.test(rest.href ?? '')) return { tagName, attribs: { ...rest, ...OUTSIDE_LINK } }
      return { tagName, attribs: rest }
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, ...IMAGE_LOADING } }),
  },
}

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, options)
}
