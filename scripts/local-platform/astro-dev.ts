import { dev } from 'astro'

/**
 * `npm run dev`'s pages: Astro's dev server (Vite, hot reload) on the site's port, with the paths
 * the functions answer (the API, images, Netlify's own paths) passed to the warm local runtime.
 * The dev config (astro.dev.config.mjs) leaves the Netlify adapter out: its dev plugin would answer
 * /api/* with Netlify's slow per-call function runtime instead (docs/decisions/0009, 0701).
 */
export async function startAstroDev(opts: { port: number; host: string; functionsUrl: string }) {
  const target = { target: opts.functionsUrl, changeOrigin: false }
  const server = await dev({
    root: process.cwd(),
    configFile: 'astro.dev.config.mjs',
    logLevel: 'warn',
    server: { port: opts.port, host: opts.host },
    // '/go/': the counted purchase links, answered by the API's function (docs/decisions/0852).
    vite: { server: { proxy: { '/api': target, '/go/': target, '/media': target, '/.netlify': target } } },
  })
  return { stop: () => server.stop() }
}
