/**
 * `npm run build`: the Netlify build command. Applies migrations, then pre-renders the site from
 * the database into dist/. Under `npm start` the runner has already built dist/, so this is a no-op.
 */
import { env } from '../src/env.server.ts'
import { closeDb } from '../src/server/db/client.ts'
import { runMigrations } from '../src/server/db/migrate.ts'
import { ensureDatabase } from './lib/database.ts'
import { astroBuild, publishDir } from './lib/site-build.ts'

if (env.SITE_PREBUILT) {
  console.log('Site already built by the local runner: skipping.')
} else {
  const handle = await ensureDatabase()
  try {
    await runMigrations()
    await closeDb()
    await astroBuild(publishDir)
    console.log(`Site built into ${publishDir}/.`)
  } finally {
    await handle.stop()
  }
}
