/**
 * One in-memory PGlite behind the wire server `npm start` uses, on a free port, as a process of its
 * own: PGlite runs on one thread, so each test database gets its own process (and core) rather
 * than sharing Vitest's main thread. Prints `ready <port>`; stops when its parent is gone.
 */
import { newDatabasePassword, startEmbeddedServer } from '@simracing/local-platform'

// Its own password, handed to the parent on the pipe (never on a command line others can read).
const password = newDatabasePassword()
const server = await startEmbeddedServer({ dataDir: 'memory://', port: 0, password })
process.stdout.write(`ready ${server.port} ${password}\n`)

const stop = () => void server.stop().finally(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
const parent = process.ppid
setInterval(() => {
  if (process.ppid !== parent) stop()
}, 1000).unref()
