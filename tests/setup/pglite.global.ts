import type { TestProject } from 'vitest/node'
import { startEmbeddedServer } from '../../scripts/lib/embedded-db.ts'
import { runMigrations } from '../../src/server/db/migrate.ts'

/** An in-memory PGlite behind the same socket server `npm start` uses, on a free port. */
export default async function setup(project: TestProject) {
  const server = await startEmbeddedServer({ dataDir: 'memory://', port: 0 })
  const url = `postgres://postgres:postgres@127.0.0.1:${server.port}/postgres?sslmode=disable`
  await runMigrations(url)
  project.provide('databaseUrl', url)
  return () => server.stop()
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string
  }
}
