import { env } from '../../env.server.ts'

/**
 * The site's public address for a page's absolute links (canonical, Open Graph, sitemap, feeds,
 * calendar feeds), ending in '/'. The running process's address where it has one (`SITE_URL`, or
 * Netlify's `URL`), else the address the build was given (Astro's `site`): so one build serves the
 * three end-to-end sites, each on its own port, as it serves production under its one address
 * (docs/testing.md).
 */
export function siteAddress(built: URL | undefined): string {
  const running = env.SITE_URL ?? env.URL
  if (running) return `${running.replace(/\/$/, '')}/`
  return built?.href ?? 'http://localhost:8888/'
}
