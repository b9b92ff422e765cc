import type { ChildProcess } from 'node:child_process'
import { spawnDatabaseServer } from '@simracing/local-platform'

/**
 * The embedded database's server as `npm start` runs it: the program scripts/db-server.ts, started
 * as a child process (run, never imported), resolved once it is ready.
 */
export function spawnDbServer(extraEnv: Record<string, string> = {}): Promise<ChildProcess> {
  return spawnDatabaseServer('scripts/db-server.ts', extraEnv)
}
