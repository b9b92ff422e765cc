/**
 * The embedded database server: PGlite persisted under DATA_DIR/pglite, on 127.0.0.1:EMBEDDED_DB_PORT.
 * `npm start` runs it as a child process; run it alone with `npm run db:server`.
 * Prints one line `ready <port>` when it accepts connections; only clients with the password it keeps
 * in DATA_DIR/db-password get in (decision 0216).
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { newDatabasePassword, startEmbeddedServer } from '@simracing/local-platform'
import { env } from '../src/env.server.ts'
import { EMBEDDED_PASSWORD_FILE, readEmbeddedPassword } from '../src/server/db/embedded-password.ts'
import { ensurePrivateDir, writePrivateFile } from './local-platform/private-files.ts'

/**
 * The embedded database's password, generated at the first start and kept in `<dataDir>/db-password`
 * (0600 in a 0700 folder): every process of the site and every script reads it from there
 * (src/server/db/database-url.ts, decision 0216).
 */
function ensureEmbeddedPassword(dataDir: string): string {
  if (!existsSync(path.join(dataDir, EMBEDDED_PASSWORD_FILE))) {
    writePrivateFile(path.join(dataDir, EMBEDDED_PASSWORD_FILE), `${newDatabasePassword()}\n`)
  }
  return readEmbeddedPassword(dataDir)
}

ensurePrivateDir(env.DATA_DIR)
const dataDir = path.join(env.DATA_DIR, 'pglite')
const password = ensureEmbeddedPassword(env.DATA_DIR)
const server = await startEmbeddedServer({ dataDir, port: env.EMBEDDED_DB_PORT, password })
process.stdout.write(`ready ${server.port}\n`)

let stopping = false
async function shutdown() {
  if (stopping) return
  stopping = true
  await server.stop()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)

// Started by `npm start`: never outlive it (a killed parent must not leave the database port taken).
const parent = process.ppid
setInterval(() => {
  if (process.ppid !== parent) void shutdown()
}, 1000).unref()
