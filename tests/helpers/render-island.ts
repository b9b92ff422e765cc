import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { Window } from 'happy-dom'

/**
 * A public island as its page's HTML holds it (React's server render, before hydration), read as a
 * visitor reads it: its headings, texts, links and controls (decision 0704: the islands show the
 * page's items, so what they show is a function of those items, tested here for the made-up and
 * edge cases; the real pages' HTML is the browser tests').
 */
export interface RenderedIsland {
  /** The rendered fragment, to query further. */
  root: Element
  /** Every heading's text, in document order. */
  headings(): string[]
  /** The whole visible text, white space collapsed. */
  text(): string
  /** The texts of the elements with this role (an explicit `role`, or the element it names: button, link, article). */
  byRole(role: 'alert' | 'status' | 'button' | 'link' | 'article' | 'region' | 'listitem'): Element[]
}

const { document } = new Window()

const implicit: Record<string, string> = {
  button: 'button',
  link: 'a[href]',
  article: 'article',
  region: 'section[aria-labelledby], section[aria-label]',
  listitem: 'li',
}

export function renderIsland(element: ReactElement): RenderedIsland {
  const root = document.createElement('div')
  root.innerHTML = renderToStaticMarkup(element)
  return {
    root: root as unknown as Element,
    headings: () => [...root.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => textOf(h as unknown as Element)),
    text: () => textOf(root as unknown as Element),
    byRole: (role) =>
      [
        ...root.querySelectorAll(`[role="${role}"]${implicit[role] ? `, ${implicit[role]}` : ''}`),
      ] as unknown as Element[],
  }
}

/**
 * An element's text as it reads: its text pieces one space apart (a heading and the paragraph after
 * it are two lines, not one word), white space collapsed; screen-reader-only parts included.
 */
export function textOf(element: Element | null | undefined): string {
  const pieces: string[] = []
  const walk = (node: Node) => {
    if (node.nodeType === 3) pieces.push(node.textContent ?? '')
    else node.childNodes.forEach(walk)
  }
  if (element) walk(element)
  return pieces.join(' ').replace(/\s+/g, ' ').trim()
}
