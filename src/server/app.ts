import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { requestId } from 'hono/request-id'
import { secureHeaders } from 'hono/secure-headers'
import { isProduction } from '../env.server.ts'
import { ApiError, errorResponse } from './http/errors.ts'
import { accessoriesRoutes } from './routes/accessories/accessories.routes.ts'
import { championshipsRoutes, lapTimesRoutes } from './routes/championships/championships.routes.ts'
import { gamesRoutes } from './routes/games/games.routes.ts'
import { imageLibraryRoutes } from './routes/image-library/image-library.routes.ts'
import { newsRoutes } from './routes/news/news.routes.ts'
import { reviewsRoutes } from './routes/reviews/reviews.routes.ts'
import { siteSettingsRoutes } from './routes/site-settings/site-settings.routes.ts'
import { standingsRoutes } from './routes/standings/standings.routes.ts'
import { streamsRoutes } from './routes/streams/streams.routes.ts'

/** JSON bodies larger than this are refused before parsing (uploads have their own route). */
export const maxJsonBody = 1024 * 1024

/**
 * The whole API as one Hono app under /api: mounted by netlify/functions/api.mts,
 * and tested in-process with `createApp().request(...)`.
 */
export function createApp() {
  const app = new Hono().basePath('/api')

  app.use(requestId())
  app.use(
    secureHeaders({
      contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
      strictTransportSecurity: isProduction ? 'max-age=63072000; includeSubDomains' : false,
      referrerPolicy: 'strict-origin-when-cross-origin',
      crossOriginResourcePolicy: 'same-origin',
    }),
  )
  app.use(
    bodyLimit({
      maxSize: maxJsonBody,
      onError: () => {
        throw new ApiError(413, 'The request is too large.')
      },
    }),
  )

  app.route('/games', gamesRoutes)
  app.route('/accessories', accessoriesRoutes)
  app.route('/news', newsRoutes)
  app.route('/championships-standings', standingsRoutes)
  app.route('/championships', championshipsRoutes)
  app.route('/lap-times', lapTimesRoutes)
  app.route('/streams', streamsRoutes)
  app.route('/reviews', reviewsRoutes)
  app.route('/site-settings', siteSettingsRoutes)
  app.route('/image-library', imageLibraryRoutes)

  app.notFound((c) => c.json({ message: 'Not found' }, 404))
  app.onError(errorResponse)
  return app
}

export type App = ReturnType<typeof createApp>
