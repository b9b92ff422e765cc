/**
 * `npm start`: the whole site on this machine, with demo content, at http://localhost:8888.
 *
 *   1. the embedded database (PGlite under .data/) unless DATABASE_URL is set
 *   2. migrations, then the demo content when the database is empty
 *   3. one Astro build (code, not content) into <DATA_DIR>/site/builds/<time>, with
 *      <DATA_DIR>/site/dist pointing at it
 *   4. the local runtime in this process (packages/local-platform): the functions of
 *      netlify/functions and the build's pages function loaded once and kept warm, behind a CDN
 *      stand-in that keeps pages until a write purges their tags (decisions 0700, 0703); static
 *      files, redirects, headers, the Image CDN and Blobs from Netlify's own local runtime library;
 *      the scheduled functions ticked every minute (they send the purges a script's writes owed)
 *
 * It listens on 127.0.0.1 (HOST to change it). Ctrl-C stops everything; a second start keeps all data.
 */
export {}

const port = Number(process.argv.find((a) => a.startsWith('--port='))?.slice(7) ?? 8888)
// The functions run in this process: they must know the site's address before the env module is read.
process.env.SITE_URL ||= `http://localhost:${port}`
// The channels' credentials are sealed with SECRETS_KEY: unset, the one kept in .data (made once).
const { ensureSecretsKey } = await import('./local-platform/secrets-key.ts')
ensureSecretsKey()

const { startSite } = await import('./local-platform/start-site.ts')
// The end-to-end site (scripts/e2e-server.ts) lets its tests run the scheduler's tick at a given time,
// and shares one build with the other sites of its test run.
await startSite(port, {
  testControls: process.argv.includes('--test-controls'),
  sharedBuild: process.argv.find((a) => a.startsWith('--shared-build='))?.slice('--shared-build='.length),
})
