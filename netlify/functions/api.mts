import type { Config } from '@netlify/functions'
import { createApp } from '../../src/server/app.ts'

const app = createApp()

export default (request: Request) => app.fetch(request)

export const config: Config = { path: '/api/*' }
