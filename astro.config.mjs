// @ts-check
import { defineConfig } from 'astro/config'
import react from '@astrojs/react'
import netlify from '@astrojs/netlify'
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
  // Pages are pre-rendered unless they say `prerender = false`: the pages whose HTML depends on
  // content are rendered on demand by one function and kept at Netlify's CDN until a write purges
  // their tags (docs/decisions/0700); the admin shell and the 404 page stay pre-rendered.
  output: 'static',
  adapter: netlify({ middlewareMode: 'classic', imageCDN: true }),
  // Astro's route caching: a page says its tags (`Astro.cache.set`), this provider writes the CDN's headers.
  cache: { provider: { name: 'netlify-cdn', entrypoint: './src/server/pages/cache-provider.ts' } },
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  integrations: [react(), closeDatabase],
  vite: {
    plugins: [tailwindcss()],
    build: {
      rolldownOptions: {
        output: {
          // React, React DOM, the scheduler and Astro's React renderer in one file: every island
          // needs all of them, and as half a dozen small files each one cost a request (and ~0.6 KB
          // of headers) before the page could hydrate (issue 11).
          codeSplitting: {
            groups: [
              {
                name: 'react',
                test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/,
                priority: 10,
              },
              // The typed API client (and Hono's client under it) on its own: the admin gate needs it
              // without the public pieces below.
              {
                name: 'api-client',
                test: /[\\/]src[\\/]lib[\\/](api-client|http-error)\.ts$|node_modules[\\/]hono[\\/]/,
                priority: 8,
              },
              // What the public islands share (formatters, the picture, the badge, the re-read hook):
              // one file instead of a dozen of half a kilobyte, each costing a request and its headers.
              {
                name: 'public',
                test: /[\\/]src[\\/](components[\\/]public[\\/]|components[\\/]ui[\\/](badge|icons|responsive-image|search-field|skeleton-grid|state-panel|use-hydrated)\.tsx?$|lib[\\/](dates|excerpt|images|search|streams|news-pages|news-category|scroll-memory|hardware-sort|game-rating|review-rating|championship-name|standings|lap-time|public-types)\.ts$)/,
                minShareCount: 2,
                priority: 5,
              },
            ],
          },
        },
      },
    },
  },
  // Content-Security-Policy without 'unsafe-inline' for scripts: Astro hashes the inline scripts of
  // its islands and writes the policy into each page's <meta> (docs/decisions/0101-csp-meta-from-astro.md).
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' data: blob: https:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ],
      // Inline style attributes (React style props, the hero overlay) are allowed; style elements are hashed.
      styleDirective: { resources: ["'self'", { resource: "'unsafe-inline'", kind: 'attribute' }] },
    },
  },
})
