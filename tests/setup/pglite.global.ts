import { spawn, type ChildProcess } from 'node:child_process'
import type { TestProject } from 'vitest/node'
import { stopChild } from '@simracing/local-platform'
import { embeddedDatabaseUrl } from '../../src/server/db/embedded-password.ts'
import { runMigrations } from '../../src/server/db/migrate.ts'
import { TEST_WORKERS } from './workers.ts'

/** One in-memory PGlite per worker slot, each in its own process (tests/setup/pglite-server.ts). */
export default async function setup(project: TestProject) {
  const servers = await Promise.all(Array.from({ length: TEST_WORKERS }, startPglite))
  try {
    const urls = servers.map(({ port, password }) => embeddedDatabaseUrl(port, password))
    await Promise.all(urls.map((url) => runMigrations(url)))
    project.provide('databaseUrls', urls)
  } catch (error) {
    await Promise.all(servers.map(({ child }) => stopChild(child)))
    throw error
  }
  return () => Promise.all(servers.map(({ child }) => stopChild(child))).then(() => {})
}

function startPglite(): Promise<{ child: ChildProcess; port: number; password: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/setup/pglite-server.ts'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const ready = /ready (\d+) (\S+)\n/.exec(out)
      if (ready) resolve({ child, port: Number(ready[1]), password: ready[2]! })
    })
    child.once('exit', (code) => reject(new Error(`the PGlite test server exited (${code}) before it was ready`)))
  })
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One database per worker slot (tests/setup/workers.ts). */
    databaseUrls: string[]
  }
}
