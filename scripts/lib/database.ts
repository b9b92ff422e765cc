import { spawn, type ChildProcess } from 'node:child_process'
import { env, usesEmbeddedDatabase } from '../../src/env.server.ts'
import { portAnswers } from './embedded-db.ts'

export interface DatabaseHandle {
  /** The child process that serves the embedded database, when this call started it. */
  child?: ChildProcess
  stop(): Promise<void>
}

/** Starts `scripts/db-server.ts` as a child and resolves once it prints `ready`. */
export function spawnDbServer(extraEnv: Record<string, string> = {}): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/db-server.ts'], {
      env: { ...process.env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      if (out.includes('ready ')) resolve(child)
    })
    child.once('exit', (code) => reject(new Error(`database server exited with code ${code} before it was ready`)))
  })
}

export function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill(signal)
  })
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
