import type { Config } from '@netlify/functions'
import { createOgApp } from '../../src/server/routes/og/og.routes.ts'

const app = createOgApp()

/** Open Graph cards (1200x630 PNG), kept by the CDN: src/server/routes/og/og.routes.ts. */
export default (request: Request) => app.fetch(request)

export const config: Config = { path: '/api/og/*' }
