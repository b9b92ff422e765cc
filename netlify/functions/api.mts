import type { Config, Context } from '@netlify/functions'
import { createApp } from '../../src/server/app.ts'

const app = createApp()

/** The whole API: Netlify's context (client address among it) reaches the routes as `c.env.context`. */
export default (request: Request, context: Context) => app.fetch(request, { context })

// The Open Graph cards have their own function (og.mts), which keeps the renderer out of this bundle.
export const config: Config = { path: '/api/*', excludedPath: '/api/og/*' }
