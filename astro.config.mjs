// @ts-check
import { defineConfig } from 'astro/config'
import react from '@astrojs/react'
import tailwindcss from '@tailwindcss/vite'
import { siteUrl } from './src/env.server.ts'

/** Build-time database connections are closed once the pages are written, so the build can exit. */
const closeDatabase = {
  name: 'close-database',
  hooks: {
    'astro:build:done': async () => {
      const { closeDb } = await import('./src/server/db/client.ts')
      await closeDb()
    },
  },
}

export default defineConfig({
  site: siteUrl,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [react(), closeDatabase],
  vite: { plugins: [tailwindcss()] },
})
