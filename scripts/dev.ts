/**
 * `npm run dev`: the site for changing code, at http://localhost:8888 like `npm start`: the same
 * embedded database, demo content, warm functions (the API) and CDN stand-in, with the pages from
 * Astro's dev server and hot reload instead of a production build (docs/decisions/0701).
 * The tests and a deployed site use `npm start`'s production build.
 */
export {}

const port = Number(process.argv.find((a) => a.startsWith('--port='))?.slice(7) ?? 8888)
// The functions run in this process: they must know the site's address before the env module is read.
process.env.SITE_URL ||= `http://localhost:${port}`
// The channels' credentials are sealed with SECRETS_KEY: the one kept in .data, as `npm start` does.
const { ensureSecretsKey } = await import('./local-platform/secrets-key.ts')
ensureSecretsKey()

const { startSite } = await import('./local-platform/start-site.ts')
await startSite(port, { dev: true })
