/**
 * The pages of a site being changed: Astro's dev server (Vite, hot reload) on the site's port, with
 * the paths the functions answer (the API, images, Netlify's own paths) passed to the warm local
 * runtime at `functionsUrl`. `configFile` should leave the Netlify adapter out: its dev plugin would
 * answer /api/* with Netlify's slow per-call function runtime instead (docs/decisions/0009, 0701).
 */
export async function startAstroDev(opts: { port: number; host: string; functionsUrl: string; configFile: string }) {
  const target = { target: opts.functionsUrl, changeOrigin: false }
  // Loaded here, not at the top: the package's index stays cheap to import for its small helpers.
  const { dev } = await import('astro')
  const server = await dev({
    root: process.cwd(),
    configFile: opts.configFile,
    logLevel: 'warn',
    server: { port: opts.port, host: opts.host },
    // '/go/': the counted purchase links, answered by the API's function (docs/decisions/0852).
    vite: { server: { proxy: { '/api': target, '/go/': target, '/media': target, '/.netlify': target } } },
  })
  return { stop: () => server.stop() }
}
