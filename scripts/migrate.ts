import { closeDb } from '../src/server/db/client.ts'
import { runMigrations } from '../src/server/db/migrate.ts'
import { ensureDatabase } from './local-platform/database.ts'

const handle = await ensureDatabase()
try {
  await runMigrations()
  console.log('Migrations applied.')
} finally {
  await closeDb()
  await handle.stop()
}
