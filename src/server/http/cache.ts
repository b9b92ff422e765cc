import type { MiddlewareHandler } from 'hono'

/**
 * Public GET answers: browsers revalidate every time; Netlify's CDN keeps them until a write
 * purges their tags (src/server/publish), with a bounded lifetime in case a purge is missed.
 */
export function publicCache(...tags: string[]): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (c.req.method !== 'GET' || c.res.status !== 200) return
    c.header('Cache-Control', 'public, max-age=0, must-revalidate')
    c.header('Netlify-CDN-Cache-Control', 'public, durable, max-age=3600, stale-while-revalidate=60')
    c.header('Netlify-Cache-Tag', tags.join(','))
    c.header('Cache-Tag', tags.join(','))
  }
}

export function noStore(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    c.header('Cache-Control', 'no-store')
  }
}
