/**
 * `npm run build`: the Netlify build command. Applies migrations, then pre-renders the site from
 * the database into dist/. (`npm start` builds by itself, into its own folder.)
 */
import { closeDb } from '../src/server/db/client.ts'
import { runMigrations } from '../src/server/db/migrate.ts'
import { ensureDatabase } from './local-platform/database.ts'
import { astroBuild, publishDir } from '@simracing/local-platform'

const handle = await ensureDatabase()
try {
  await runMigrations()
  await closeDb()
  await astroBuild(publishDir)
  console.log(`Site built into ${publishDir}/.`)
} finally {
  await handle.stop()
}
