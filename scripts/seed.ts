import { closeDb } from '../src/server/db/client.ts'
import { runMigrations } from '../src/server/db/migrate.ts'
import { ensureDatabase } from './local-platform/database.ts'
import { seedDemoContent } from '../src/server/demo/seed.ts'

const handle = await ensureDatabase()
try {
  await runMigrations()
  const wrote = await seedDemoContent()
  console.log(wrote ? 'Demo content written.' : 'Database already has content: nothing seeded.')
} finally {
  await closeDb()
  await handle.stop()
}
