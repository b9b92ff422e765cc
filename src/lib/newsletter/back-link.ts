import { articleIdOf } from '../audience/visit-rules.ts'
import { sameSitePath } from '../same-site-path.ts'
import { BACK, BACK_TO_ARTICLE } from './texts.ts'

/**
 * Where 'Almost there' leads back to after a sign-up sent without JavaScript (issue 45): the page
 * the form was on, 'Back to the article' when it was an article. None for the home page ('Go Home'
 * is there already), a newsletter page, or a `from` that is not a path on this site.
 */
export function backLink(from: unknown): { href: string; label: string } | undefined {
  const path = sameSitePath(from)
  if (!path) return undefined
  const pathname = path.replace(/[?#].*$/, '')
  if (pathname === '/' || pathname === '/newsletter' || pathname.startsWith('/newsletter/')) return undefined
  return { href: path, label: articleIdOf(pathname) === undefined ? BACK : BACK_TO_ARTICLE }
}
