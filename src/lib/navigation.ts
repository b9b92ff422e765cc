import { publicPages } from './public-pages.ts'

/**
 * The site's links, in header order (spec 000 section 2), from the one list of public pages. The
 * footer's quick links leave Home out.
 */
export const navLinks: readonly { href: string; label: string }[] = publicPages.flatMap((page) =>
  page.nav ? [{ href: page.path, label: page.nav }] : [],
)

export const footerLinks = navLinks.filter((l) => l.href !== '/')

/** Home is active only on exactly '/'; the others by path prefix ('/news/12' highlights News). */
export function isActiveLink(pathname: string, href: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (href === '/') return path === '/'
  return path === href || path.startsWith(`${href}/`)
}

/**
 * Where the header search goes: the news route with the trimmed, URL-encoded term;
 * null (the submit is ignored) when the text is empty or white space.
 */
export function newsSearchUrl(text: string): string | null {
  const term = text.trim()
  return term === '' ? null : `/news?search=${encodeURIComponent(term)}`
}
