import {
  ARTICLE_ATTRIBUTES,
  ARTICLE_TAGS,
  DROPPED_WITH_CONTENT,
  IMAGE_LOADING,
  isUnsafeUrl,
  OUTSIDE_LINK,
  URL_ATTRIBUTES,
} from './article-allow-list.ts'

const allowedTags = new Set(ARTICLE_TAGS)
const droppedWithContent = new Set(DROPPED_WITH_CONTENT)

/**
 * The article allow-list (article-allow-list.ts) applied in the browser, for the admin Preview,
 * which renders an article's HTML as the public page does. The server stores only sanitized HTML
 * (src/server/repos/news.repo.ts); this is the second lock, on the element that renders it
 * (issue 31, decision 0516: a restored meta refresh took the Preview to another site). sanitize-html
 * would add about 250 KB to the admin island, so the browser's own parser does the parsing: the
 * content of a template element is inert (nothing in it runs, loads or navigates), and what is left
 * of it is the same HTML sanitize-html keeps (sanitize-article-dom.test.ts holds them equal).
 */
export function sanitizeArticleHtmlInBrowser(html: string): string {
  const template = document.createElement('template')
  template.innerHTML = html
  clean(template.content)
  return template.innerHTML
}

function clean(parent: Element | DocumentFragment): void {
  for (const node of [...parent.childNodes]) {
    if (node.nodeType === node.TEXT_NODE) continue
    if (node.nodeType !== node.ELEMENT_NODE) {
      node.remove() // comments, processing instructions
      continue
    }
    const element = node as Element
    const tag = element.localName
    if (droppedWithContent.has(tag) || element.namespaceURI !== 'http://www.w3.org/1999/xhtml') {
      element.remove()
      continue
    }
    clean(element)
    if (tag === 'h1') {
      const heading = element.ownerDocument.createElement('h2')
      heading.append(...element.childNodes)
      element.replaceWith(heading)
      continue
    }
    if (!allowedTags.has(tag)) {
      // Dropped, its text kept (sanitize-html's 'discard').
      element.replaceWith(...element.childNodes)
      continue
    }
    keepAllowedAttributes(element, tag)
  }
}

function keepAllowedAttributes(element: Element, tag: string): void {
  const allowed = ARTICLE_ATTRIBUTES[tag] ?? []
  for (const { name, value } of [...element.attributes]) {
    const keep = allowed.includes(name) && !(URL_ATTRIBUTES.includes(name) && isUnsafeUrl(tag, value))
    if (!keep) element.removeAttribute(name)
  }
  if (tag === 'a') {
    element.removeAttribute('rel')
    element.removeAttribute('target')
    if (/^https?:/i.test(element.getAttribute('href') ?? '')) {
      for (const [name, value] of Object.entries(OUTSIDE_LINK)) element.setAttribute(name, value)
    }
  }
  if (tag === 'img') for (const [name, value] of Object.entries(IMAGE_LOADING)) element.setAttribute(name, value)
}
