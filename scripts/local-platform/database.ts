import type { ChildProcess } from 'node:child_process'
import { portAnswers, spawnDatabaseServer, stopChild } from '@simracing/local-platform'
import { env, usesEmbeddedDatabase } from '../../src/env.server.ts'

/** The program that serves the embedded database (`npm run db:server`); it prints `ready <port>`. */
export const DB_SERVER_SCRIPT = 'scripts/db-server.ts'

export interface DatabaseHandle {
  /** The child process that serves the embedded database, when this call started it. */
  child?: ChildProcess
  stop(): Promise<void>
}

/** Starts the embedded database server as a child and resolves once it is ready. */
export function spawnDbServer(extraEnv: Record<string, string> = {}): Promise<ChildProcess> {
  return spawnDatabaseServer(DB_SERVER_SCRIPT, extraEnv)
}

/**
 * Makes sure a database answers: with DATABASE_URL nothing is started; otherwise the embedded
 * server is used when it already runs (npm start), or started for the duration of the caller.
 */
export async function ensureDatabase(): Promise<DatabaseHandle> {
  if (!usesEmbeddedDatabase || (await portAnswers(env.EMBEDDED_DB_PORT))) {
    return { stop: async () => {} }
  }
  const child = await spawnDbServer()
  return { child, stop: () => stopChild(child) }
}
