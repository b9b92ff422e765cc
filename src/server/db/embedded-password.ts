import { readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The embedded database (`npm start` with no DATABASE_URL) asks every client for the password it
 * generated at its first start and keeps in `<DATA_DIR>/db-password`, 0600 in a 0700 folder
 * (decision 0216). No environment here: test set-ups and benchmarks use these for servers of their own.
 */
export const EMBEDDED_PASSWORD_FILE = 'db-password'

/** The embedded database's password, as its server keeps it under `dataDir`. */
export function readEmbeddedPassword(dataDir: string): string {
  const file = path.join(dataDir, EMBEDDED_PASSWORD_FILE)
  try {
    const password = readFileSync(file, 'utf8').trim()
    if (password) return password
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  throw new Error(
    `The embedded database's password (${file}) is missing: start the database first (npm start or npm run db:server), or set DATABASE_URL.`,
  )
}

/** The address of an embedded database server, with its password. */
export function embeddedDatabaseUrl(port: number, password: string): string {
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres?sslmode=disable`
}
