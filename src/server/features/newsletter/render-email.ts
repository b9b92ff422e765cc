import { convert, type SelectorDefinition } from 'html-to-text'
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'

/**
 * An email's HTML and plain text from its React Email components (decision 0801), rendered here
 * rather than with `@react-email/render`: that package, and the `@react-email/components` barrel,
 * bring Prettier, Tailwind and Prism, which Netlify's bundler copies into every function that sends
 * mail (the API's zip went from 2.6 to 5.2 MB, past its 3 MB budget). What they did that we need is
 * this: static markup with the XHTML doctype mail programs expect, no image preload links (React 19
 * hoists one per <img>), and the same plain-text rules.
 */
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">'

const imagePreload = /<link\b(?=[^>]*\brel="preload")(?=[^>]*\bas="image")[^>]*\/?>/gi

export function emailHtml(element: ReactElement): string {
  return `${DOCTYPE}${renderToStaticMarkup(element).replace(imagePreload, '')}`
}

/**
 * React Email's plain-text rules: no pictures, links as 'text address' unless the text is the
 * address; headings as written (html-to-text writes them in capitals); a title link without its
 * address, which the next link gives (issue 45: the digest's text part gave each address three times).
 */
const selectors: SelectorDefinition[] = [
  { selector: 'img', format: 'skip' },
  { selector: '[data-skip-in-text=true]', format: 'skip' },
  { selector: 'a', options: { linkBrackets: false, hideLinkHrefIfSameAsText: true } },
  { selector: 'a[data-text-link=title]', format: 'anchor', options: { ignoreHref: true } },
  ...['h1', 'h2', 'h3'].map((selector) => ({ selector, format: 'heading', options: { uppercase: false } })),
  ...['td', 'th'].map((selector) => ({
    selector,
    format: 'block',
    options: { leadingLineBreaks: 1, trailingLineBreaks: 1 },
  })),
]

export function emailText(html: string): string {
  return convert(html, { wordwrap: false, selectors })
}
