import type { Config, Context } from '@netlify/functions'
import { createApp } from '../../src/server/app.ts'
import { platformFromEnv, type Platform } from '../../src/server/platform.ts'

/**
 * The whole API for one platform: Netlify's context (client address, waitUntil) reaches the routes
 * as `c.env.context`. `npm start` serves this with its local platform (scripts/local-platform).
 */
export function handlerFor(platform: Platform) {
  const app = createApp(platform)
  return (request: Request, context: Context) => app.fetch(request, { context })
}

export default handlerFor(platformFromEnv())

// The Open Graph cards have their own function (og.mts), which keeps the renderer out of this bundle.
export const config: Config = { path: '/api/*', excludedPath: '/api/og/*' }
