import type { Config, Context } from '@netlify/functions'
import { createApp } from '../../src/server/app.ts'
import { platformFromEnv } from '../../src/server/platform-from-env.ts'
import type { Platform } from '../../src/server/platform.ts'
import { featureList } from '../../src/server/features/index.ts'

/**
 * The whole API for one platform, and the features' addresses outside it: the counted purchase
 * links `/go/{kind}/{id}` (one function,
 * so a click is served by an instance the pages' beacons keep warm: docs/decisions/0852). Netlify's
 * context (client address, waitUntil) reaches the routes as `c.env.context`. `npm start` serves
 * this with its local platform (scripts/local-platform).
 */
export function handlerFor(platform: Platform) {
  const app = createApp(platform)
  // The features' addresses outside /api (the audience's /go/), each with its own app.
  const outside = featureList.flatMap((f) =>
    f.outsideApi ? [{ prefix: f.outsideApi.prefix, app: f.outsideApi.app() }] : [],
  )
  return (request: Request, context: Context) => {
    const { pathname } = new URL(request.url)
    const other = outside.find((o) => pathname.startsWith(o.prefix))
    return (other?.app ?? app).fetch(request, { context })
  }
}

export default handlerFor(platformFromEnv())

// The Open Graph cards have their own function (og.mts), which keeps the renderer out of this bundle.
export const config: Config = { path: ['/api/*', '/go/*'], excludedPath: '/api/og/*' }
