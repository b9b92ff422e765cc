import { env, usesEmbeddedDatabase } from '../../env.server.ts'
import { embeddedDatabaseUrl, readEmbeddedPassword } from './embedded-password.ts'

/**
 * Where the code finds its database: DATABASE_URL, or the embedded server of `npm start` on
 * 127.0.0.1 with the password it keeps under DATA_DIR (decision 0216). Read when a connection is
 * made, not at import: a process may import this before the database server has written the file.
 */
export function databaseUrl(): string {
  if (!usesEmbeddedDatabase) return env.DATABASE_URL!
  return embeddedDatabaseUrl(env.EMBEDDED_DB_PORT, readEmbeddedPassword(env.DATA_DIR))
}
