import { turnOffTwoFactor } from '../src/server/auth/two-factor.ts'
import { closeDb } from '../src/server/db/client.ts'
import { runMigrations } from '../src/server/db/migrate.ts'
import { ensureDatabase } from './local-platform/database.ts'

/**
 * `npm run admin:reset-2fa`: turns two-factor login off on the configured database (DATABASE_URL,
 * or the embedded one), for the owner who lost the phone and the recovery codes
 * (docs/decisions/0206). Whoever can run this can change the database anyway.
 */
const handle = await ensureDatabase()
try {
  await runMigrations()
  const wasOn = await turnOffTwoFactor()
  console.log(
    wasOn
      ? 'Two-factor login is off: the password alone opens the panel. Set it up again in the System tab.'
      : 'Two-factor login was off already.',
  )
} finally {
  await closeDb()
  await handle.stop()
}
