import type { AstroGlobal } from 'astro'
import { isDatabaseAway } from '../db/connection-failure.ts'

/**
 * A list page's data, or undefined when the database is away: the page then answers 503 with
 * Retry-After, never kept at the CDN (src/middleware.ts), and its island shows the screen's error
 * panel of spec 000 ('Failed to Load Games'...) in the site's shell (decision 0704). Any other
 * failure is the error page's (500).
 */
export async function listPageData<T>(astro: AstroGlobal, read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read()
  } catch (error) {
    if (!isDatabaseAway(error)) throw error
    astro.response.status = 503
    astro.response.headers.set('Retry-After', '30')
    return undefined
  }
}
